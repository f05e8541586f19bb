"""Players that see only their own side's observation.

Importing the package fills the registries once: :data:`BOTS` by the modules
that define bots (the baseline bots, the minimax yardstick, the search
levels, in that order), the per-game searches by :mod:`.card_search` (which the
levels import) and the two-core search by :mod:`.parallel`.
"""

from . import baseline, minimax, search  # noqa: F401  (they register their bots, in this order)
from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]

# The two-core search registers itself with the search, after the bots above.
from . import parallel  # noqa: E402, F401
