"""GET /healthz: 200 when the database answers with the newest schema; 503 saying
what is wrong otherwise, so a proxy or a container stops sending players there."""

from flask_migrate import downgrade

from referee import create_app

from ..conftest import dispose


def test_a_ready_app_is_healthy(stored_client):
    answer = stored_client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json() == {"database": "ok", "schema": "current"}
    assert "Set-Cookie" not in answer.headers


def test_a_schema_behind_the_code_is_503_and_says_how_to_mend_it(stored_app):
    with stored_app.app_context():
        downgrade(revision="0001")
    answer = stored_app.test_client().get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json()["schema"].startswith("behind: run flask --app referee db upgrade")


def test_a_database_that_does_not_answer_is_503():
    app = create_app(
        {
            "SECRET_KEY": "test",
            # Nothing listens on port 1: the connection is refused at once.
            "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/none",
            "UPGRADE_DATABASE_ON_START": False,
        }
    )
    answer = app.test_client().get("/healthz")
    assert answer.status_code == 503
    assert answer.get_json() == {"database": "unreachable", "schema": "unknown"}
    dispose(app)


def test_each_request_is_one_line_at_info_without_query_or_key(stored_client, caplog):
    created = stored_client.post(
        "/api/v1/games", json={"variant": "push", "players": ["A", "B", "C", "D"]}
    ).get_json()
    key = created["edit_key"]
    with caplog.at_level("INFO", logger="referee"):
        stored_client.get(f"/games/{created['id']}/check?cards=7H", headers={"X-Edit-Key": key})
    lines = [r.getMessage() for r in caplog.records if r.name == "referee"]
    assert len(lines) == 1
    assert lines[0].startswith(f"GET /games/{created['id']}/check 200 ")
    assert key not in lines[0] and "cards=" not in lines[0]
