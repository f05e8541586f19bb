"""The store's one error, apart so that the archive tables mixed into the store can raise it too."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be used (corrupt, read-only, full, from a newer server...)."""
