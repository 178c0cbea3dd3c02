"""The migrations build exactly the tables the models describe, on every database, and
go down and up again cleanly: a host that upgrades loses nothing it had."""

import hashlib
from datetime import UTC, datetime

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import JSON, DateTime, column, inspect, select, table, update

from referee.rules import get_ruleset
from referee.storage.games import rules_of
from referee.storage.models import Deal, Game, IdempotentRequest, db

FOUR = ["A", "B", "C", "D"]


def differences(app):
    with app.app_context(), db.engine.connect() as connection:
        return compare_metadata(MigrationContext.configure(connection), db.metadata)


def test_a_new_database_is_exactly_the_models(stored_app):
    assert differences(stored_app) == []


def test_every_migration_goes_down_and_up_again(stored_app):
    client = stored_app.test_client()
    created = client.post("/api/v1/games", json={"variant": "push", "players": FOUR})
    game = created.get_json()
    with stored_app.app_context():
        downgrade(revision="0001")
        upgrade()
    assert differences(stored_app) == []
    read = client.get(f"/api/v1/games/{game['id']}")
    assert read.status_code == 200
    assert read.get_json()["players"] == FOUR


def test_an_answer_kept_before_0003_is_replayed_without_an_etag(stored_app):
    """An Idempotency-Key answer kept before migration 0003 has no version: a retry
    still gets it, with no ETag, since none was kept (the phone reads the game)."""
    client = stored_app.test_client()
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    path = f"/api/v1/games/{game['id']}/deals"
    headers = {"X-Edit-Key": game["edit_key"], "Idempotency-Key": "kept-before-0003"}
    deal = {"went_out": "A", "points": {"B": 5, "D": 5}}
    first = client.post(path, json=deal, headers=headers)
    with stored_app.app_context():
        db.session.execute(update(IdempotentRequest).values(version=None))
        db.session.commit()
    again = client.post(path, json=deal, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert "ETag" not in again.headers
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["deals"]) == 1


def test_a_push_game_stored_before_0004_reads_the_same_after_it(stored_app):
    """A database at 0003 (no bent tables) holding a Push game with deals, one of them
    written by the 0003 schema itself, is brought to head: every deal reads back as it
    was, none of them bent (R63 came with 0004)."""
    client = stored_app.test_client()
    game = client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()
    path = f"/api/v1/games/{game['id']}"
    key = {"X-Edit-Key": game["edit_key"]}
    for deal in (
        {"went_out": "A", "hands": {"B": "AS KD", "D": "7C JK"}},
        {"went_out": None, "points": {"A": 5, "B": 10, "C": 15, "D": 20}},
    ):
        assert client.post(f"{path}/deals", json=deal, headers=key).status_code == 201
    before = client.get(path).get_json()
    with stored_app.app_context():
        downgrade(revision="0003")
        assert "bent_table" not in {c["name"] for c in inspect(db.engine).get_columns("deal")}
        deal_0003 = table(  # the deal table as 0003 made it
            "deal",
            column("game_id"),
            column("number"),
            column("went_out"),
            column("hands", JSON),
            column("recorded_at", DateTime(timezone=True)),
        )
        with db.engine.begin() as connection:
            connection.execute(
                deal_0003.insert().values(
                    game_id=game["id"],
                    number=3,
                    went_out="B",
                    hands={"A": {"cards": ["10H"]}, "C": {"points": 20}},
                    recorded_at=datetime.now(UTC),
                )
            )
        upgrade()
        bent = db.session.execute(select(Deal.bent_table).order_by(Deal.number)).scalars()
        assert list(bent) == [False, False, False]
    assert differences(stored_app) == []
    after = client.get(path).get_json()
    assert after["deals"][:2] == before["deals"]
    assert after["deals"][2] == {
        "deal": 3,
        "cards_dealt": 8,
        "went_out": "B",
        "scores": {"We": 30, "They": 0},
        "points": {"A": 10, "B": None, "C": 20, "D": None},
    }
    followed = ("deals", "sheet", "totals", "dealer")  # a deal more: the next dealer (R76)
    assert {k: v for k, v in after.items() if k not in followed} == {
        k: v for k, v in before.items() if k not in followed
    }
    assert after["sheet"][:2] == before["sheet"]


def kept_before_0007(edit_key, key, secret=b"test"):
    """An edit key in a kept answer as the code before 0007 sealed it."""
    pad = hashlib.sha256(secret + b"\x00edit-key\x00" + key.encode()).digest()
    return "sealed:" + bytes(a ^ b for a, b in zip(edit_key.encode(), pad, strict=False)).hex()


def test_a_game_created_before_0007_is_replayed_with_its_edit_key(stored_app):
    """A kept answer holding an edit key sealed the old way is sealed again by 0007
    and a retry still gets the key; going down to 0006 seals it back the old way."""
    assert (  # the code before, run on these: its very output
        kept_before_0007("k9TqWbR2mXc4Lz7Hn1PfVg", "retry-key-1")
        == "sealed:e339ee6d436fbfc10d2618d6ed933951961ae06fde33"
    )
    client = stored_app.test_client()
    body, retry = {"variant": "push", "players": FOUR}, {"Idempotency-Key": "created-before-0007"}
    first = client.post("/api/v1/games", json=body, headers=retry)
    edit_key = first.get_json()["edit_key"]
    kept = select(IdempotentRequest.body)
    with stored_app.app_context():
        # The key as kept: its client's digest of the Idempotency-Key (0007 seals for it).
        kept_as = db.session.execute(select(IdempotentRequest.key)).scalar_one()
        db.session.rollback()  # read the downgrade's work afresh
        downgrade(revision="0006")
        assert db.session.execute(kept).scalar_one()["edit_key"] == kept_before_0007(
            edit_key, kept_as
        )
        db.session.rollback()
        # As the code before 0007 wrote it, whatever the downgrade does.
        old = table("idempotent_request", column("key"), column("body", JSON))
        with db.engine.begin() as connection:
            stored = connection.execute(select(old.c.body)).scalar_one()
            sealed = kept_before_0007(edit_key, kept_as)
            connection.execute(update(old).values(body=stored | {"edit_key": sealed}))
        upgrade()
        assert edit_key not in repr(db.session.execute(kept).scalar_one())
        db.session.rollback()
    again = client.post("/api/v1/games", json=body, headers=retry)
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    deal = {"went_out": "A", "points": {"B": 5, "D": 5}}
    recorded = client.post(
        f"/api/v1/games/{first.get_json()['id']}/deals",
        json=deal,
        headers={"X-Edit-Key": edit_key},
    )
    assert recorded.status_code == 201


def test_a_game_stored_before_0008_reads_the_same_after_it(stored_app):
    """A database at 0007 (no house rules, no bonuses) holding a game with deals, one
    of them written by the 0007 schema itself, is brought to head: the game reads as
    it did, with no house rules and its preset's rules (R73), no deal with a bonus."""
    client = stored_app.test_client()
    body = {"variant": "contract-rummy", "players": ["A", "B", "C"]}
    game = client.post("/api/v1/games", json=body).get_json()
    path = f"/api/v1/games/{game['id']}"
    key = {"X-Edit-Key": game["edit_key"]}
    for deal in (
        {"went_out": "A", "hands": {"B": "AS KD", "C": "7C JK"}},
        {"went_out": "B", "points": {"A": 5, "C": 20}},
    ):
        assert client.post(f"{path}/deals", json=deal, headers=key).status_code == 201
    before = client.get(path).get_json()
    with stored_app.app_context():
        downgrade(revision="0007")
        columns = {c["name"] for c in inspect(db.engine).get_columns("game")}
        assert not {"house", "rules"} & columns
        deal_0007 = table(  # the deal table as 0007 made it
            "deal",
            column("game_id"),
            column("number"),
            column("went_out"),
            column("hands", JSON),
            column("bent_table"),
            column("recorded_at", DateTime(timezone=True)),
        )
        with db.engine.begin() as connection:
            connection.execute(
                deal_0007.insert().values(
                    game_id=game["id"],
                    number=3,
                    went_out="C",
                    hands={"A": {"cards": ["10H", "JK"]}, "B": {"points": 15}},
                    bent_table=False,
                    recorded_at=datetime.now(UTC),
                )
            )
        upgrade()
        stored = db.session.get(Game, game["id"])
        assert (stored.house, stored.rules) == (None, None)
        assert [deal.adjust for deal in stored.deals] == [None, None, None]
        assert rules_of(stored) == get_ruleset("contract-rummy")
        db.session.rollback()
    assert differences(stored_app) == []
    after = client.get(path).get_json()
    assert after["deals"][:2] == before["deals"]
    assert after["deals"][2] == {
        "deal": 3,
        "cards_dealt": 10,  # the preset's deal 3
        "went_out": "C",
        "scores": {"A": 25, "B": 15, "C": 0},  # 10 and a joker at 15 (R60)
        "points": {"A": 25, "B": 15, "C": None},
    }
    assert after["sheet"][:2] == before["sheet"]
    assert after["totals"] == {
        side: total + after["deals"][2]["scores"][side] for side, total in before["totals"].items()
    }
    followed = ("deals", "sheet", "totals", "dealer")  # a deal more: the next dealer (R76)
    assert {k: v for k, v in after.items() if k not in followed} == {
        k: v for k, v in before.items() if k not in followed
    }


def test_what_phones_kept_before_0012_and_0013_is_theirs_after(stored_app):
    """A database at 0011: a phone that played a game again kept the next game itself
    (``phone_game.next_game_id``); another phone only saved rules. Brought to head, the
    next game is the game's, and both phones are seen now (none pruned before a whole
    period); down to 0011 again, the phone keeps its next game as before."""
    from referee.storage.models import Phone

    client = stored_app.test_client()
    played, again = (
        client.post("/api/v1/games", json={"variant": "push", "players": FOUR}).get_json()["id"]
        for _ in range(2)
    )
    phone_game = table(
        "phone_game",
        column("phone"),
        column("game_id"),
        column("how"),
        column("next_game_id"),
        column("opened_at", DateTime(timezone=True)),
    )
    saved_rules = table(
        "saved_rules",
        *(column(name) for name in ("phone", "key", "name", "variant")),
        column("options", JSON),
        column("house", JSON),
        column("saved_at", DateTime(timezone=True)),
    )
    now = datetime.now(UTC)
    with stored_app.app_context():
        downgrade(revision="0011")
        with db.engine.begin() as connection:
            for game, following in ((played, again), (again, None)):
                connection.execute(
                    phone_game.insert().values(
                        phone="p" * 64,
                        game_id=game,
                        how="started",
                        next_game_id=following,
                        opened_at=now,
                    )
                )
            connection.execute(
                saved_rules.insert().values(
                    phone="q" * 64,
                    key="ours",
                    name="Ours",
                    variant="push",
                    options={},
                    house={},
                    saved_at=now,
                )
            )
        upgrade()
        assert db.session.get(Game, played).next_game == again
        assert db.session.get(Game, again).next_game is None
        assert set(db.session.scalars(select(Phone.phone))) == {"p" * 64, "q" * 64}
        db.session.rollback()
        downgrade(revision="0011")
        with db.engine.connect() as connection:
            query = select(phone_game.c.game_id, phone_game.c.next_game_id)
            kept = {row[0]: row[1] for row in connection.execute(query)}
        assert kept == {played: again, again: None}
        upgrade()
    assert differences(stored_app) == []
