"""`flask referee prune`: kept answers go after their day and counted writes after
their window (a minute; the games files bring in, an hour); old finished games go when asked, and what phones not seen for as long
kept; a game still being played is kept unless asked too."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from referee.plumbing.limits import client
from referee.storage import phones, saved_rules
from referee.storage.allowance import Allowance, TooManyWrites
from referee.storage.database import begin_write
from referee.storage.housekeeping import parse_duration
from referee.storage.idempotency import Guard
from referee.storage.models import (
    Deal,
    Game,
    IdempotentRequest,
    Phone,
    PhoneGame,
    RecentWrite,
    SavedRules,
    db,
)

FOUR = ["Ann", "Bob", "Cat", "Dan"]
LONG_AGO = datetime.now(UTC) - timedelta(days=200)


def start(client, deals=0, key=None):
    headers = {"Idempotency-Key": key} if key else {}
    game = client.post(
        "/api/v1/games", json={"variant": "push", "players": FOUR}, headers=headers
    ).get_json()
    for _ in range(deals):
        client.post(
            f"/api/v1/games/{game['id']}/deals",
            json={"went_out": "Ann", "points": {"Bob": 5, "Dan": 5}},
            headers={"X-Edit-Key": game["edit_key"]},
        )
    return game["id"]


def count(app, model):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def age(app, model, *where):
    with app.app_context():
        column = model.updated_at if model is Game else model.created_at
        db.session.execute(update(model).where(*where).values({column: LONG_AGO}))
        db.session.commit()


def kept_as(app, key):
    """The key as kept: with the test client's own address, as its client."""
    with app.test_request_context(environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        return Guard(key=key, client=client()).kept_as


def prune(app, *args):
    return app.test_cli_runner().invoke(args=["referee", "prune", *args])


def test_prune_forgets_kept_answers_past_their_day_and_nothing_else(stored_app):
    client = stored_app.test_client()
    start(client, key="first-key-1")
    start(client, key="second-key-2")
    age(stored_app, IdempotentRequest, IdempotentRequest.key == kept_as(stored_app, "first-key-1"))
    result = prune(stored_app)
    assert result.exit_code == 0, result.output
    assert "removed 1 kept answers, 0 counted writes and 0 games" in result.output
    assert count(stored_app, IdempotentRequest) == 1
    assert count(stored_app, Game) == 2


def test_prune_older_than_removes_old_finished_games_with_their_deals(stored_app):
    client = stored_app.test_client()
    finished, playing, recent = start(client, 5), start(client, 2), start(client, 5)
    age(stored_app, Game, Game.id.in_([finished, playing]))
    result = prune(stored_app, "--older-than", "90d")
    assert result.exit_code == 0, result.output
    assert "0 counted writes and 1 games" in result.output
    with stored_app.app_context():
        assert set(db.session.scalars(select(Game.id))) == {playing, recent}
        assert (
            db.session.scalar(
                select(func.count()).select_from(Deal).where(Deal.game_id == finished)
            )
            == 0
        )
    result = prune(stored_app, "--older-than", "90d", "--unfinished-too")
    assert "1 games" in result.output
    assert count(stored_app, Game) == 1


@pytest.mark.parametrize("args", [["--older-than", "soon"], ["--unfinished-too"]])
def test_prune_refuses_what_it_cannot_read_and_removes_nothing(stored_app, args):
    start(stored_app.test_client(), 5)
    result = prune(stored_app, *args)
    assert result.exit_code == 2
    assert "Error" in result.output
    assert count(stored_app, Game) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90d", timedelta(days=90)),
        ("12h", timedelta(hours=12)),
        ("30 minutes", timedelta(minutes=30)),
    ],
)
def test_durations(text, expected):
    assert parse_duration(text) == expected


def test_prune_older_than_forgets_the_games_a_phone_only_follows_and_has_not_opened(stored_app):
    """A followed game is only a line in a phone's list: one the phone has not opened
    for that long is what no phone needs. A game a phone started or joined keeps its
    edit key, and stays while the game does."""
    client = stored_app.test_client()
    game = start(client)
    with stored_app.app_context():
        for phone, how, key in [
            ("old-follower", "followed", None),
            ("new-follower", "followed", None),
            ("old-editor", "joined", "the-edit-key"),
        ]:
            phones.keep(phone, game, how, b"test", key)
        db.session.execute(
            update(PhoneGame)
            .where(
                PhoneGame.phone.in_([phones.digest("old-follower"), phones.digest("old-editor")])
            )
            .values(opened_at=LONG_AGO)
        )
        db.session.commit()
    result = prune(stored_app)
    assert "0 games" in result.output and count(stored_app, PhoneGame) == 3  # not asked
    result = prune(stored_app, "--older-than", "90d")
    assert result.exit_code == 0, result.output
    assert "1 games followed" in result.output
    with stored_app.app_context():
        kept = set(db.session.scalars(select(PhoneGame.phone)))
    assert kept == {phones.digest("new-follower"), phones.digest("old-editor")}


def test_prune_older_than_forgets_what_phones_not_seen_for_as_long_kept(stored_app):
    """A phone gone for the period loses its saved rules and its follows, and its own
    row once it keeps nothing; a game it may change stays with its key while the game
    does. A phone seen since keeps everything."""
    game = start(stored_app.test_client())
    with stored_app.app_context():
        for phone in ("gone", "gone-editor", "here"):
            saved_rules.save(phone, "Ours", "push", {}, {})
            phones.keep(
                phone,
                game,
                "followed" if phone != "gone-editor" else "joined",
                b"t",
                "the-edit-key" if phone == "gone-editor" else None,
            )
        gone = [phones.digest("gone"), phones.digest("gone-editor")]
        db.session.execute(update(Phone).where(Phone.phone.in_(gone)).values(seen_at=LONG_AGO))
        db.session.commit()
    result = prune(stored_app, "--older-than", "90d")
    assert result.exit_code == 0, result.output
    assert "1 games followed" in result.output
    assert "2 saved rules of phones not seen since, and 1 such phones" in result.output
    with stored_app.app_context():
        assert set(db.session.scalars(select(SavedRules.phone))) == {phones.digest("here")}
        assert set(db.session.scalars(select(PhoneGame.phone))) == {
            phones.digest("here"),
            phones.digest("gone-editor"),
        }
        assert set(db.session.scalars(select(Phone.phone))) == {
            phones.digest("here"),
            phones.digest("gone-editor"),
        }


def test_a_phone_that_comes_back_is_seen_again(make_app, database_uri):
    app = make_app(database_uri, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    game = start(client)
    client.get("/")
    assert count(app, Phone) == 0  # a phone that keeps nothing has no row
    assert client.post(f"/games/{game}/keep").status_code == 303
    with app.app_context():
        db.session.execute(update(Phone).values(seen_at=LONG_AGO))
        db.session.commit()
    client.get("/")
    with app.app_context():
        seen = db.session.scalar(select(Phone.seen_at))
    assert seen.replace(tzinfo=seen.tzinfo or UTC) > datetime.now(UTC) - timedelta(days=1)


def test_prune_forgets_counted_writes_past_their_minute(stored_app):
    with stored_app.app_context():
        begin_write()
        for _ in range(3):
            Allowance("someone", {"game": 10}).spend("game")
        db.session.commit()
        first_two = list(db.session.scalars(select(RecentWrite.id).order_by(RecentWrite.id)))[:2]
        db.session.execute(
            update(RecentWrite).where(RecentWrite.id.in_(first_two)).values(at=LONG_AGO)
        )
        db.session.commit()
    result = prune(stored_app)
    assert "2 counted writes" in result.output
    assert count(stored_app, RecentWrite) == 1


def counted_ago(app, *writes):
    """Writes counted for "someone", each (kind, minutes ago)."""
    with app.app_context():
        begin_write()
        for kind, _ in writes:
            Allowance("someone", {kind: 500}).spend(kind)
        db.session.commit()
        ids = db.session.scalars(select(RecentWrite.id).order_by(RecentWrite.id)).all()
        for row, (_, minutes) in zip(ids, writes, strict=True):
            when = datetime.now(UTC) - timedelta(minutes=minutes)
            db.session.execute(update(RecentWrite).where(RecentWrite.id == row).values(at=when))
        db.session.commit()


def test_prune_keeps_the_games_brought_in_for_their_hour(stored_app):
    counted_ago(stored_app, ("brought", 2), ("brought", 59), ("brought", 61), ("import", 2))
    result = prune(stored_app)
    assert "2 counted writes" in result.output  # the file's minute, one game's hour
    assert count(stored_app, RecentWrite) == 2


#: What an address has counted of a kind (each row: minutes ago, how many), what it
#: asks to count now, and whether that is let in, with the allowance its kind's
#: (the games files bring in: 3 an hour; new games: 3 a minute).
SPENDS = [
    ("brought", [], 2, True),
    ("brought", [(30, 2)], 1, True),
    ("brought", [(30, 2)], 2, False),  # 4 of 3 in the hour
    ("brought", [(59, 3)], 1, False),  # still within its hour
    ("brought", [(61, 3)], 3, True),  # its hour past
    ("brought", [], 7, True),  # more than the hour's, alone in its hour
    ("brought", [(5, 1)], 7, False),
    ("game", [(0.5, 1), (0.5, 1)], 1, True),
    ("game", [(0.5, 1), (0.5, 1), (0.5, 1)], 1, False),
    ("game", [(2, 1), (2, 1), (2, 1)], 1, True),  # a minute is a new game's window
]


@pytest.mark.parametrize(("kind", "counted", "asked", "let_in"), SPENDS)
def test_an_address_spends_its_allowance_within_each_kind_s_window(
    stored_app, kind, counted, asked, let_in
):
    now = datetime.now(UTC)
    allowance = Allowance("someone", {kind: 3})
    with stored_app.app_context():
        for minutes, many in counted:
            at = now - timedelta(minutes=minutes)
            db.session.add(RecentWrite(who="someone", kind=kind, at=at, count=many))
        db.session.commit()
        begin_write()
        if let_in:
            allowance.spend(kind, asked)
        else:
            with pytest.raises(TooManyWrites) as refused:
                allowance.spend(kind, asked)
            # Retry-After: until the oldest counted is past its window.
            window = 60 if kind == "brought" else 1
            oldest = max(minutes for minutes, _ in counted)
            assert abs(refused.value.retry_after - (window - oldest) * 60) <= 2
        db.session.rollback()
