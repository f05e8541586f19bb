"""The rules of the three games: pure, deterministic, no UI or network.

Nothing here imports pygame or twisted, reads the clock, or uses the global
random generator; chance comes from a seeded generator held in the state.
"""

from .actions import Action, Vocabulary
from .core import Outcome, Side, Termination, ToMove
from .errors import IllegalActionError, ParseError
from .rulesets import RULESETS, find_ruleset, parse_state

__all__ = ["Action", "Vocabulary", "Outcome", "Side", "Termination", "ToMove",
           "IllegalActionError", "ParseError", "RULESETS", "find_ruleset", "parse_state"]
