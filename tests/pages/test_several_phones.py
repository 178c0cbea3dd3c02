"""Several phones on one game: a save counts once, a stale save says so, the sheet
follows (issue: poor Wi-Fi and several phones)."""

import re

from .conftest import enter_deal, start_game, text


def open_form(client, path):
    page = client.get(path).data.decode()
    fields = dict(re.findall(r'<input [^>]*name="(attempt|version)"[^>]*value="([^"]*)"', page))
    fields |= {
        name: value
        for value, name in re.findall(
            r'<input [^>]*value="([^"]*)"[^>]*name="(attempt|version)"', page
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


def test_a_save_on_a_stale_sheet_says_so_shows_the_sheet_and_keeps_the_entry(app, client):
    game = start_game(client)
    mine = open_form(client, f"{game}/deals/new")
    other = app.test_client()
    with client.session_transaction() as session:
        token = session["phone"]  # the other phone keeps the sheet too
    with other.session_transaction() as session:
        session["phone"] = token
    enter_deal(other, game, 1, points_0="40", points_2="0")  # another phone saves deal 1
    body = mine | {"went_out": "0", "points-1": "10", "points-3": "5", "save": "1"}
    response = client.post(f"{game}/deals/new", data=body)
    assert response.status_code == 422
    page = text(response)
    assert "deal 1 was just saved on another phone" in page
    assert "6 40 ---" in page  # the sheet as it is now
    assert 'value="10"' in response.data.decode()  # the entry as typed
    new_version = re.search(
        r'name="version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="version"',
        response.data.decode(),
    )
    assert new_version
    # Saving again, knowingly, records it as the next deal.
    again = body | {"version": next(v for v in new_version.groups() if v)}
    assert client.post(f"{game}/deals/new", data=again).status_code == 303
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


def test_the_sheet_asks_again_every_few_seconds(client):
    game = start_game(client)
    page = client.get(game).data.decode()
    assert re.search(r'<section id="sheet"[^>]*hx-trigger="every 3s"', page)


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
