"""Mr. Jack (London): the Whitechapel hex board, eight characters and their powers."""

from .data import DATA, Character
from .state import VOCAB, LondonState

__all__ = ["DATA", "VOCAB", "Character", "LondonState", "London"]


class London:
    """Rule-set metadata, as the registry lists it."""

    name = "london"
    title = "Mr. Jack (London)"
    aliases = ("mr-jack", "mr-jack-london", "whitechapel")
    editions = tuple(sorted(DATA.editions))
    default_edition = DATA.default_edition
    state_class = LondonState
    vocabulary = VOCAB
    max_game_length = LondonState.max_game_length

    @staticmethod
    def new(seed: int, edition: str | None = None) -> LondonState:
        """:raises ValueError: for an unknown edition."""
        return LondonState.new(seed, edition)

    @staticmethod
    def parse_state(text: str) -> LondonState:
        return LondonState.parse(text)
