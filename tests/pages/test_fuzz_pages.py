"""The pages under tampered and hostile forms: never a 500, and nothing half-saved.

A phone sends what the page's own fields hold, but a form can be tampered with, a
keyboard can type digits of another script, and a proxy can mangle a body. Every
field the pages read is fuzzed here with hypothesis (CSRF off, so the fields reach
the code that reads them; CSRF itself is tested in test_game_pages.py), and what it
found is kept as named cases, on every database the tests run on.
"""

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import create_app
from referee.rules.variants import OPTIONS

from ..conftest import DATABASES, dispose
from .conftest import FOUR, start_game

# --- What fuzzing found ----------------------------------------------------------------------

#: (method, path, form or query, status). "{game}" is a Push game's sheet, with a deal.
FOUND = {
    # "²" is a digit to str.isdigit() but no number to int(): each was a 500.
    "a superscript digit as who went out": ("POST", "{game}/deals/new", {"went_out": "²"}, 200),
    "a superscript digit as the seat typed for": ("POST", "{game}/deals/new", {"active": "²"}, 200),
    "a superscript digit as a player's button": ("POST", "{game}/deals/new", {"press": "player:²"}, 200),
    "a superscript digit as points": ("POST", "{game}/deals/new", {"points-1": "²"}, 200),
    "a superscript digit as a card to remove": ("POST", "{game}/deals/new", {"hand-1": "AS", "active": "1", "press": "remove:²"}, 200),
    "a superscript digit as a meld to drop": ("GET", "{game}/check", {"mode": "contract", "melds": "AS", "press": "drop-meld:²"}, 303),
    "a superscript digit in the checker": ("GET", "/check", {"cards": "AS AH", "press": "remove:²", "_hx": "1"}, 200),
    # A rank that is none, waiting for its suit, made the card " S".
    "a blank rank then a suit": ("POST", "{game}/deals/new", {"went_out": "0", "active": "1", "rank": " ", "press": "suit:S"}, 200),
    # Python reads at most 4,300 digits.
    "5,000 digits of points": ("POST", "{game}/deals/new", {"points-1": "9" * 5000}, 200),
    "5,000 digits of points, saved": ("POST", "{game}/deals/new", {"went_out": "0", "points-1": "9" * 5000, "points-3": "5", "save": "1"}, 422),
    "5,000 digits as a version": ("POST", "{game}/deals/new", {"went_out": "0", "points-1": "5", "points-3": "5", "version": "9" * 5000, "save": "1"}, 303),
    # The database could not keep these: a 500 (SQLite overflow, PostgreSQL range).
    "a pot of 2**63": ("POST", "/?variant=cap-it", {"players-0": "Ann", "players-1": "Bob", "players-2": "Cat", "players-3": "Dan", "stake": str(2**63), "payout": "5"}, 422),
    # PostgreSQL keeps an attempt key in 64 characters and no NUL: a 500 there.
    "an attempt key of 100 characters": ("POST", "{game}/deals/new", {"went_out": "0", "points-1": "5", "points-3": "5", "attempt": "x" * 100, "save": "1"}, 303),
    "an attempt key with a NUL": ("POST", "{game}/deals/new", {"went_out": "0", "points-1": "5", "points-3": "5", "attempt": "key\x00withnul", "save": "1"}, 303),
    "a NUL in a player's name": ("POST", "/", {"players-0": "A\x00n", "players-1": "Bob", "players-2": "Cat", "players-3": "Dan"}, 422),
}  # fmt: skip


@pytest.fixture
def page_app(database_uri):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": database_uri,
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app
    dispose(app)


@pytest.mark.parametrize("database_uri", DATABASES, indirect=True)
@pytest.mark.parametrize("case", FOUND)
def test_what_fuzzing_found_is_answered_not_a_500(page_app, case):
    method, path, fields, status = FOUND[case]
    fields = dict(fields)
    client = page_app.test_client()
    game = start_game(client)
    client.post(f"{game}/deals/new", data={"went_out": "1", "points-0": "10", "points-2": "5", "save": "1"})  # fmt: skip
    before = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["deals"]
    headers = {"HX-Request": "true"} if fields.pop("_hx", None) else {}
    path = path.format(game=game)
    if method == "GET":
        response = client.get(path, query_string=fields, headers=headers)
    else:
        response = client.post(path, data=fields, headers=headers)
    assert response.status_code == status, response.text[:2000]
    assert response.status_code == 303 or response.mimetype == "text/html"
    after = client.get(f"/api/v1/games/{game.rsplit('/', 1)[1]}").get_json()["deals"]
    if status == 303 and path.endswith("/deals/new"):
        assert after[:-1] == before and len(after) == len(before) + 1
    else:
        assert after == before


def test_points_of_more_digits_than_any_hand_say_so(client):
    game = start_game(client)
    response = client.post(f"{game}/deals/new", data={"went_out": "0", "points-1": "9" * 30})
    assert "no hand holds that many points" in response.text


def test_points_in_another_script_are_read(client):
    """Digits of other scripts are numbers too: ٢٥ is 25."""
    game = start_game(client)
    response = client.post(
        f"{game}/deals/new",
        data={"went_out": "0", "points-1": "٢٥", "points-3": "5", "save": "1"},
    )
    assert response.status_code == 303
    game_id = game.rsplit("/", 1)[1]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["totals"]["They"] == 30


# --- hypothesis: every field the pages read ---------------------------------------------------

_DIR = Path(tempfile.mkdtemp(prefix="referee-page-fuzz-"))
FUZZ_APP = create_app(
    {
        "TESTING": True,
        "SECRET_KEY": "fuzz",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{_DIR / 'fuzz.db'}",
        "WTF_CSRF_ENABLED": False,
    }
)


@pytest.fixture(scope="module", autouse=True)
def _cleanup():
    yield
    dispose(FUZZ_APP)
    shutil.rmtree(_DIR, ignore_errors=True)


ODD = st.sampled_from(
    ["", " ", "²", "٣", "-1", "1.5", "1e3", "0x10", "9" * 30, "9" * 5000, "\x00", "x" * 200, "None", "NaN", "🂡", "<b>", "' OR 1=1 --"]
)  # fmt: skip
SEAT = st.sampled_from(["0", "1", "2", "3", "4", "5", "stock"]) | ODD
CARD_TEXT = (
    st.lists(
        st.sampled_from(["AS", "10H", "2C", "JK", "KD", "7H", "QS", "XX", "1X", "♥", "ZZ"]),
        max_size=12,
    ).map(" ".join)
    | ODD
)
PRESS = (
    st.sampled_from(["joker", "back", "clear", "next-meld", "typed", "mode:layoff", "mode:rescue", "into:table", "into:tray", "mode:contract", "mode:hand"])
    | st.builds(lambda melds: "send:" + "|".join(melds), st.lists(CARD_TEXT, max_size=10))
    | st.builds(lambda rank: f"rank:{rank}", st.sampled_from(["A", "2", "10", "K", "Z", ""]))
    | st.builds(lambda suit: f"suit:{suit}", st.sampled_from(["S", "H", "D", "C", "X"]))
    | st.builds(lambda value: f"remove:{value}", SEAT)
    | st.builds(lambda value: f"player:{value}", SEAT)
    | st.builds(lambda value: f"drop-meld:{value}", SEAT)
    | st.builds(lambda value: f"declare:{value}", st.sampled_from(["set:6", "run:D:4", "run:X:4", "set:", "run:D:²"]) | ODD)
    | ODD
)  # fmt: skip
POINTS = st.integers(0, 40).map(lambda n: str(5 * n)) | ODD

DEAL_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "went_out": SEAT,
        "active": SEAT,
        "rank": st.sampled_from(["A", "7", "10", ""]) | ODD,
        "press": PRESS,
        "version": st.sampled_from(["1", "2", "3"]) | ODD,
        "attempt": st.sampled_from(["a" * 32, "short"]) | ODD,
        **{f"hand-{i}": CARD_TEXT for i in range(6)},
        **{f"points-{i}": POINTS for i in range(6)},
        "save": st.just("1"),
    },
)
CHECK_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "mode": st.sampled_from(["meld", "layoff", "rescue", "contract", "hand"]) | ODD,
        "hand": CARD_TEXT,
        "cards": CARD_TEXT,
        "rank": st.sampled_from(["A", "7", ""]) | ODD,
        "table": CARD_TEXT,
        "table_rank": ODD,
        "into": st.sampled_from(["tray", "table"]) | ODD,
        "melds": st.lists(CARD_TEXT, max_size=10),
        "declare": st.sampled_from(["set:6", "run:D:4"]) | ODD,
        "typed": CARD_TEXT,
        "press": PRESS,
        "variant": st.sampled_from(["push", "cap-it", "shove-it", "gin"]) | ODD,
    },
)
NAME = st.sampled_from([*FOUR, "Eve", "Fay", "", "  "]) | ODD
NEW_GAME_FIELDS = st.fixed_dictionaries(
    {f"players-{i}": NAME for i in range(4)},
    optional={
        **{f"players-{i}": NAME for i in range(4, 7)},
        "teams-0": NAME,
        "teams-1": NAME,
        "stake": POINTS,
        "payout": POINTS,
        **{f"option_{name}": st.sampled_from(["y", "", "n"]) | ODD for name in OPTIONS},
    },
)

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_answered(response, request):
    assert response.status_code < 500, f"{request} -> {response.status_code}"
    if response.status_code not in (204, 303, 304):
        assert response.mimetype == "text/html", f"{request} -> {response.mimetype}"


class FuzzGame:
    """A game on FUZZ_APP with two deals, and this client holding its edit key."""

    def __init__(self, variant: str, players: list[str]):
        self.client = FUZZ_APP.test_client()
        fields = {"option_partnerships": "y"} if variant == "push" else {}
        self.path = start_game(self.client, variant, players, **fields)
        self.id = self.path.rsplit("/", 1)[1]

    def deals(self) -> list:
        return self.client.get(f"/api/v1/games/{self.id}").get_json()["deals"]

    def ready(self) -> list:
        """Back to between one and three deals; the deals."""
        while len(deals := self.deals()) > 3:
            self.client.post(f"{self.path}/undo", data={})
        while len(deals := self.deals()) < 1:
            self.client.post(
                f"{self.path}/deals/new",
                data={"went_out": "stock", **{f"points-{i}": "5" for i in range(6)}, "save": "1"},
            )
        return deals


@pytest.fixture(scope="module")
def fuzz_games():
    return [FuzzGame("push", FOUR), FuzzGame("push-solo", [*FOUR, "Eve", "Fay"])]


@pytest.mark.parametrize("where", ["deals/new", "deals/1/edit", "deals/2/edit", "deals/9/edit"])
@FUZZ
@given(data=st.data())
def test_any_deal_form_is_answered_and_saves_whole_or_not_at_all(fuzz_games, where, data):
    game = data.draw(st.sampled_from(fuzz_games), label="game")
    before = game.ready()
    fields = data.draw(DEAL_FIELDS, label="fields")
    htmx = data.draw(st.booleans(), label="htmx")
    response = game.client.post(
        f"{game.path}/{where}", data=fields, headers={"HX-Request": "true"} if htmx else {}
    )
    assert_answered(response, f"POST {where} {fields!r}"[:3000])
    after = game.deals()
    saved = response.status_code in (204, 303) and "save" in fields
    if not saved:
        assert after == before
    elif where == "deals/new":
        assert after[:-1] == before and len(after) == len(before) + 1
    else:
        number = int(re.search(r"\d+", where).group())
        assert [d for d in after if d["deal"] != number] == [
            d for d in before if d["deal"] != number
        ]


@pytest.mark.parametrize("where", ["/check", "game"])
@FUZZ
@given(data=st.data())
def test_any_checker_state_is_answered(fuzz_games, where, data):
    game = fuzz_games[0]
    fields = data.draw(CHECK_FIELDS, label="query")
    path = "/check" if where == "/check" else f"{game.path}/check"
    htmx = data.draw(st.booleans(), label="htmx")
    response = game.client.get(
        path, query_string=fields, headers={"HX-Request": "true"} if htmx else {}
    )
    assert_answered(response, f"GET {path} {fields!r}"[:3000])


@FUZZ
@given(
    fields=NEW_GAME_FIELDS,
    variant=st.sampled_from(["push", "push-solo", "cap-it", "shove-it"]) | st.sampled_from(["", "gin", "\x00"]),
)  # fmt: skip
def test_any_new_game_form_is_answered(fields, variant):
    response = FUZZ_APP.test_client().post(f"/?variant={variant}", data=fields)
    assert_answered(response, f"POST / {variant!r} {fields!r}"[:3000])


@FUZZ
@given(data=st.data())
def test_undo_and_join_with_anything_are_answered(fuzz_games, data):
    game = data.draw(st.sampled_from(fuzz_games), label="game")
    before = game.ready()
    version = data.draw(st.sampled_from(["1", "99"]) | ODD, label="version")
    undone = game.client.post(f"{game.path}/undo", data={"version": version})
    assert_answered(undone, f"undo {version!r}")
    if undone.status_code not in (204, 303):
        assert game.deals() == before
    key = data.draw(ODD | st.text(max_size=70), label="key")
    joined = FUZZ_APP.test_client().post(f"{game.path}/join", data={"key": key})
    assert_answered(joined, f"join {key!r}")
    assert joined.status_code in (200, 403)
