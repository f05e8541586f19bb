"""Mr. Jack Pocket: the 3x3 district, three detectives and four action tokens."""

from .data import DATA, Character
from .state import VOCAB, PocketState

__all__ = ["DATA", "VOCAB", "Character", "PocketState", "Pocket"]


class Pocket:
    """Rule-set metadata, as the registry lists it."""

    name = "pocket"
    title = "Mr. Jack Pocket"
    aliases = ("mr-jack-pocket", "jack-pocket")
    state_class = PocketState
    vocabulary = VOCAB
    max_game_length = PocketState.max_game_length

    @staticmethod
    def new(seed: int) -> PocketState:
        return PocketState.new(seed)

    @staticmethod
    def parse_state(text: str) -> PocketState:
        return PocketState.parse(text)
