"""London's action vocabulary: every decision as one interned :class:`Action`.

One decision per step (README, "Mr. Jack (London) actions"):

* ``play X`` — take character card X from this round's four;
* ``to C`` — move the played character to cell C (the path is implied;
  the engine checks that one of at most 3, or 4, points exists);
* ``accuse X`` — the investigator's move onto X's cell, which accuses X;
* ``escape E`` — Jack's move out through exit E;
* ``lantern D``, ``lamp C1>C2``, ``cordon E1>E2``, ``cover C1>C2``,
  ``swap X``, ``whistle X C`` — the powers;
* ``witness seen|unseen``, ``verdict guilty|innocent`` — Jack's answers;
* chance: ``identity X``, ``deal A B C D``, ``draw X``; a side that may not
  know the card sees ``identity ?`` and ``draw ?``.
"""

from __future__ import annotations

from ..actions import Vocabulary
from ..cards import CardActions, card_specs
from .board import EXITS, INDEX, N_CELLS, NAMES, STREET
from .data import CHARACTER_IDS, DATA, DIRECTIONS

IDS = CHARACTER_IDS
LAMP_NAMES = tuple(sorted((lp[0] for lp in DATA.lamps), key=INDEX.__getitem__))
MANHOLE_NAMES = tuple(sorted({m for ed in DATA.editions.values() for m in ed.manholes}, key=INDEX.__getitem__))
STREET_CELLS = tuple(i for i in range(N_CELLS) if STREET >> i & 1)


def _vocabulary() -> Vocabulary:
    specs = card_specs(IDS, DATA.cards_per_round)
    specs += [("to", (NAMES[c],)) for c in STREET_CELLS]
    specs += [("escape", (e,)) for e in EXITS]
    specs += [("lantern", (d,)) for d in DIRECTIONS]
    specs += [("lamp", (f"{a}>{b}",)) for a in LAMP_NAMES for b in LAMP_NAMES if a != b]
    specs += [("cordon", (f"{a}>{b}",)) for a in EXITS for b in EXITS if a != b]
    specs += [("cover", (f"{a}>{b}",)) for a in MANHOLE_NAMES for b in MANHOLE_NAMES if a != b]
    specs += [("swap", (cid,)) for cid in IDS]
    specs += [("whistle", (cid, NAMES[c])) for cid in IDS for c in STREET_CELLS]
    return Vocabulary("london", specs)


VOCAB = _vocabulary()
_A = VOCAB.get
CARDS = CardActions(VOCAB, IDS, DATA.cards_per_round)

#: The card game's actions the client and tests name (the rest are ``CARDS``'s).
IDENTITY_HIDDEN, DRAW_HIDDEN, DEAL_ACTIONS = CARDS.identity_hidden, CARDS.draw_hidden, CARDS.deals
TO = tuple(_A("to", NAMES[c]) if STREET >> c & 1 else None for c in range(N_CELLS))
ESCAPE = tuple(_A("escape", e) for e in EXITS)
LANTERN = tuple(_A("lantern", d) for d in DIRECTIONS)
LAMP = {(INDEX[a], INDEX[b]): _A("lamp", f"{a}>{b}") for a in LAMP_NAMES for b in LAMP_NAMES if a != b}
CORDON = {(i, j): _A("cordon", f"{a}>{b}") for i, a in enumerate(EXITS) for j, b in enumerate(EXITS) if a != b}
COVER = {(INDEX[a], INDEX[b]): _A("cover", f"{a}>{b}") for a in MANHOLE_NAMES for b in MANHOLE_NAMES if a != b}
SWAP = tuple(_A("swap", c) for c in IDS)
WHISTLE = tuple(tuple(_A("whistle", cid, NAMES[c]) if STREET >> c & 1 else None for c in range(N_CELLS))
                for cid in IDS)


def split_pair(arg: str) -> tuple[str, str]:
    """``"b2>f9"`` -> ``("b2", "f9")``."""
    a, b = arg.split(">")
    return a, b
