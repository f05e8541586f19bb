"""Players that see only their own side's observation."""

from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
