"""A phone's games brought in from their file are the games they were (issue 36,
item 12): for any games the server took (any variant, any table it seats, any deals
it accepted, by cards or by points, with bonuses), the game the API reads on the
phone that brought the file in is the game it reads on the phone that wrote it, its
id, address and edit key aside; its scores worked out again by the rules core."""

import io
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import VARIANTS, get_ruleset

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
#: What a server gives a game anew: not part of what the game is.
ANEW = ("id", "url", "edit_key")


def played(client, variant: str, seats: int, draw: random.Random) -> dict:
    """A game of ``variant`` for ``seats`` players, with the deals the server took of
    some drawn at random (cards or points, a bonus now and then); joined on the phone."""
    game = client.post(
        "/api/v1/games", json={"variant": variant, "players": list(NAMES[:seats])}
    ).get_json()
    rules = get_ruleset(variant)
    for _ in range(draw.randint(0, len(rules.deals))):
        out = draw.choice(NAMES[:seats])
        body: dict = {"went_out": out, "hands": {}, "points": {}}
        for name in NAMES[:seats]:
            if name == out:
                continue
            if draw.random() < 0.5:
                cards = [
                    draw.choice(RANKS) + draw.choice("SHDC") for _ in range(draw.randint(1, 6))
                ]
                body["hands"][name] = " ".join(cards)
            else:
                body["points"][name] = draw.choice((5, 10, 15, 20, 25, 50))
        if draw.random() < 0.2:
            body["adjust"] = {out: -10}
        client.post(
            f"/api/v1/games/{game['id']}/deals",
            json=body,
            headers={"X-Edit-Key": game["edit_key"]},
        )  # refused or not: the file holds what the server took
    assert (
        client.post(f"/games/{game['id']}/join", data={"key": game["edit_key"]}).status_code == 303
    )
    return game


def as_read(client, game_id: str) -> dict:
    found = client.get(f"/api/v1/games/{game_id}").get_json()
    return {key: value for key, value in found.items() if key not in ANEW}


GAMES = st.lists(
    st.tuples(
        st.sampled_from(sorted(VARIANTS)),
        st.integers(min_value=0, max_value=8),
        st.integers(min_value=0, max_value=2**32),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables=GAMES)
def test_every_game_comes_back_as_it_was(make_app, database_uri, tables):
    app = make_app(database_uri, WTF_CSRF_ENABLED=False)
    old = app.test_client()
    games = []
    for variant, seats, seed in tables:
        allowed = sorted(VARIANTS[variant].base.players)
        games.append(played(old, variant, allowed[seats % len(allowed)], random.Random(seed)))
    content = old.get("/history/rummy-referee-games.json.gz").data
    new = app.test_client()
    brought = new.post(
        "/history/bring-in",
        data={"games_file": (io.BytesIO(content), "games.json.gz")},
        content_type="multipart/form-data",
    )
    assert brought.status_code == 303
    history = new.get("/history").data.decode()  # the phone's games, the latest opened first
    copies = re.findall(r'<li class="(?:finished|playing)">\s*<a href="/games/([^"]+)"', history)
    assert len(copies) == len(games)
    for game, copy in zip(reversed(games), copies, strict=True):
        assert as_read(new, copy) == as_read(old, game["id"])
