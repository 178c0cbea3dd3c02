"""Every page asked in Spanish speaks Spanish: a table of pages, the refusals of
their forms and the checker's verdicts among them, each read for English words
(``tests/english.py``), and the numbers they draw written as Spanish writes them."""

import html
import re

import pytest

from referee.rules import VARIANTS

from ..english import english_words
from .conftest import FOUR, enter_deal, start_game, text

SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}
#: What a page shows as the table typed it or as a card is written.
KEPT = (*FOUR, "Rummy", "JavaScript", "QR")


#: The attributes whose values a person reads or hears.
READ = re.compile(r'\b(?:title|aria-label|placeholder|alt|data-copied|data-not-copied)="([^"]*)"')


def said(page):
    """Everything a page says: its text, and what its attributes say."""
    heard = (html.unescape(value) for value in READ.findall(page.data.decode()))
    return " · ".join([text(page), *heard])


def in_spanish(client, path, **query):
    page = client.get(path, query_string=query, headers=SPANISH, follow_redirects=True)
    assert page.status_code in (200, 404), (path, page.status_code)
    return said(page)


#: (path, query): every page without a game, and the checker's refusals and verdicts.
PAGES = {
    "home": ("/", {}),
    **{f"new {variant}": ("/", {"variant": variant}) for variant in VARIANTS},
    **{f"checker of {variant}": ("/check", {"variant": variant}) for variant in VARIANTS},
    "a meld that is none": ("/check", {"cards": "7H 8S 2D"}),
    "a legal meld of several readings": ("/check", {"cards": "6D 2S JK"}),
    "a lay-off": ("/check", {"mode": "layoff", "table": "7H 8H 9H", "cards": "10H JK"}),
    "a lay-off refused": ("/check", {"mode": "layoff", "table": "7H 8H 9H", "cards": "JH"}),
    "a rescue": ("/check", {"mode": "rescue", "table": "7H JK 9H", "into": "tray", "cards": "8H"}),
    "a rescue refused": ("/check", {"mode": "rescue", "table": "6C 6H JK", "into": "tray", "cards": "7H"}),
    "a joker moved in Loba": ("/check", {"variant": "loba", "mode": "rescue", "table": "7H 8H 9H JK", "into": "tray", "cards": "10H"}),
    "a joker taken in Carioca": ("/check", {"variant": "carioca", "mode": "rescue", "table": "JK 8H 9H 10H", "into": "tray", "cards": "7H"}),
    "a hand": ("/check", {"variant": "contract-rummy", "mode": "hand", "cards": "8C 8H 8S KD KS JK 2C"}),
    "a hand short, and one way": ("/check", {"deal": "2", "mode": "hand", "cards": "5H 6H 8H 9H KC"}),
    "a hand short of a whole run": ("/check", {"deal": "3", "mode": "hand", "cards": "2C 2H 2S 2D"}),
    "Telefunken's pure trio": ("/check", {"variant": "telefunken", "mode": "contract", "cards": "8C 8H JK"}),
    "history": ("/history", {}),
    "no such page": ("/no/such/page", {}),
}  # fmt: skip


@pytest.mark.parametrize("name", PAGES)
def test_a_page_asked_in_spanish_has_no_english_word(client, name):
    path, query = PAGES[name]
    page = in_spanish(client, path, **query)
    assert not english_words(page, KEPT), page


def test_a_game_s_pages_in_spanish_have_no_english_word(client):
    game = start_game(client, "cap-it", FOUR, stake="5", payout="2")
    enter_deal(client, game, 0, points_1="25", points_2="10", points_3="5")
    pages = [game, f"{game}/deals/new", f"{game}/deals/1/edit", f"{game}/check", f"{game}/share", f"{game}/evening", f"{game}/join"]  # fmt: skip
    for path in pages:
        page = in_spanish(client, path)
        assert not english_words(page, KEPT), (path, page)
    refused = client.post(f"{game}/deals/new", data={"save": "1"}, headers=SPANISH)
    assert not english_words(said(refused), KEPT), said(refused)
    assert "Copiado." in in_spanish(client, f"{game}/share")
    # Points a deal over the evening, with a decimal comma: 25 in one deal.
    assert "25,0" in in_spanish(client, f"{game}/evening")
    assert "25.0" in text(client.get(f"{game}/evening"))


@pytest.mark.parametrize(
    ("points", "english", "spanish"),
    [
        ((77, 2), "38.5", "38,5"),
        ((77, 4), "19.3", "19,3"),  # 19.25: a half rounds up, not to even
        ((247, 20), "12.4", "12,4"),  # 12.35, which a float holds as 12.3499…
        ((-77, 4), "-19.3", "-19,3"),
        ((123457, 10), "12,345.7", "12.345,7"),
    ],
)
def test_a_number_with_decimals_is_written_as_the_page_s_language_writes_it(
    app, points, english, spanish
):
    from referee.pages.numbers import number, one_place

    for language, said in (("en", english), ("es", spanish)):
        with app.test_request_context(headers={"Accept-Language": language}):
            assert number(one_place(*points), places=1) == said
