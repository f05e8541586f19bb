"""Players that see only their own side's observation.

Importing the package fills the registries once: :data:`BOTS` by the modules
that define bots (the baseline bots, the minimax yardstick, the search
levels) and the search's per-game searchers by :mod:`.card_search`.
"""

from . import baseline, card_search, minimax, search  # noqa: F401  (they register themselves)
from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
