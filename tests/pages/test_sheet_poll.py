"""The sheet's poll, which every phone following a game sends every 3 s: an
unchanged game is answered 304 from its version alone, with nothing loaded, drawn
or written, and no cookie; a page opened in full is remembered on the phone."""

import logging
import time
from datetime import timedelta

import pytest
from flask import Request, request_started, template_rendered
from sqlalchemy import event, text
from sqlalchemy.exc import OperationalError

from referee.pages.sheet.sheet import UnchangedSheet
from referee.storage import database as storage
from referee.storage import phones, polls
from referee.storage.models import Game, db

from .conftest import enter_deal, start_game

POLL = {"HX-Request": "true", "Accept-Encoding": "br"}


class Watched:
    """The Games loaded, the templates drawn and the statements sent through
    SQLAlchemy (the ORM or Core; not the driver's own cursor) while it is open."""

    def __init__(self, app):
        self.app, self.loaded, self.drawn, self.statements = app, [], [], []
        with app.app_context():
            self.engine = db.engine

    def _statement(self, _connection, _cursor, statement, *_):
        self.statements.append(statement)

    def _load(self, target, _context):
        self.loaded.append(target.id)

    def _drawn(self, _app, template, **_):
        self.drawn.append(template.name)

    def __enter__(self):
        event.listen(Game, "load", self._load)
        event.listen(self.engine, "before_cursor_execute", self._statement)
        template_rendered.connect(self._drawn, self.app)
        return self

    def __exit__(self, *_):
        event.remove(Game, "load", self._load)
        event.remove(self.engine, "before_cursor_execute", self._statement)
        template_rendered.disconnect(self._drawn, self.app)


def test_an_unchanged_poll_loads_no_game_draws_nothing_and_sets_no_cookie(app, client):
    """Its one query (the version, and whether this phone keeps the edit key) goes
    straight to the driver: no ORM session, no statement through SQLAlchemy."""
    game = start_game(client)
    first = client.get(game, headers=POLL)
    assert first.status_code == 200
    assert "Set-Cookie" not in first.headers  # a poll does not write the phone's memory
    with Watched(app) as watched:
        again = client.get(game, headers=POLL | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert (watched.loaded, watched.drawn, watched.statements) == ([], [], [])
    assert "Set-Cookie" not in again.headers
    assert "Content-Encoding" not in again.headers  # nothing to compress
    assert again.headers["ETag"] == first.headers["ETag"].replace(":br", "")
    assert again.headers["Vary"] == "HX-Request, Cookie, Accept-Language, Accept-Encoding"
    assert again.headers["Cache-Control"] == "no-cache"


def test_an_unchanged_poll_is_answered_before_the_app_with_the_sheets_headers(app, client, caplog):
    """sheet.sheet answers it in front of Flask: no request is started, the line of
    the log is written as for any request, and every header the sheet is sent with
    that is not about its body (security, caching, what the answer varies on) comes
    with the 304 as it came with the sheet."""
    game = start_game(client)
    first = client.get(game, headers=POLL)
    started = []
    with (
        request_started.connected_to(lambda sender, **_: started.append(sender), app),
        caplog.at_level(logging.INFO, logger=app.logger.name),
    ):
        again = client.get(game, headers=POLL | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert started == []
    assert f"GET {game} 304" in caplog.text
    # A 304 has no body, so none of the headers that describe one; the tag is the
    # sheet's without the coding (see test_the_compressed_form_of_the_tag_is_unchanged_too).
    of_the_body = {"Content-Type", "Content-Length", "Content-Encoding", "Date", "ETag"}
    sheets = [(name, value) for name, value in first.headers if name not in of_the_body]
    assert sheets  # not an empty comparison
    assert sorted(sheets) == sorted(
        (name, value) for name, value in again.headers if name != "ETag"
    )
    assert again.get_data() == b""


def without_the_unchanged_poll(app, monkeypatch):
    """Send the app's requests straight to Flask: the layer that answers an unchanged
    poll in front of it taken out, wherever it stands among the others (ProxyFix
    keeps what it wraps in ``app``)."""
    holder, name = app, "wsgi_app"
    while not isinstance(getattr(holder, name), UnchangedSheet):
        holder, name = getattr(holder, name), "app"
    monkeypatch.setattr(holder, name, getattr(holder, name).inner)


def every_header(response, coding=None):
    """Every header of an answer, as sent, in order of name; with the coding
    Flask-Compress appended to the ETag taken off, and without Date (werkzeug writes
    one on the view's 304, the server one on every answer)."""
    headers = [(name, value) for name, value in response.headers if name != "Date"]
    if coding is not None:
        headers = [
            (name, value.replace(f':{coding}"', '"') if name == "ETag" else value)
            for name, value in headers
        ]
    return sorted(headers)


@pytest.mark.parametrize("hops", [0, 1], ids=["direct", "behind a proxy"])
@pytest.mark.parametrize("coding", ["br", "gzip"])
@pytest.mark.parametrize("editor", [True, False], ids=["editor", "follower"])
def test_an_unchanged_poll_answered_in_front_is_the_views_own_304(
    tmp_path, make_app, monkeypatch, hops, coding, editor
):
    """The same poll of an unchanged sheet, answered in front of Flask and by the
    view itself: the same status and every header the same, but the view's ETag
    names the coding it would have sent the sheet in (the tag sent in front names
    the sheet in every coding) and Date."""
    app = make_app(f"sqlite:///{tmp_path / 'referee.db'}", WTF_CSRF_ENABLED=False, PROXY_HOPS=hops)
    starter = app.test_client()
    game = start_game(starter)
    phone = starter if editor else app.test_client()
    poll = {"HX-Request": "true", "Accept-Encoding": coding, "X-Forwarded-For": "192.0.2.7"}
    tag = phone.get(game, headers=poll).headers["ETag"]
    assert tag.endswith(f':{coding}"')
    assert ("-editor" in tag) == editor
    asked = poll | {"If-None-Match": tag}
    in_front = phone.get(game, headers=asked)
    without_the_unchanged_poll(app, monkeypatch)
    started = []
    with request_started.connected_to(lambda sender, **_: started.append(sender), app):
        by_the_view = phone.get(game, headers=asked)
    assert started == [app]  # the view did answer
    assert in_front.status_code == by_the_view.status_code == 304
    assert by_the_view.headers["ETag"] == in_front.headers["ETag"][:-1] + f':{coding}"'
    assert every_header(in_front) == every_header(by_the_view, coding)
    assert in_front.get_data() == by_the_view.get_data() == b""


def test_behind_a_proxy_the_poll_is_read_as_the_phone_sent_it(tmp_path, make_app, monkeypatch):
    """ProxyFix stands in front of everything that answers, the unchanged poll too:
    what the poll is answered from is the phone's own address, not the proxy's."""
    app = make_app(f"sqlite:///{tmp_path / 'referee.db'}", WTF_CSRF_ENABLED=False, PROXY_HOPS=1)
    client = app.test_client()
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]
    seen = []
    asked = UnchangedSheet.unchanged

    def unchanged(layer, game_id, environ):
        seen.append(environ["REMOTE_ADDR"])
        return asked(layer, game_id, environ)

    monkeypatch.setattr(UnchangedSheet, "unchanged", unchanged)
    answer = client.get(
        game, headers=POLL | {"If-None-Match": tag, "X-Forwarded-For": "192.0.2.7"}
    )
    assert answer.status_code == 304
    assert seen == ["192.0.2.7"]


def test_the_compressed_form_of_the_tag_is_unchanged_too(client):
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]
    assert tag.endswith(':br"')  # the fragment went out compressed: the tag says so
    plain = tag.replace(":br", "")
    for sent in (tag, plain, f"W/{plain}", f'"other", {tag}'):
        assert client.get(game, headers=POLL | {"If-None-Match": sent}).status_code == 304


def test_a_follower_holding_an_editors_tag_gets_the_follower_sheet(app, client):
    game = start_game(client)
    editor_tag = client.get(game, headers=POLL).headers["ETag"]
    assert "-editor" in editor_tag
    follower = app.test_client()
    answer = follower.get(game, headers=POLL | {"If-None-Match": editor_tag})
    assert answer.status_code == 200
    assert "-follower" in answer.headers["ETag"]


def test_a_poll_with_a_forged_cookie_is_a_followers(app, client):
    """The cookie is read as Flask reads it, signature and all: a phone cannot
    claim another's games by editing its cookie."""
    game = start_game(client)
    editor_tag = client.get(game, headers=POLL).headers["ETag"]
    cookie = client.get_cookie("session").value
    forged = app.test_client()
    forged.set_cookie("session", cookie[:-4] + ("AAAA" if cookie[-4:] != "AAAA" else "BBBB"))
    answer = forged.get(game, headers=POLL | {"If-None-Match": editor_tag})
    assert answer.status_code == 200
    assert "-follower" in answer.headers["ETag"]


def test_a_cookie_remembered_as_checked_still_grows_old(app, client):
    """A worker checks a cookie's signature once, but judges its age on every poll,
    as Flask does: a session older than the app's lifetime is no session."""
    game = start_game(client)
    editor_tag = client.get(game, headers=POLL).headers["ETag"]
    assert client.get(game, headers=POLL | {"If-None-Match": editor_tag}).status_code == 304
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=-1)
    answer = client.get(game, headers=POLL | {"If-None-Match": editor_tag})
    assert answer.status_code == 200
    assert "-follower" in answer.headers["ETag"]


@pytest.mark.parametrize(
    "signed", [-3600, -61, -60, -59, 0, 1], ids=lambda s: f"signed {s:+d} s from now"
)
def test_the_poll_judges_a_cookies_age_as_flasks_session_does(app, client, monkeypatch, signed):
    """The cookie's signature is checked once per worker, so its age is judged apart
    from it: as Flask's session judges it, to the second, at the lifetime's edge and
    for a cookie signed in the future."""
    game = start_game(client)
    client.get(game)  # the phone's token in its cookie
    with client.session_transaction() as memory:
        token = memory["phone"]
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(seconds=60)
    now = 1_900_000_000
    serializer = app.session_interface.get_signing_serializer(app)
    monkeypatch.setattr(time, "time", lambda: now + signed)
    cookie = serializer.dumps({"phone": token, "_permanent": True})
    monkeypatch.setattr(time, "time", lambda: now)
    request = Request.from_values(headers={"Cookie": f"session={cookie}"})
    flask_sees = app.session_interface.open_session(app, request).get("phone")
    layer = app.wsgi_app
    assert isinstance(layer, UnchangedSheet)
    poll_sees = layer.phone(request.environ)
    assert poll_sees == (phones.digest(flask_sees) if flask_sees else None)
    assert (poll_sees is not None) == (signed in (-60, -59, 0))


def drop_a_pooled_connection(app):
    """What a database restart or an idle timeout does to the connection the polls'
    pool holds: it is gone, and the pool does not know."""
    reads = storage.reads(app)
    pooled = reads.raw_connection()
    driver = pooled.driver_connection
    pooled.close()  # back to the pool, which will lend it out again untested
    if reads.dialect.name == "postgresql":
        with app.app_context(), db.engine.connect() as other:
            pid = driver.info.backend_pid
            ended = other.execute(text("SELECT pg_terminate_backend(:pid, 10000)"), {"pid": pid})
            assert ended.scalar_one()
    else:
        driver.close()
        for kept in storage.THREAD_READS.connections.values():  # this thread's own (SQLite)
            kept.close()


def test_a_poll_on_a_dropped_connection_is_asked_again_on_a_new_one(database_uri, make_app):
    """The polls' engine pings nothing before a read: a dropped connection is found
    by the read itself, which is asked again once on a new connection, and the 304
    is still answered in front of the app."""
    app = make_app(database_uri, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]
    assert client.get(game, headers=POLL | {"If-None-Match": tag}).status_code == 304
    drop_a_pooled_connection(app)
    started = []
    with request_started.connected_to(lambda sender, **_: started.append(sender), app):
        again = client.get(game, headers=POLL | {"If-None-Match": tag})
    assert again.status_code == 304
    assert started == []


def test_a_read_that_fails_twice_is_the_callers_to_answer(app):
    """One retry, not a loop: a database that is really gone is the app's to answer."""
    reads = storage.reads(app)
    with pytest.raises(reads.dialect.loaded_dbapi.Error):
        storage.read_row(reads, "SELECT no_such_column FROM game", ())


def test_when_the_poll_cannot_ask_the_database_the_app_answers(app, client, monkeypatch):
    """Whatever goes wrong in front of the app is the app's to answer, with its own
    pages and log, as for any request."""
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]

    def gone(*_):
        raise OperationalError("SELECT", {}, Exception("the database went away"))

    monkeypatch.setattr(polls, "sheet_state", gone)
    started = []
    with request_started.connected_to(lambda sender, **_: started.append(sender), app):
        answer = client.get(game, headers=POLL | {"If-None-Match": tag})
    assert started == [app]
    # The view drew the sheet from the game itself; unchanged, it still goes out as a
    # 304 (Flask-Compress compares the tags of what it would send).
    assert answer.status_code == 304


def test_a_changed_game_is_sent_whole_and_a_page_kept_is_remembered(app, client):
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]
    enter_deal(client, game, 0, points_1="10", points_3="5")
    changed = client.get(game, headers=POLL | {"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    other = app.test_client()
    page = other.get(game)  # the whole page, read: the phone keeps nothing yet
    assert page.status_code == 200
    assert game.rsplit("/", 1)[1] not in other.get("/").data.decode()
    assert other.post(f"{game}/keep").status_code == 303  # one tap keeps it
    assert "Set-Cookie" in other.get(game).headers  # the page opened in full renews it
    assert game.rsplit("/", 1)[1] in other.get("/").data.decode()


def test_a_poll_of_no_such_game_is_the_404_page(client):
    answer = client.get(
        "/games/nosuchgame", headers=POLL | {"If-None-Match": '"sheet-v1-fragment-follower"'}
    )
    assert answer.status_code == 404


HTMX = {"HX-Request": "true"}  # a poll as read here, uncompressed


def test_a_changed_sheet_is_drawn_once_for_all_the_followers(app, client):
    """After a deal every follower asks for the same new sheet: the first is drawn,
    the others are sent it as drawn, with no Game loaded, and it is the same sheet."""
    game = start_game(client)
    followers = [app.test_client() for _ in range(3)]
    first = followers[0].get(game, headers=HTMX)
    with Watched(app) as watched:
        others = [follower.get(game, headers=HTMX) for follower in followers[1:]]
    assert (watched.loaded, watched.drawn) == ([], [])
    for answer in others:
        assert answer.status_code == 200
        assert answer.get_data() == first.get_data()
        assert answer.headers["ETag"] == first.headers["ETag"]
        assert "-follower" in answer.headers["ETag"]
        assert "Set-Cookie" not in answer.headers


def test_the_next_version_is_drawn_afresh(app, client):
    game = start_game(client)
    follower = app.test_client()
    before = follower.get(game, headers=HTMX)
    enter_deal(client, game, 0, points_1="10", points_3="5")
    with Watched(app) as watched:
        after = follower.get(game, headers=HTMX | {"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200
    assert watched.drawn == ["_sheet.html"]
    assert after.headers["ETag"] != before.headers["ETag"]
    assert "Deal 2" in after.get_data(as_text=True)


def test_an_editors_sheet_is_always_drawn_for_its_own_phone(app, client):
    """An editor's sheet has its buttons and its own CSRF token: never shared, and a
    follower's drawn sheet is never sent to an editor."""
    game = start_game(client)
    app.test_client().get(game, headers=HTMX)  # a follower's sheet, drawn and kept
    with Watched(app) as watched:
        mine = client.get(game, headers=HTMX)
    assert watched.drawn == ["_sheet.html"]
    assert "-editor" in mine.headers["ETag"]
    assert "Enter deal 1" in mine.get_data(as_text=True)
    follower = app.test_client().get(game, headers=HTMX)
    assert "Enter deal 1" not in follower.get_data(as_text=True)
    assert "csrf_token" not in follower.get_data(as_text=True)


def test_a_followers_sheet_whose_read_fails_is_drawn_in_full(app, client, monkeypatch):
    """The polls' read works on the driver's own cursor, so its failures are the
    driver's errors: a follower whose quick read fails still gets the sheet, drawn
    from the game as the app's engine loads it, not an error page."""
    game = start_game(client)
    follower = app.test_client()
    drawn = follower.get(game, headers=HTMX)  # drawn and kept
    reads = storage.reads(app)

    def gone(*_):
        raise reads.dialect.loaded_dbapi.OperationalError("the database went away")

    monkeypatch.setattr(storage, "read_row", gone)
    again = follower.get(game, headers=HTMX)
    assert again.status_code == 200
    assert again.get_data() == drawn.get_data()
    assert "-follower" in again.headers["ETag"]


def test_the_polls_engine_keeps_its_own_isolation_whatever_the_apps_options(
    database_uri, make_app
):
    """A host may set the app engine's isolation level; the polls' engine reads in
    autocommit all the same, and the app starts."""
    app = make_app(
        database_uri,
        WTF_CSRF_ENABLED=False,
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True, "isolation_level": "SERIALIZABLE"},
    )
    client = app.test_client()
    game = start_game(client)
    tag = client.get(game, headers=POLL).headers["ETag"]
    assert client.get(game, headers=POLL | {"If-None-Match": tag}).status_code == 304
    reads = storage.reads(app)
    if reads.dialect.name == "postgresql":  # sqlite3 reads in autocommit here anyway
        pooled = reads.raw_connection()
        try:
            assert pooled.driver_connection.autocommit
        finally:
            pooled.close()
