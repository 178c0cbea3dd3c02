"""Several phones on one game: a save counts once, a stale save says so, the sheet
follows (issue: poor Wi-Fi and several phones)."""

import re

from .conftest import enter_deal, start_game, text


def open_form(client, path):
    page = client.get(path).data.decode()
    fields = dict(
        re.findall(r'<input [^>]*name="(attempt|version|deal)"[^>]*value="([^"]*)"', page)
    )
    fields |= {
        name: value
        for value, name in re.findall(
            r'<input [^>]*value="([^"]*)"[^>]*name="(attempt|version|deal)"', page
        )
    }
    return fields


def test_a_save_sent_twice_records_the_deal_once(client):
    game = start_game(client)
    fields = open_form(client, f"{game}/deals/new")
    assert len(fields["attempt"]) == 32
    body = fields | {"went_out": "0", "points-1": "10", "points-3": "5", "save": "1"}
    assert client.post(f"{game}/deals/new", data=body).status_code == 303
    assert client.post(f"{game}/deals/new", data=body).status_code == 303  # the double tap
    assert "Enter deal 2" in text(client.get(game))


def test_a_save_sent_again_with_another_entry_says_so(client):
    """The form's attempt key keeps one save: sent again with the entry changed (the
    first save arrived, its answer did not), it is refused in words, not an error page."""
    game = start_game(client)
    fields = open_form(client, f"{game}/deals/new")
    body = fields | {"went_out": "0", "points-1": "10", "points-3": "5", "save": "1"}
    assert client.post(f"{game}/deals/new", data=body).status_code == 303
    changed = client.post(f"{game}/deals/new", data=body | {"points-1": "20"})
    assert changed.status_code == 422
    assert "this Idempotency-Key was already used for a different request" in text(changed)
    assert "Enter deal 2" in text(client.get(game))


def other_phone(app, client):
    """A second phone that keeps the same sheet (an editor too)."""
    other = app.test_client()
    with client.session_transaction() as session:
        token = session["phone"]
    with other.session_transaction() as session:
        session["phone"] = token
    return other


def test_a_save_of_a_deal_saved_meanwhile_shows_the_entry_as_what_it_is(app, client):
    game = start_game(client)
    mine = open_form(client, f"{game}/deals/new")
    enter_deal(other_phone(app, client), game, 1, points_0="35", points_2="5")
    body = mine | {"went_out": "0", "points-1": "10", "points-3": "5", "save": "1"}
    response = client.post(f"{game}/deals/new", data=body)
    assert response.status_code == 422
    page = text(response)
    assert "Your entry for deal 1, not saved: another phone saved deal 1" in page
    assert "Bob: 10 points" in page and "Dan: 5 points" in page  # what it held
    assert "6 dealer Ann 40 +40 --- 0" in page  # the sheet as it is now
    assert "Save deal" not in page  # no button invites a second deal 1
    assert "Put it aside and enter deal 2" in page
    assert 'name="points-1" value="10"' in response.data.decode()  # kept until put aside
    # Sent again, even with the sheet's new version, it is never recorded as deal 2.
    version = re.search(r'name="version"[^>]*value="(\d+)"', response.data.decode()).group(1)
    assert client.post(f"{game}/deals/new", data=body | {"version": version}).status_code == 422
    assert "Enter deal 2" in text(client.get(game))


def test_a_kept_entry_never_opens_as_the_next_deal(app, client):
    game = start_game(client)
    mine = open_form(client, f"{game}/deals/new")
    enter_deal(other_phone(app, client), game, 1, points_0="35", points_2="5")
    # The phone put its kept entry (a draft for deal 1) back into the deal 2 form.
    kept = mine | {"went_out": "0", "points-1": "10", "points-3": "5", "press": "refresh"}
    page = text(client.post(f"{game}/deals/new", data=kept))
    assert "Your entry for deal 1, not saved: another phone saved deal 1" in page
    fresh = client.post(f"{game}/deals/new", data=kept | {"press": "discard"})
    html = fresh.data.decode()
    assert "Deal 2" in text(fresh) and "not saved" not in text(fresh)
    assert 'name="points-1" value=""' in html and 'name="deal" type="hidden" value="2"' in html


def test_a_save_after_another_change_keeps_the_entry_for_its_deal(app, client):
    game = start_game(client)
    enter_deal(client, game, 1, points_0="35", points_2="5")
    mine = open_form(client, f"{game}/deals/new")
    # Another phone corrects deal 1 while this one enters deal 2.
    other = other_phone(app, client)
    fields = open_form(other, f"{game}/deals/1/edit")
    edit = fields | {"went_out": "1", "points-0": "15", "points-2": "5", "save": "1"}
    assert other.post(f"{game}/deals/1/edit", data=edit).status_code == 303
    body = mine | {"went_out": "0", "points-1": "10", "points-3": "5", "save": "1"}
    response = client.post(f"{game}/deals/new", data=body)
    assert response.status_code == 422
    page = text(response)
    assert "the sheet was just changed on another phone" in page
    assert "Your entry for deal 2 is kept: save again to record it" in page
    assert "Save deal 2" in page
    version = re.search(r'name="version"[^>]*value="(\d+)"', response.data.decode()).group(1)
    assert client.post(f"{game}/deals/new", data=body | {"version": version}).status_code == 303
    assert "Deal 3" in text(client.get(game))


def test_an_unchanged_sheet_costs_a_304(client):
    game = start_game(client)
    first = client.get(game, headers={"HX-Request": "true"})
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(game, headers={"HX-Request": "true", "If-None-Match": tag})
    assert again.status_code == 304
    enter_deal(client, game, 0, points_1="10", points_3="5")
    changed = client.get(game, headers={"HX-Request": "true", "If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag


def test_the_sheet_asks_again_when_its_stream_says_so_and_slowly_without(client):
    game = start_game(client)
    page = client.get(game).data.decode()
    assert re.search(
        r'<section id="sheet"[^>]*hx-trigger="sse:changed, every 30s, sheet:ask"', page
    )
    # The stream is opened once for the page, around the sheet it makes ask again.
    stream = re.search(r'<div id="live-sheet" hx-ext="sse" sse-connect="([^"]+)">', page)
    assert stream is not None
    assert stream.group(1) == f"{game}/events?seen=1"
    assert client.get(f"{game}/events?seen=1").mimetype == "text/event-stream"


def test_an_undo_on_a_stale_sheet_does_nothing_and_says_so(app, client):
    game = start_game(client)
    enter_deal(client, game, 0, points_1="10", points_3="5")
    page = client.get(game).data.decode()
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    enter_deal(client, game, 1, points_0="10", points_2="5")
    response = client.post(f"{game}/undo", data={"version": version})
    assert response.status_code == 409
    assert "the sheet changed on another phone just now" in text(response)
    assert "Enter deal 3" in text(client.get(game))
