"""Building one move from clicks and keys: token, then target(s), then confirm.

A :class:`Picker` holds the player's half-made choice.  It knows nothing of
pixels: the game scene turns mouse and keys into calls such as
``pick_cell(4)`` or ``pick_direction(1)``.  Every option it offers comes
from the observation's ``legal_actions()``: the client never decides a
rule.  A refused pick returns a short message saying why (shown to the
player); an accepted one returns ``None``.
"""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.pocket.state import DETECTIVES, TOKENS, PocketState
from .. import texts
from ..i18n import _

TOKEN, TARGET, SECOND, DIRECTION, CONFIRM = "token", "target", "second", "direction", "confirm"


def face_of(action: Action) -> str:
    """The token face an action is played with."""
    return action.kind


class Picker:
    """The move being chosen by the side to act in ``obs``."""

    def __init__(self, obs: PocketState) -> None:
        self.obs = obs
        self.legal = list(obs.legal_actions())
        self.side = obs.to_move().side
        self.token: int | None = None
        self.first: int | None = None
        self.pending: Action | None = None

    # ------------------------------------------------------------ queries
    @property
    def stage(self) -> str:
        if self.pending is not None:
            return CONFIRM
        if self.token is None:
            return TOKEN
        face = self.face
        if face == "rotate" and self.first is not None:
            return DIRECTION
        if face == "exchange" and self.first is not None:
            return SECOND
        return TARGET

    @property
    def face(self) -> str | None:
        return None if self.token is None else self.face_at(self.token)

    def face_at(self, t: int) -> str:
        faces = self.obs.faces
        assert faces is not None
        return TOKENS[t][faces[t]]

    def actions_for(self, face: str) -> list[Action]:
        return [a for a in self.legal if face_of(a) == face]

    def playable_tokens(self) -> list[int]:
        if self.obs.faces is None:
            return []
        return [t for t in range(4) if not self.obs.used[t] and self.actions_for(self.face_at(t))]

    def position_targets(self) -> dict[int, list[int]]:
        """Lane positions a detective may reach now -> the detectives that would go there."""
        out: dict[int, list[int]] = {}
        face = self.face
        if face in DETECTIVES and self.stage == TARGET:
            d = DETECTIVES.index(face)
            for a in self.actions_for(face):
                out.setdefault((self.obs.detectives[d] + int(a.args[0])) % 12, []).append(d)
        elif face == "joker" and self.stage == TARGET:
            for a in self.actions_for("joker"):
                if a.args[0] != "none":
                    d = DETECTIVES.index(str(a.args[0]))
                    out.setdefault((self.obs.detectives[d] + 1) % 12, []).append(d)
        return out

    def detective_targets(self) -> set[int]:
        if self.face == "joker" and self.stage == TARGET:
            return {DETECTIVES.index(str(a.args[0])) for a in self.actions_for("joker") if a.args[0] != "none"}
        return set()

    def cell_targets(self) -> set[int]:
        face, stage = self.face, self.stage
        if face == "rotate" and stage in (TARGET, DIRECTION):
            return {int(a.args[0]) for a in self.actions_for("rotate")}
        if face == "exchange" and stage == TARGET:
            return {int(a.args[0]) for a in self.actions_for("exchange")} | {
                int(a.args[1]) for a in self.actions_for("exchange")}
        if face == "exchange" and stage == SECOND:
            out = set()
            for a in self.actions_for("exchange"):
                x, y = int(a.args[0]), int(a.args[1])
                if self.first in (x, y):
                    out.add(y if x == self.first else x)
            return out
        return set()

    def directions(self) -> list[int]:
        if self.stage != DIRECTION:
            return []
        return sorted("NESW".index(str(a.args[1])) for a in self.actions_for("rotate")
                      if int(a.args[0]) == self.first)

    def can_stay(self) -> bool:
        """Whether 'leave the detectives in place' (Jack's joker) is on offer now."""
        return self.face == "joker" and self.stage == TARGET and any(
            a.args[0] == "none" for a in self.actions_for("joker"))

    # -------------------------------------------------------------- picks
    def select_token(self, t: int) -> str | None:
        if self.obs.faces is None or not 0 <= t < 4:
            return _("There is no such token.")
        if self.pending is not None:
            return _("Confirm or undo your choice first.")
        if self.obs.used[t]:
            return _("That token was already played this round.")
        face = self.face_at(t)
        acts = self.actions_for(face)
        if not acts:
            return _("That token cannot be played now.")
        self.token, self.first = t, None
        if len(acts) == 1 and face in ("alibi",):
            self.pending = acts[0]
        return None

    def pick_position(self, pos: int) -> str | None:
        face = self.face
        if face is None:
            return _("First choose an action token (keys 1-4).")
        if self.stage != TARGET or face not in (*DETECTIVES, "joker"):
            return self._wrong_target()
        targets = self.position_targets()
        if pos not in targets:
            if face == "joker":
                return _("With the joker a detective moves exactly 1 step clockwise: pick a marked spot.")
            return _("{detective} walks clockwise, 1 or 2 steps: pick a marked spot.").format(
                detective=texts.detective_name(face))
        dets = targets[pos]
        if face == "joker":
            if len(dets) > 1:
                return _("Several detectives could go there: click the one to move.")
            self.pending = self._find("joker", DETECTIVES[dets[0]])
        else:
            steps = (pos - self.obs.detectives[DETECTIVES.index(face)]) % 12
            self.pending = self._find(face, steps)
        return None

    def pick_steps(self, steps: int) -> str | None:
        face = self.face
        if face not in DETECTIVES or self.stage != TARGET:
            return self._wrong_target()
        a = self._find(face, steps)
        if a is None:
            return _("{detective} walks 1 or 2 steps.").format(detective=texts.detective_name(face))
        self.pending = a
        return None

    def pick_detective(self, d: int) -> str | None:
        face = self.face
        if face is None:
            return _("First choose an action token (keys 1-4).")
        if face in DETECTIVES and self.stage == TARGET:
            if DETECTIVES[d] != face:
                return _("This token moves {detective}, not {other}.").format(
                    detective=texts.detective_name(face), other=texts.detective_name(d))
            return _("{detective} walks clockwise, 1 or 2 steps: pick a marked spot.").format(
                detective=texts.detective_name(face))
        if face != "joker" or self.stage != TARGET:
            return self._wrong_target()
        a = self._find("joker", DETECTIVES[d])
        if a is None:
            return _("That detective cannot move now.")
        self.pending = a
        return None

    def pick_none(self) -> str | None:
        if not self.can_stay():
            if self.face == "joker":
                return _("Only Jack may leave the detectives where they are.")
            return self._wrong_target()
        self.pending = self._find("joker", "none")
        return None

    def pick_cell(self, cell: int) -> str | None:
        face, stage = self.face, self.stage
        if face is None:
            return _("First choose an action token (keys 1-4).")
        if face == "rotate" and stage in (TARGET, DIRECTION):
            if cell not in self.cell_targets():
                ch = self.obs.chars[cell]
                return _("{name}'s tile was already turned this round.").format(name=texts.short_name(ch))
            self.first = cell
            return None
        if face == "exchange" and stage == TARGET:
            self.first = cell
            return None
        if face == "exchange" and stage == SECOND:
            if cell == self.first:
                self.first = None
                return None
            x, y = sorted((self.first, cell))  # type: ignore[type-var]
            self.pending = self._find("exchange", x, y)
            if self.pending is None:
                return _("Those two tiles cannot be swapped.")
            return None
        return self._wrong_target()

    def pick_direction(self, d: int) -> str | None:
        if self.stage != DIRECTION:
            return self._wrong_target()
        if d not in self.directions():
            return _("The wall already faces {direction}: choose another side.").format(
                direction=texts.direction_name(d))
        self.pending = self._find("rotate", self.first, "NESW"[d])
        return None

    def back(self) -> bool:
        """Undo one step of the choice; ``False`` if there was nothing to undo."""
        if self.pending is not None:
            self.pending = None
            if self.face == "alibi":
                self.token = None
            return True
        if self.first is not None:
            self.first = None
            return True
        if self.token is not None:
            self.token = None
            return True
        return False

    def can_back(self) -> bool:
        """Whether :meth:`back` has something to undo (the Undo/Cancel button shows)."""
        return self.stage != TOKEN

    def clear(self) -> None:
        self.token = self.first = self.pending = None

    # ------------------------------------------------------------ helpers
    def _find(self, kind: str, *args: object) -> Action | None:
        for a in self.legal:
            if a.kind == kind and a.args == tuple(args):
                return a
        return None

    def _wrong_target(self) -> str:
        face, stage = self.face, self.stage
        if stage == CONFIRM:
            return _("Confirm (Enter) or undo (Backspace) your choice.")
        if face in DETECTIVES:
            return _("This token moves {detective}: click a marked spot on the street around the district.").format(
                detective=texts.detective_name(face))
        if face == "joker":
            return _("Joker: click a marked detective to move him 1 step.")
        if face == "rotate":
            if stage == DIRECTION:
                return _("Click an arrow on the tile to choose where its wall goes.")
            return _("Rotation: click a marked tile to turn it.")
        if face == "exchange":
            return _("Exchange: click two tiles to swap them.")
        if face == "alibi":
            return _("Alibi: confirm to draw a card.")
        return _("First choose an action token (keys 1-4).")

    # ------------------------------------------------------------- words
    def prompt(self) -> str:
        """What the player should do next, in one line."""
        stage, face = self.stage, self.face
        if stage == CONFIRM and self.pending is not None:
            return _("{move}? Confirm (Enter) or undo (Backspace).").format(move=action_phrase(self.obs,
                                                                                              self.pending))
        if stage == TOKEN:
            return _("Your move: choose an action token (keys 1-4).")
        if face in DETECTIVES:
            return _("Move {detective} 1 or 2 steps clockwise: click a marked spot (keys 1, 2).").format(
                detective=texts.detective_name(face))
        if face == "joker":
            if self.can_stay():
                return _("Joker: move one detective 1 step (H, W, T), or leave them all in place (0).")
            return _("Joker: move one detective 1 step clockwise (H, W, T).")
        if face == "rotate":
            if stage == DIRECTION:
                return _("Where should the wall of {name}'s tile go? Click an arrow (arrow keys).").format(
                    name=texts.short_name(self.obs.chars[self.first]))  # type: ignore[index]
            return _("Rotation: choose a tile to turn (keys 1-9).")
        if face == "exchange":
            if stage == SECOND:
                return _("Choose the tile to swap with {name} (keys 1-9).").format(
                    name=texts.short_name(self.obs.chars[self.first]))  # type: ignore[index]
            return _("Exchange: choose the first tile (keys 1-9).")
        return ""


def action_phrase(obs: PocketState, a: Action) -> str:
    """A short imperative description of a player's action, e.g. ``Move Holmes 2 steps``."""
    kind, args = a.kind, a.args
    if kind in DETECTIVES:
        return _("Move {detective} {steps}").format(detective=texts.detective_name(kind),
                                                   steps=texts.steps_text(int(args[0])))
    if kind == "joker":
        if args[0] == "none":
            return _("Joker: leave the detectives in place")
        return _("Joker: move {detective} 1 step").format(detective=texts.detective_name(str(args[0])))
    if kind == "rotate":
        return _("Turn {name}'s tile, wall to the {direction}").format(
            name=texts.short_name(obs.chars[int(args[0])]), direction=texts.direction_name(str(args[1])))
    if kind == "exchange":
        return _("Swap {a} and {b}").format(a=texts.short_name(obs.chars[int(args[0])]),
                                            b=texts.short_name(obs.chars[int(args[1])]))
    if kind == "alibi":
        if obs.to_move().side is not None and obs.to_move().side.value == "jack":
            return _("Draw an alibi card in secret")
        return _("Draw an alibi card")
    return str(a)
