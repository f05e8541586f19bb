"""The client's one worker thread for bots' searches, hints and analysis: the screen never waits on a search."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

_POOL: ThreadPoolExecutor | None = None


def bot_pool() -> ThreadPoolExecutor:
    """One worker thread for bots' searches (at exit Python lets a running search finish)."""
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _POOL
