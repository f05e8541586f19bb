"""The opponents a player picks on the New game screen: the bots' and the styles' names and help,
shared by the screen and by the game's status line."""

from __future__ import annotations

from ..bots.personality import PERSONAL_LEVELS, PERSONALITIES
from .i18n import N_, _

BOT_LABELS = {"random": N_("Random"), "greedy": N_("Greedy"), "easy": N_("Easy"), "normal": N_("Normal"),
              "hard": N_("Hard"), "expert": N_("Expert"), "minimax": N_("Minimax")}
BOT_HELP = {
    "random": N_("Plays any legal move: good for learning the rules."),
    "greedy": N_("Looks one move ahead and splits the suspects well."),
    "easy": N_("Thinks a little ahead: a gentle opponent."),
    "normal": N_("Thinks ahead with care: a fair opponent."),
    "hard": N_("Thinks hard before each move: a strong opponent."),
    "expert": N_("Thinks up to three seconds a move: the strongest opponent."),
    "minimax": N_("Weighs every reply to the end of the round: a different kind of opponent."),
}
BOT_ORDER = ("random", "greedy", "minimax", "easy", "normal", "hard", "expert")
#: A searching level's personality (``game/bots/personalities.json``), "plain" for none.
STYLE_LABELS = {"plain": N_("Plain"), "shadow": N_("Shadow"), "hoarder": N_("Hoarder")}
STYLE_HELP = {
    "shadow": N_("As Jack keeps to the dark, as investigator keeps suspects in sight, whenever it costs little."),
    "hoarder": N_("Draws alibi cards whenever it costs little, on either side."),
}


def style_names() -> list[str]:
    """The personalities a player picks from, "plain" first."""
    return ["plain", *(n for n in PERSONALITIES if n in STYLE_LABELS)]


def bot_spec(level: str, style: str | None) -> str:
    """The bot a game is played against: ``hard``, or ``hard+shadow`` with a personality."""
    if style in (None, "plain") or level not in PERSONAL_LEVELS:
        return level
    return f"{level}+{style}"


def bot_label(spec: str) -> str:
    """The bot as the player chose it, in the language shown: "Hard", "Hard · Shadow"."""
    level, _plus, style = spec.partition(":")[0].partition("+")
    label = _(BOT_LABELS[level]) if level in BOT_LABELS else level.title()
    if style:
        label += " · " + (_(STYLE_LABELS[style]) if style in STYLE_LABELS else style.title())
    return label
