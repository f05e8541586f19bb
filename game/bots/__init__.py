"""Players that see only their own side's observation.

Importing the package fills the registries once: :data:`BOTS` by the modules
that define bots (the baseline bots, the minimax yardstick, the search
levels, in that order) and the search's per-game searchers by :mod:`.card_search`.
"""

from . import baseline, minimax, search  # noqa: F401  (they register their bots, in this order)
from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]

# The card games' search and the two-core search register themselves with the search, after the bots above.
from . import card_search, parallel  # noqa: E402, F401
