"""New York's action vocabulary: every decision as one interned :class:`Action`.

One decision per step (README, "Mr. Jack in New York actions"):

* ``play X`` — take character card X from this round's four;
* ``to C`` — move the played character to cell C (the path is implied);
* ``accuse X`` — the investigator's move onto X's cell, which accuses X;
* ``escape E`` — Jack's own move out through the East passage ``n11`` or
  onto the ship in port E;
* the powers: ``subway C`` (Beach), ``building C`` (Cloud Runner),
  ``lamp C`` (Latimer), ``park C`` (Grant), ``zone A+B>C+D`` (Callahan),
  ``move X C`` (Eastman moves X instead of himself; C may be an exit),
  ``swap X Y`` (Tumblety), ``ship P>Q`` (Smith), ``pass`` (decline
  Tumblety's or a blocked Eastman's optional power);
* ``informant C`` — where the player who met the informant puts it;
* ``witness seen|unseen``, ``verdict guilty|innocent`` — Jack's answers;
* chance: ``identity X``, ``deal A B C D``, ``draw X``; a side that may not
  know the card sees ``identity ?`` and ``draw ?``.
"""

from __future__ import annotations

from ..actions import Vocabulary
from ..cards import CardActions, card_specs
from .board import CELLS, EXIT_CELLS, LAND, N_CELLS, NAMES, PORTS, STREET, ZONE_PAIRS, cells_of, pair_name
from .data import CHARACTER_IDS, DATA

IDS = CHARACTER_IDS
LAND_CELLS = tuple(cells_of(LAND))
BOARD_CELLS = tuple(cells_of(CELLS))  # the informant's: the East passage too
STREET_CELLS = tuple(cells_of(STREET))
PORT_CELLS = tuple(cells_of(PORTS))
PAIR_NAMES = tuple(pair_name(a, b) for a, b in ZONE_PAIRS)


def _vocabulary() -> Vocabulary:
    specs = card_specs(IDS, DATA.cards_per_round)
    specs += [("to", (NAMES[c],)) for c in LAND_CELLS]
    specs += [("escape", (NAMES[e],)) for e in EXIT_CELLS]
    for kind in ("subway", "building", "lamp", "park"):
        specs += [(kind, (NAMES[c],)) for c in STREET_CELLS]
    specs += [("zone", (f"{a}>{b}",)) for a in PAIR_NAMES for b in PAIR_NAMES if a != b]
    specs += [("move", (cid, NAMES[c])) for cid in IDS for c in (*LAND_CELLS, *EXIT_CELLS)]
    specs += [("swap", (IDS[x], IDS[y])) for x in range(8) for y in range(x + 1, 8)]
    specs += [("ship", (f"{NAMES[p]}>{NAMES[q]}",)) for p in PORT_CELLS for q in PORT_CELLS if p != q]
    specs += [("informant", (NAMES[c],)) for c in BOARD_CELLS]
    specs += [("pass", ())]
    return Vocabulary("newyork", specs)


VOCAB = _vocabulary()
_A = VOCAB.get


def _per_cell(kind: str, cells: tuple[int, ...]) -> tuple:
    out: list = [None] * N_CELLS
    for c in cells:
        out[c] = _A(kind, NAMES[c])
    return tuple(out)


CARDS = CardActions(VOCAB, IDS, DATA.cards_per_round)
#: The card game's actions the client and tests name (the rest are ``CARDS``'s).
IDENTITY_HIDDEN, DRAW_HIDDEN, DEAL_ACTIONS = CARDS.identity_hidden, CARDS.draw_hidden, CARDS.deals
TO = _per_cell("to", LAND_CELLS)
ESCAPE = _per_cell("escape", EXIT_CELLS)
SUBWAY = _per_cell("subway", STREET_CELLS)
BUILDING = _per_cell("building", STREET_CELLS)
LAMP = _per_cell("lamp", STREET_CELLS)
PARK = _per_cell("park", STREET_CELLS)
INFORMANT = _per_cell("informant", BOARD_CELLS)
#: ZONE[i][j]: the zone on place ZONE_PAIRS[i] moved to place ZONE_PAIRS[j].
ZONE = tuple(tuple(None if i == j else _A("zone", f"{a}>{b}") for j, b in enumerate(PAIR_NAMES))
             for i, a in enumerate(PAIR_NAMES))
#: MOVE[x][c]: Eastman moves character x to cell c (an exit cell: x escapes).
MOVE = tuple(tuple(_A("move", cid, NAMES[c]) if c in LAND_CELLS or c in EXIT_CELLS else None
                   for c in range(N_CELLS)) for cid in IDS)
#: SWAP[x][y] (x < y): Tumblety swaps x and y.
SWAP = tuple(tuple(_A("swap", IDS[x], IDS[y]) if x < y else None for y in range(8)) for x in range(8))
SHIP = {(p, q): _A("ship", f"{NAMES[p]}>{NAMES[q]}") for p in PORT_CELLS for q in PORT_CELLS if p != q}
PASS = _A("pass")


def split_pair(arg: str) -> tuple[str, str]:
    """``"e2>k16"`` -> ``("e2", "k16")``."""
    a, b = arg.split(">")
    return a, b
