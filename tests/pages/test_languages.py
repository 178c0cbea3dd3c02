"""The table's language: a page speaks what the phone asks for (Accept-Language, its
q-values weighed) among the languages the app has, or the one chosen with the switch
on every page, kept in a cookie; the API listens to Accept-Language alone. Whatever
keeps a copy of a page (the phone's cache, the sheet's 304, a follower's drawn sheet)
keeps one a language."""

import re

import pytest

from referee.plumbing.language import COOKIE, available_languages, language_of

from .conftest import start_game, text

SPANISH = {"Accept-Language": "es-CL,es;q=0.9,en;q=0.8"}
POLL = {"HX-Request": "true"}


def lang(response):
    return re.search(r'<html lang="([^"]+)">', response.data.decode())[1]


def test_the_app_has_english_and_each_compiled_catalog():
    assert available_languages()[0] == "en"
    assert "es" in available_languages()


@pytest.mark.parametrize(
    ("accept_language", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("es", "es"),
        ("es-CL", "es"),  # the country's Spanish is Spanish
        ("es-AR,es;q=0.9", "es"),
        ("en-US,en;q=0.9,es;q=0.8", "en"),
        ("en;q=0.5, es;q=0.8", "es"),  # q-values, not the order, decide
        ("es;q=0, en", "en"),  # q=0: not Spanish
        ("fr-FR, de;q=0.8", "en"),  # nothing the app has: English
        ("pt-BR, es;q=0.3", "es"),  # the app's best, however weak
        ("*", "en"),
        ("garbage;;q=x", "en"),
    ],
)
def test_accept_language_picks_the_best_language_the_app_has(client, accept_language, language):
    headers = {} if accept_language is None else {"Accept-Language": accept_language}
    assert language_of(None, accept_language, api=False) == language
    assert lang(client.get("/", headers=headers)) == language


def test_a_page_in_spanish_speaks_spanish_and_english_stays_english(client):
    assert "Empezar una partida" in text(client.get("/", headers=SPANISH))
    english = text(client.get("/"))
    assert "Start a game" in english
    assert "Empezar" not in english


@pytest.mark.parametrize("path", ["/", "/check", "/history", "/no/such/page"])
def test_every_page_has_the_switch_each_language_named_in_itself(client, path):
    page = client.get(path, headers=SPANISH).data.decode()
    assert f'href="/language/en?next={path}" lang="en" hreflang="en">English</a>' in page
    assert 'lang="es" hreflang="es" aria-current="true">Español</a>' in page


def test_the_switch_keeps_the_page_and_wins_over_accept_language(client):
    switched = client.get(
        "/language/es?next=/check%3Fvariant%3Dcarioca", headers={"Accept-Language": "en"}
    )
    assert switched.status_code == 303
    assert switched.headers["Location"] == "/check?variant=carioca"
    cookie = switched.headers["Set-Cookie"]
    assert (
        cookie.startswith(f"{COOKIE}=es;")
        and "Max-Age=31536000" in cookie
        and "HttpOnly" in cookie
    )
    assert lang(client.get("/check?variant=carioca", headers={"Accept-Language": "en"})) == "es"
    back = client.get("/language/en?next=/", headers=SPANISH)
    assert back.headers["Location"] == "/"
    assert lang(client.get("/", headers=SPANISH)) == "en"  # and stays so


@pytest.mark.parametrize(
    "elsewhere",
    ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", ""],
)
def test_the_switch_never_sends_a_phone_to_another_site(client, elsewhere):
    response = client.get("/language/es", query_string={"next": elsewhere})
    assert response.headers["Location"] == "/"


def test_a_language_the_app_has_not_is_no_switch(client):
    assert client.get("/language/fr?next=/").status_code == 404
    client.set_cookie(COOKIE, "fr")  # a cookie from elsewhere changes nothing
    assert lang(client.get("/", headers=SPANISH)) == "es"
    assert lang(client.get("/")) == "en"


def test_the_api_answers_in_the_language_asked_never_the_cookies(client):
    client.set_cookie(COOKIE, "es")
    english = client.get("/api/v1/nothing").get_json()["error"]
    assert (
        english == "there is nothing at /api/v1/nothing; GET /api/v1/variants lists the variants"
    )
    spanish = client.get("/api/v1/nothing", headers=SPANISH)
    assert spanish.status_code == 404
    assert (
        spanish.get_json()["error"]
        == "no hay nada en /api/v1/nothing; GET /api/v1/variants lista las variantes"
    )


def test_the_error_pages_speak_the_phones_language(client):
    page = client.get("/no/such/page", headers=SPANISH)
    assert page.status_code == 404
    assert "No existe esa página ni esa partida" in text(page)


@pytest.mark.parametrize("path", ["/", "/check", "/history"])
def test_a_page_varies_with_the_cookie_and_accept_language(client, path):
    vary = client.get(path).headers["Vary"]
    assert "Cookie" in vary and "Accept-Language" in vary


def test_the_manifest_names_the_app_in_the_phones_language(client):
    assert (
        client.get("/manifest.webmanifest", headers=SPANISH).get_json()["name"]
        == "Árbitro de Rummy"
    )
    manifest = client.get("/manifest.webmanifest")
    assert manifest.get_json()["name"] == "Rummy Referee"
    assert "Accept-Language" in manifest.headers["Vary"]


def test_unnamed_teams_are_called_as_the_table_says_them(client):
    game = client.post(
        "/?variant=push",
        data={
            "players-0": "Ana",
            "players-1": "Beto",
            "players-2": "Caro",
            "players-3": "Dani",
            "option_partnerships": "y",
        },
        headers=SPANISH,
    ).headers["Location"]
    assert "Nosotros: Ana &amp; Caro · Ellos: Beto &amp; Dani" in text(
        client.get(game, headers=SPANISH)
    )


# --- The sheet: its tag, its 304 and its drawn copies are a language's -----------------


@pytest.mark.parametrize("headers", [{}, POLL])
def test_the_sheets_tag_names_its_language_and_english_keeps_its_own(client, headers):
    game = start_game(client)
    english = client.get(game, headers=headers).headers["ETag"]
    spanish = client.get(game, headers=headers | SPANISH).headers["ETag"]
    assert english.strip('"').split(":")[0].endswith(("-editor", "-follower", "-keeper"))
    assert spanish.strip('"').split(":")[0].endswith("-es")
    assert "Accept-Language" in client.get(game, headers=headers).headers["Vary"]


def test_the_unchanged_poll_is_a_304_in_its_own_language_only(client):
    game = start_game(client)
    spanish = client.get(game, headers=POLL | SPANISH)
    assert "Reparto 1" in spanish.data.decode()
    tag = spanish.headers["ETag"]
    assert client.get(game, headers=POLL | SPANISH | {"If-None-Match": tag}).status_code == 304
    # The same phone switched to English: its Spanish sheet is not current.
    english = client.get(game, headers=POLL | {"If-None-Match": tag})
    assert english.status_code == 200
    assert "Deal 1" in english.data.decode()
    # ...nor is an English sheet once it switches to Spanish with the switch.
    client.get("/language/es?next=/")
    again = client.get(game, headers=POLL | {"If-None-Match": english.headers["ETag"]})
    assert again.status_code == 200
    assert "Reparto 1" in again.data.decode()


def test_a_followers_sheet_is_drawn_once_a_version_and_a_language(app, client):
    game = start_game(client)
    follower = app.test_client()
    english = follower.get(game, headers=POLL)
    spanish = follower.get(game, headers=POLL | SPANISH)
    assert "Deal 1" in english.data.decode() and "Reparto 1" not in english.data.decode()
    assert "Reparto 1" in spanish.data.decode() and "Deal 1" not in spanish.data.decode()
    # Drawn now, each is answered from its language's copy.
    assert "Deal 1" in follower.get(game, headers=POLL).data.decode()
    assert "Reparto 1" in follower.get(game, headers=POLL | SPANISH).data.decode()


def test_the_service_worker_forgets_the_pages_it_kept_when_the_language_changes(client):
    worker = client.get("/sw.js").data.decode()
    assert 'url.pathname.startsWith("/language/")' in worker
    assert "caches.delete(PAGES)" in worker


def test_a_list_on_a_page_is_joined_in_the_pages_language(client):
    assert "Seats 1 and 3 play against the others." in text(client.get("/?variant=push"))
    assert "Los asientos 1 y 3 juegan contra los demás." in text(
        client.get("/?variant=push", headers=SPANISH)
    )


HEADLINE = {
    "en": "✘ A meld, but not one of this deal",
    "es": "✘ Es un juego, pero no del contrato",
}


@pytest.mark.parametrize("order", [("es", "en", "es"), ("en", "es", "en")])
def test_the_checker_headline_speaks_each_phone_s_language_whichever_asked_first(client, order):
    """A template's macros are kept once imported; what they say is said when they are
    called, in the language of the request that calls them."""
    game = start_game(client, "contract-rummy", ["Ann", "Bob", "Cat"])
    asked = {"mode": "meld", "cards": "8S 8H 8D 8C"}  # a meld, of the wrong size (R47)
    for language in order:
        headers = SPANISH if language == "es" else {}
        page = text(client.get(f"{game}/check", query_string=asked, headers=headers))
        assert HEADLINE[language] in page
        assert HEADLINE["en" if language == "es" else "es"] not in page
