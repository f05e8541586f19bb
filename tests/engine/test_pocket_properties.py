"""Properties of random legal Pocket games (hypothesis) that only Pocket has, and a fuzz of
state texts built field by field.

The properties every rule set shares (round trips, hashes, views, the parser
fuzz) are in :mod:`.test_conformance`, over the same random games
(:func:`.conformance.games`).
"""

from __future__ import annotations

from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

from game.engine import Side, Termination, ToMove
from game.engine.pocket import DATA, VOCAB, PocketState
from game.engine.pocket.state import PHASES, TO_WIN, VIEWS

from .conformance import POCKET, SLOW_OK, Game, check_text, games

IDS = DATA.ids
SETTINGS = settings(max_examples=POCKET.examples, **SLOW_OK)
ACT_KINDS = {"holmes", "watson", "toby", "joker", "rotate", "exchange", "alibi"}


# ------------------------------------------------------------- game properties


@SETTINGS
@given(games(POCKET, sample=st.booleans()))
def test_the_ending_agrees_with_the_position(game: Game) -> None:
    s = game.end()
    term = s.outcome.termination
    if term is Termination.ONE_SUSPECT:
        assert len(s.suspects()) == 1 and s.hourglasses() < TO_WIN
    elif term is Termination.HOURGLASSES:
        assert s.hourglasses() >= TO_WIN and len(s.suspects()) > 1
    elif term is Termination.TIME_UP:
        assert s.round == 8 and len(s.suspects()) > 1 and s.hourglasses() < TO_WIN
    elif term in (Termination.BOTH_GOALS_SEEN, Termination.BOTH_GOALS_UNSEEN):
        assert s.round == 8 and not s.chase and len(s.suspects()) == 1 and s.hourglasses() >= TO_WIN
    else:
        assert s.chase and len(s.suspects()) == 1
    if term in (Termination.BOTH_GOALS_SEEN, Termination.CHASE_SEEN):
        assert s.track[-1] is Side.INVESTIGATOR
    if term in (Termination.BOTH_GOALS_UNSEEN, Termination.CHASE_ESCAPED):
        assert s.track[-1] is Side.JACK


@SETTINGS
@given(games(POCKET))
def test_players_act_with_tokens_and_only_jack_leaves_the_detectives(game: Game) -> None:
    for s, _ in game.steps():
        tm = s.to_move()
        if tm.side is None or s.phase in POCKET.answers:
            continue
        assert s.phase == "act" and {a.kind for a in s.legal_actions()} <= ACT_KINDS
        if "joker" in s.available_faces():
            assert (VOCAB.parse("joker none") in s.legal_actions()) == (tm is ToMove.JACK)


@SETTINGS
@given(games(POCKET))
def test_alibi_deck_never_runs_out(game: Game) -> None:
    """One Alibi face per pair of rounds: at most four draws from eight cards."""
    for s, _ in game.steps():
        drawn = len(s.icards) + len(s.jcards)
        assert drawn <= (s.round + 1) // 2 <= 4
        if s.phase == "draw":
            assert s.deck_size() >= 5 and s.legal_actions()


@SETTINGS
@given(games(POCKET))
def test_each_round_plays_every_token_once_and_even_rounds_flip(game: Game) -> None:
    faces_by_round: dict[int, list[int]] = {}
    for s, _ in game.steps():
        if s.faces is not None:
            faces_by_round.setdefault(s.round, s.faces[:])
            assert s.faces == faces_by_round[s.round]
        if s.phase == "witness":
            assert all(s.used)
    for r, faces in faces_by_round.items():
        if r % 2 == 0 and r - 1 in faces_by_round:
            assert faces == [1 - f for f in faces_by_round[r - 1]]


# ----------------------------------------------------------------- parser fuzz


@st.composite
def field_texts(draw: st.DrawFn) -> str:
    """State texts built field by field, mostly consistent, so the parser often accepts them."""
    view = draw(st.sampled_from(VIEWS))
    phase = draw(st.sampled_from(PHASES))
    rnd = 1 if phase == "identity" else draw(st.integers(1, 8))
    if phase == "throw" and draw(st.integers(0, 3)):
        rnd |= 1
    cards = draw(st.permutations(IDS))
    ni, nj = (0, 0) if phase == "identity" else (draw(st.integers(0, 4)), draw(st.integers(0, 4)))
    jack = cards[8]
    cleared = set(cards[:ni])
    if phase != "identity":
        cleared |= {c for c in cards[:8] if draw(st.integers(0, 2)) == 0}
    walls = draw(st.lists(st.sampled_from("NESW"), min_size=9, max_size=9))
    order = draw(st.permutations(IDS))
    tiles = "/".join(f"{c}:{w.lower() if c in cleared else w}" for c, w in zip(order, walls, strict=True))
    dets = ",".join(str(draw(st.integers(0, 11))) for _ in range(3))
    faces = [draw(st.sampled_from(p)) for p in ("AH", "WT", "RX", "RJ")]
    if phase == "draw":
        faces[0] = "A"
    n_used = {"act": draw(st.integers(0, 3)), "draw": draw(st.integers(1, 4))}.get(phase, 4)
    used = set(draw(st.permutations(range(4)))[:n_used])
    if phase == "draw":
        used = (used - {3}) | {0} if 0 not in used and len(used) == 4 else used | {0}
    tokens = "".join(f.lower() if t in used else f for t, f in enumerate(faces))
    if phase in ("identity", "throw"):
        tokens = "----"
    n_rot = sum(1 for t in used if faces[t] == "R") if tokens != "----" else 0
    rotated = ",".join(draw(st.permutations(IDS))[:draw(st.integers(0, n_rot))]) or "-"
    track_len = rnd - 1 + (phase in ("claim", "over"))
    track = "".join(draw(st.sampled_from("IJ")) for _ in range(track_len)) or "-"
    hidden = view == "investigator" and phase != "over"
    icards = ",".join(cards[:ni]) or "-"
    jcards = ",".join("?" if hidden else c for c in cards[ni:ni + nj]) or "-"
    jack_text = "-" if phase == "identity" else ("?" if hidden else jack)
    rng = "-" if view != "full" else f"{draw(st.integers(0, 2**64 - 1)):016x}"
    chase = draw(st.sampled_from("0001"))
    outcome = "-"
    if phase == "over":
        outcome = f"{draw(st.sampled_from(['jack', 'investigator']))}:" \
                  f"{draw(st.sampled_from([t.value for t in Termination]))}"
    return (f"pocket view={view} round={rnd} phase={phase} tiles={tiles} detectives={dets} "
            f"tokens={tokens} rotated={rotated} track={track} icards={icards} jcards={jcards} "
            f"jack={jack_text} rng={rng} chase={chase} ply={draw(st.integers(0, 60))} outcome={outcome}")


@settings(max_examples=300, **SLOW_OK)
@given(field_texts())
def test_parse_fuzz_built_states_are_playable(text: str) -> None:
    """Every state the parser accepts can play each legal action into another valid state."""
    check_text(POCKET, text)


def test_parse_fuzz_built_states_reach_the_accepting_path() -> None:
    for phase in PHASES:
        found = find(field_texts(), lambda t, ph=phase: f"phase={ph} " in t and check_text(POCKET, t) is not None,
                     settings=settings(max_examples=5000, database=None, deadline=None,
                                       phases=[Phase.generate]))
        assert PocketState.parse(found).phase == phase


def test_full_view_without_generator_stays_valid_after_alibi() -> None:
    """A loaded full view with ``rng=-`` waits for its chance steps from outside."""
    text = ("pocket view=full round=1 phase=act tiles=lestrade:W/goodley:W/smith:E/stealthy:S/bert:E/"
            "madame:S/gull:E/lane:S/pizer:S detectives=11,3,7 tokens=AWXJ rotated=- track=- icards=- "
            "jcards=- jack=bert rng=- chase=0 ply=3 outcome=-")
    s = PocketState.parse(text)
    s.apply("alibi")
    assert PocketState.parse(str(s)) == s
    assert s.to_move().value == "chance"
    s.apply("draw pizer")
    assert s.icards and PocketState.parse(str(s)) == s
