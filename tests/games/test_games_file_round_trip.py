"""A phone's games brought in from their file are the games they were (issue 36,
item 12): for any games the server took (any variant, any table it seats, any deals
it accepted, by cards or by points, with bonuses, corrected or undone, played again
with the first deal passed on and the night counted either way), the game the API
reads on the phone that brought the file in is the game it reads on the phone that
wrote it, its id, address and edit key aside, and so are its sheet (each correction's
trace, Redo) and its evening; its scores worked out again by the rules core."""

import io
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import VARIANTS, get_ruleset
from referee.rules.bookkeeping import EVENING_WON_BY

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
#: What a server gives a game anew: not part of what the game is.
ANEW = ("id", "url", "edit_key")


def a_deal(names: tuple[str, ...], draw: random.Random) -> dict:
    """A deal's body drawn at random: who went out, the others' cards or points, a
    bonus now and then."""
    out = draw.choice(names)
    body: dict = {"went_out": out, "hands": {}, "points": {}}
    for name in names:
        if name == out:
            continue
        if draw.random() < 0.5:
            cards = [draw.choice(RANKS) + draw.choice("SHDC") for _ in range(draw.randint(1, 6))]
            body["hands"][name] = " ".join(cards)
        else:
            body["points"][name] = draw.choice((5, 10, 15, 20, 25, 50))
    if draw.random() < 0.2:
        body["adjust"] = {out: -10}
    return body


def played(client, variant: str, seats: int, draw: random.Random) -> None:
    """A game of ``variant`` for ``seats`` players, with the deals the server took of
    some drawn at random, now and then one corrected and the last undone; joined on
    the phone, and played again now and then when it is over (the night counted one
    way or the other, the next game begun and its deal undone)."""
    names = NAMES[:seats]
    game = client.post(
        "/api/v1/games", json={"variant": variant, "players": list(names)}
    ).get_json()
    address, key = f"/api/v1/games/{game['id']}", {"X-Edit-Key": game["edit_key"]}
    rules = get_ruleset(variant)
    # Now and then every deal tried, so that some games are over.
    for _ in range(draw.choice((len(rules.deals), draw.randint(0, len(rules.deals))))):
        # Refused or not: the file holds what the server took.
        client.post(f"{address}/deals", json=a_deal(names, draw), headers=key)
    recorded = len(client.get(address).get_json()["deals"])
    if recorded and draw.random() < 0.5:
        number = draw.randint(1, recorded)
        client.put(f"{address}/deals/{number}", json=a_deal(names, draw), headers=key)
    assert (
        client.post(f"/games/{game['id']}/join", data={"key": game["edit_key"]}).status_code == 303
    )
    again = client.post(f"/games/{game['id']}/again").headers["Location"]
    if again != f"/games/{game['id']}":  # over: played again
        client.post(f"{again}/evening", data={"won_by": draw.choice(EVENING_WON_BY)})
        others = {f"points-{seat}": "5" for seat in range(1, seats)}
        for _ in range(draw.randint(0, 2)):
            client.post(f"{again}/deals/new", data={"went_out": "0", "save": "1"} | others)
        client.post(f"{again}/undo")
    elif recorded and draw.random() < 0.5:
        for _ in range(draw.randint(1, 2)):
            client.post(f"/games/{game['id']}/undo")


def as_read(client, game_id: str) -> dict:
    """A game as the API reads it, what a server gives anew aside; the words of its
    sheet and its evening as the phone reads them."""
    found = client.get(f"/api/v1/games/{game_id}").get_json()
    pages = [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", client.get(page).data.decode()))
        for page in (f"/games/{game_id}", f"/games/{game_id}/evening")
    ]
    return {key: value for key, value in found.items() if key not in ANEW} | {"pages": pages}


def listed(client) -> list[str]:
    """The phone's games, the latest opened first."""
    history = client.get("/history").data.decode()
    return re.findall(r'<li class="(?:finished|playing)">\s*<a href="/games/([^"]+)"', history)


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
    for variant, seats, seed in tables:
        allowed = sorted(VARIANTS[variant].base.players)
        played(old, variant, allowed[seats % len(allowed)], random.Random(seed))
    content = old.get("/history/rummy-referee-games.json.gz").data
    new = app.test_client()
    brought = new.post(
        "/history/bring-in",
        data={"games_file": (io.BytesIO(content), "games.json.gz")},
        content_type="multipart/form-data",
    )
    assert brought.status_code == 303
    games, copies = listed(old), listed(new)
    assert len(copies) == len(games)
    for game, copy in zip(games, copies, strict=True):
        assert as_read(new, copy) == as_read(old, game)
