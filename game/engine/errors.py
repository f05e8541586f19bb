"""The two ways an action can be refused, both :class:`ValueError`."""


class ParseError(ValueError):
    """Text that is not the text form of any action or state."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow in this state."""
