"""Mr. Jack in New York: the Manhattan hex board, eight characters, tokens and the informant."""

from .data import DATA, Character
from .state import VOCAB, NewYorkState

__all__ = ["DATA", "VOCAB", "Character", "NewYorkState", "NewYork"]


class NewYork:
    """Rule-set metadata, as the registry lists it."""

    name = "newyork"
    title = "Mr. Jack in New York"
    aliases = ("new-york", "ny", "mr-jack-new-york", "manhattan")
    state_class = NewYorkState
    vocabulary = VOCAB
    max_game_length = NewYorkState.max_game_length

    @staticmethod
    def new(seed: int) -> NewYorkState:
        return NewYorkState.new(seed)

    @staticmethod
    def parse_state(text: str) -> NewYorkState:
        return NewYorkState.parse(text)
