"""Mr. Jack in New York: one test per answer in the rule book's questions and answers.

The book (``seeds/001_*.txt``, section «Вопросы и ответы») ends with nineteen
questions; each test is named after its question, quotes the Russian question
and answer and translates them.  Positions are built from the state text form,
as in ``test_newyork_rules.py`` (:mod:`newyork_positions`).
"""

from __future__ import annotations

from game.engine import Side, Termination
from game.engine.newyork import NewYorkState

from .newyork_positions import CHARS, playing, position
from .positions import args, dests, kinds, texts, visible, where


def pushes(state: NewYorkState, who: str | None = None) -> set[str]:
    """Eastman's ``move X C`` targets, as ``X C`` (only X's if ``who``)."""
    return {f"{a.args[0]} {a.args[1]}" for a in state.legal_actions()
            if a.kind == "move" and (who is None or a.args[0] == who)}


# ------------------------------------------------------------------ movement


def test_faq_may_a_character_stay_where_it_is() -> None:
    """«Когда я начинаю действовать каким-либо персонажем, могу я остаться им на месте?»
    — «Нет, он должен переместиться по крайней мере на одну клетку и не может закончить
    движение в том же месте... Если персонаж заблокирован и не может двигаться, он
    по-прежнему использует свои способности.»

    May the character I play stay put?  No: it moves at least one cell and may not
    end where it began; a blocked character still uses its power.
    """
    s = playing("callahan")  # on f9
    assert "to f9" not in texts(s) and "pass" not in texts(s)
    assert "f7" in dests(s)  # f9 > f7 > f9 would be a round trip: not offered
    # Latimer blocked on m16 (l15 zoned, a building on m14) places his lamp and stays.
    blocked = playing("latimer", {"latimer": "m16"}, buildings="m14", stock="3,4,4")
    assert kinds(blocked) == {"lamp"}
    blocked.apply("lamp g4")
    assert blocked.phase == "pick" and where(blocked, "latimer") == "m16"


def test_faq_may_characters_move_through_other_characters() -> None:
    """«Могу я передвигать персонажей через клетки с другими персонажами?» — «Да!
    Персонажи не блокируют движение. Но заканчивать движение на клетке с другим
    персонажем можно лишь в том случае, когда вы собираетесь обвинить его...»

    May characters pass through cells with other characters?  Yes; ending on one is
    only allowed to accuse it.
    """
    # From Liberty Island the arrows lead to g2 and e16 only; Smith stands on g2.
    s = playing("callahan", {"callahan": "liberty", "smith": "g2"})
    assert {"g4", "h3"} <= dests(s) and "g2" not in dests(s)
    assert "accuse smith" in texts(s)
    jack = playing("callahan", {"callahan": "liberty", "smith": "g2"}, side=Side.JACK)
    assert {"g4", "h3"} <= dests(jack) and "accuse" not in kinds(jack)


def test_faq_may_a_character_use_a_subway_entrance_occupied_by_another() -> None:
    """«Может ли персонаж входить в метро или выходить из него через вход, занятый другим
    персонажем?» — «Да, если только он не заканчивает движение в этой же клетке – тогда
    он должен предъявить обвинение.»

    May a character enter or leave the subway through an entrance another character
    stands on?  Yes, unless it ends there, which is an accusation.
    """
    # Entering: Smith stands on the entrance b9, Callahan next to it on c8.
    s = playing("callahan", {"callahan": "c8", "smith": "b9"})
    assert {"k4", "l13"} <= dests(s)  # c8 > b9 > k4 / l13
    assert "to b9" not in texts(s) and "accuse smith" in texts(s)
    # Leaving: Callahan on b9, Smith on the entrance k4.
    t = playing("callahan", {"callahan": "b9", "smith": "k4"})
    assert {"k2", "j3"} <= dests(t)  # b9 > k4 > k2 / j3
    assert "to k4" not in texts(t) and "accuse smith" in texts(t)


def test_faq_may_any_character_but_jack_leave_manhattan() -> None:
    """«Может ли какой-нибудь персонаж кроме Джека покинуть Манхэттен?» — «Нет.»

    May any character other than Jack leave Manhattan?  No.
    """
    # Round 2 after an unseen round, Jack is Tumblety; Smith plays next to the passage.
    s = playing("smith", {"smith": "l11"}, side=Side.JACK)
    assert "escape" not in kinds(s) and "n11" not in dests(s)
    out = playing("tumblety", {"tumblety": "l11"}, side=Side.JACK)
    assert "escape n11" in texts(out)


def test_faq_may_jack_leave_manhattan_in_the_first_round() -> None:
    """«Может ли Джек покинуть Манхэттен в первый ход?» — «Нет. Чтобы покинуть Манхэттен,
    карта видимости Джек в начале хода должен быть повернута невидимой стороной, а в
    начале игры она повернута видимой. Он может сделать это не ранее 2-го хода.»

    May Jack leave Manhattan in the first round?  No: the witness card must show
    "unseen" at the start of the round, and it starts on "seen"; round 2 at the earliest.
    """
    s = position({"tumblety": "l11"}, cards="beach,tumblety,runner,latimer")
    for a in ("play beach", "subway e12", "to e14", "play tumblety"):
        s.apply(a)
    assert s.describe()["witness"] == "seen" and "escape" not in kinds(s)
    later = playing("tumblety", {"tumblety": "l11"}, side=Side.JACK)  # round 2, unseen
    assert "escape n11" in texts(later)


# ---------------------------------------------------------------- visibility


def test_faq_may_a_character_on_liberty_island_be_visible() -> None:
    """«Может ли персонаж на острове Свободы оказаться видимым?» — «Нет.»

    Can a character on Liberty Island be visible?  No.
    """
    assert "tumblety" not in visible(position({"tumblety": "liberty"}))
    # Not even with someone on a ferry cell leading to the island, next to a lamp.
    s = position({"tumblety": "liberty", "smith": "c6"}, lamps="c8,m12")
    assert "tumblety" not in visible(s)


def test_faq_is_a_character_next_to_the_informant_visible() -> None:
    """«Если персонаж стоит рядом с информатором, виден ли он?» — «Нет. Информатор не
    считается персонажем и не влияет на статусы персонажей.»

    Is a character next to the informant visible?  No: the informant is no character.
    """
    assert "eastman" not in visible(position())
    s = position(informant="h3")  # next to Eastman on h5, in the dark
    assert "eastman" not in visible(s)
    assert s.describe()["visible"] == position().describe()["visible"]


# ---------------------------------------------------------------------- powers


def test_faq_may_a_power_be_left_unused() -> None:
    """«Могу я не использовать способности персонажа?» — «Большинство способностей
    персонажей обязательны для использования... Только способности Тамблти и Истмана
    можно использовать, а можно и нет. Способность Бегущей в облаках можно использовать
    только время её движения.»

    May I leave a power unused?  Most are compulsory; only Tumblety's and Eastman's
    are optional; Cloud Runner's (crossing buildings) works only during her move.
    """
    compulsory = {"beach": "subway", "runner": "building", "latimer": "lamp", "grant": "park",
                  "callahan": "zone", "smith": "ship"}
    for who, power in compulsory.items():
        s = playing(who)
        assert "pass" not in kinds(s), who
        s.apply(f"to {min(dests(s))}")
        assert kinds(s) == {power}, who  # no pass
    tumblety = playing("tumblety", {"smith": "i10"})
    tumblety.apply("to h9")
    assert "pass" in texts(tumblety)
    tumblety.apply("pass")
    assert tumblety.phase == "pick"
    eastman = playing("eastman")
    eastman.apply("to h3")  # he only moves: no push
    assert eastman.phase == "pick"
    # Cloud Runner's crossing is her move's: pushed by Eastman she does not cross.
    runner = playing("eastman", {"runner": "c10"}, lamps="m12", stock="4,4,5")
    assert "runner f11" not in pushes(runner, "runner")
    assert "f11" in dests(playing("runner", {"runner": "c10"}, lamps="m12", stock="4,4,5"))


def test_faq_may_beach_build_a_subway_entrance_under_another_character() -> None:
    """«Может ли Альфред Бич создать вход в метро в клетке, занятой другим персонажем?»
    — «Нет.»

    May Beach build a subway entrance on a cell another character stands on?  No.
    """
    s = playing("beach")
    assert "e12" in args(s, "subway")
    assert not {"f9", "e8", "i8", "j7", "h5", "h11", "j9"} & args(s, "subway")


def test_faq_may_a_subway_be_built_next_to_an_entrance_under_a_zone() -> None:
    """«Жетон расследования закрывает вход в метро. Можно ли построить рядом с ним другое
    метро?» — «Нет.»

    An investigation zone covers a subway entrance: may another be built next to it?  No.
    """
    s = playing("beach", zones="e4+f3,k4+l5")
    assert not {"j3", "l3", "k2"} & args(s, "subway")
    assert "e12" in args(s, "subway")


def test_faq_may_a_zone_keep_one_of_the_two_cells_it_covered() -> None:
    """«Могу ли я передвинуть жетон проведения расследований так, чтобы он закрывал одну
    из двух клеток, которые закрывал перед этим?» — «Да. Но хотя бы одна закрываемая
    клетка должна быть новой.»

    May I move a zone so that it still covers one of its two cells?  Yes, but at least
    one covered cell must be new.
    """
    s = playing("callahan")
    zones = args(s, "zone")
    assert "e4+f3>e4+f5" in zones and "e4+f3>e2+f3" not in zones  # e2 is a port
    assert "e4+f3>f3+g4" in zones
    assert not any(z.split(">")[0] == "e4+f3" and set(z.split(">")[1].split("+")) == {"e4", "f3"}
                   for z in zones)
    s.apply("zone e4+f3>e4+f5")
    assert s.describe()["board"]["zones"] == [["e4", "f5"], ["k14", "l15"]]


def test_faq_may_grant_turn_a_subway_entrance_with_a_character_into_a_park() -> None:
    """«Можно ли превратить вход в метро в парк, если на этой клетке находится персонаж?»
    — «Да.»

    May a subway entrance with a character on it be turned into a park?  Yes.
    """
    s = playing("grant", {"callahan": "b9"})
    assert "b9" in args(s, "park")
    s.apply("park b9")
    assert s.describe()["board"]["parks"] == ["b9"] and where(s, "callahan") == "b9"
    assert "callahan" not in visible(s)


def test_faq_may_grant_turn_a_subway_entrance_under_a_zone_into_a_park() -> None:
    """«Можно ли превратить вход в метро в парк, если на этой клетке лежит жетон
    расследования?» — «Нет.»

    May a subway entrance under an investigation zone be turned into a park?  No.
    """
    s = playing("grant", zones="e4+f3,k4+l5")
    assert "k4" not in args(s, "park") and {"b9", "l13"} <= args(s, "park")


def test_faq_does_eastmans_power_follow_jacks_witness_card() -> None:
    """«Связана ли сила Монка со статусом карты видимости Джека?» — «Нет. Его способность
    связана со статусом самого Монка в момент, когда он использует свою способность...»

    Does Monk Eastman's power depend on Jack's witness card?  No: on Eastman's own
    visibility when he uses it; visible, he moves a visible character, and vice versa.
    """
    # Card "unseen" (round 2), Eastman visible on h7 next to Runner: visible characters.
    lit = playing("eastman", {"eastman": "h7"}, side=Side.JACK)
    assert lit.describe()["witness"] == "unseen"
    assert {p.split()[0] for p in pushes(lit)} == {"beach", "runner", "latimer", "grant", "callahan", "smith"}
    # Card "seen" (round 1), Eastman in the dark on h5: only Tumblety, also in the dark.
    dark = playing("eastman")
    assert dark.describe()["witness"] == "seen"
    assert {p.split()[0] for p in pushes(dark)} == {"tumblety"}


def test_faq_may_eastmans_power_arrest_another_character() -> None:
    """«Могу ли я использовать способность Монка, чтобы арестовать другой персонаж?» —
    «Нет. Предъявлять обвинение может только персонаж, который выбрал игрок.»

    May Eastman's power be used to arrest a character?  No: only the played character
    accuses.
    """
    s = playing("eastman", {"eastman": "h7"})  # visible, next to Runner: pushes the visible six
    occupied = set(s.describe()["board"]["characters"].values())
    assert pushes(s) and not any(p.split()[1] in occupied for p in pushes(s))
    assert "runner h9" in pushes(s) and "runner i10" in pushes(s)  # onto free cells only
    # Eastman himself, played, may accuse (only with his own move).
    assert "accuse runner" in texts(s)


def test_faq_may_eastman_move_another_character_to_the_informant() -> None:
    """«Могу ли я использовать способность Монка, чтобы переместить другого персонажа к
    информатору?» — «Да. Если только информатор повернут стороной общения вверх.»

    May Eastman's power move another character to the informant?  Yes, if the
    informant shows his talking side.
    """
    s = playing("eastman", informant="h13")
    s.apply("move tumblety h13")
    assert s.phase == "draw"
    s.apply("draw smith")
    assert s.icards == [CHARS.index("smith")] and s.phase == "informant"
    silent = playing("eastman", informant="h13", talk="no", icards="smith")
    silent.apply("move tumblety h13")
    assert silent.phase == "pick" and silent.icards == [CHARS.index("smith")]


def test_faq_may_eastman_help_jack_leave_manhattan() -> None:
    """«Могу ли я использовать способность Монка, чтобы помочь Джеку покинуть Манхэттен?»
    — «Да. И поэтому детективам следует с особой тщательностью присматривать за Монком.»

    May Eastman's power help Jack leave Manhattan?  Yes.
    """
    s = playing("eastman", {"eastman": "h7", "tumblety": "m10"}, side=Side.JACK)
    assert "move tumblety n11" in texts(s)
    s.apply("move tumblety n11")
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.ESCAPE


def test_faq_may_tumblety_swap_a_character_standing_in_a_park() -> None:
    """«Фрэнсис Тамбли стоит на улице рядом с парком, в котором находится другой
    персонаж. Может ли он поменять этого персонажа на другого?» — «Да.»

    Tumblety stands on a street next to a park with a character in it: may he swap
    that character with another?  Yes.
    """
    s = playing("tumblety", {"smith": "i10"}, parks="i10", stock="4,4,3")
    assert "swap eastman smith" in texts(s)
    s.apply("swap eastman smith")
    assert where(s, "eastman") == "i10" and where(s, "smith") == "h5"


def test_faq_may_tumblety_swap_more_than_once() -> None:
    """«Может ли Фрэнсис Тамбли использовать свою способность несколько раз, если рядом с
    ним более одного персонажа?» — «Нет. Он может применить свою способность только к
    одному персонажу за ход.»

    May Tumblety use his power several times with several neighbours?  No: once a turn.
    """
    s = playing("tumblety", {"smith": "i10", "beach": "g12"})  # two neighbours
    assert {"beach smith", "beach runner"} <= args(s, "swap")
    s.apply("swap beach smith")
    assert "swap" not in kinds(s)
    s.apply("to h13")
    assert s.phase == "pick"


# ------------------------------------------------------------------------ end


def test_faq_jack_found_but_not_arrested_wins() -> None:
    """«Что случится, если детективы вычислили, кто является Джеком, но арестовать его не
    успели?» — «Джеку повезло, и он выигрывает игру.»

    What if the detectives found out who Jack is but did not arrest him in time?
    Jack wins.
    """
    s = position(round=8, cards="smith", played="eastman,callahan,tumblety", witness="unseen",
                 suspects="tumblety")
    assert s.describe()["suspects"] == ["tumblety"]
    for a in ("play smith", "ship e2>b13", "to j13"):
        s.apply(a)
    assert s.is_over() and s.winner() is Side.JACK and s.outcome.termination is Termination.TIME_UP
