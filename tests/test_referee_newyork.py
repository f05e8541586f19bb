"""The referee plays Mr. Jack in New York too: what only New York has, the informant.

What New York shares with London is in ``test_referee_cardgames.py``; games
without editions refusing one, in ``test_referee_london.py``.
"""

from test_referee_cardgames import ask, start

from game.referee import Referee


def test_meeting_the_informant_through_the_referee():
    ref = Referee()
    a = start(ref, "newyork", "tumblety", "runner latimer grant callahan", informant="g10")
    assert a["board"]["informant"] == {"cell": "g10", "talkative": True}
    ask(ref, do="play callahan")
    a = ask(ref, do="to g10")  # the card is drawn from the game's seed
    assert a["phase"] == "informant" and a["to_move"] == "investigator"
    assert len(a["investigator_cards"]) == 1 and a["investigator_cards"][0] != "tumblety" and a["deck"] == 6
    assert a["board"]["informant"]["talkative"] is False and "informant liberty" in a["legal"]
    a = ask(ref, do="informant liberty")
    assert a["board"]["informant"] == {"cell": "liberty", "talkative": False}
    assert a["legal"] and all(x.startswith("zone") for x in a["legal"])  # Callahan's power is still due
