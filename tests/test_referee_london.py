"""The referee plays Mr. Jack (London) too: what only London has, its editions.

What London shares with New York is in ``test_referee_cardgames.py``.
"""

import json

import pytest
from test_referee_cardgames import ask

from game.referee import Referee


def test_the_later_edition_is_chosen_with_edition():
    a = ask(Referee(), new="london", seed=5, edition="2016")
    assert a["edition"] == "2016" and a["board"]["covered"] == ["b1", "l12"]
    assert a["board"]["characters"]["watson"] == "i4" and len(a["manholes"]) == 9
    assert ask(Referee(), new="london", seed=5, edition=2016)["edition"] == "2016"
    assert ask(Referee(), new="london", seed=5, edition="2006") == ask(Referee(), new="london", seed=5)
    assert ask(Referee(), new="london", seed=5)["edition"] == "2006"


@pytest.mark.parametrize("req", [
    {"new": "london", "edition": "1999"}, {"new": "london", "edition": None},
    {"new": "london", "edition": True}, {"new": "pocket", "edition": "2006"},
    {"load": "x", "edition": "2006"},
])
def test_bad_edition_is_an_error(req):
    assert "error" in json.loads(Referee().handle(json.dumps(req)))


@pytest.mark.parametrize(("game", "edition"), [("pocket", "2006"), ("newyork", "2009")])
def test_games_without_editions_refuse_one(game, edition):
    assert ask(Referee(), new=game, seed=1, edition=edition) == {"error": f"{game} has no editions"}

