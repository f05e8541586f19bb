"""Mr. Jack: Pocket, London and New York, as one Python game."""

__version__ = "0.1.0"
