"""The meld checker with no network: the referee on the phone answers every tap as
the server would, says so quietly, and a phone may choose not to keep it."""

import re

import pytest
from playwright.sync_api import expect

from .helpers import chips, settled, start_game, tap, tap_cards

pytestmark = pytest.mark.keeps_referee  # the phones keep the referee, as by default

READY = "The referee works offline on this phone."


def open_checker_ready(page, address: str = "/check") -> None:
    """Open the checker and wait until the referee on the phone is ready."""
    page.goto(address)
    expect(page.locator("#referee-status")).to_have_text(READY)
    expect(page.locator("#keep-referee")).to_be_checked()


def test_with_no_network_a_meld_is_judged_on_the_phone(page, context):
    open_checker_ready(page)
    context.set_offline(True)
    tap_cards(page, "6D 2S JK")
    expect(chips(page)).to_have_text(["6♦", "2♠", "JK"])
    verdict = page.locator(".result .verdict")
    expect(verdict.locator(".says")).to_have_text("✔ Legal: 4 ways to read it — declare one")
    expect(verdict.locator(".readings > li .title")).to_have_count(4)
    expect(page.locator("#checker-dock")).to_contain_text("answered on this phone")
    expect(page).to_have_url(re.compile(r"/check\?.*cards=6D\+2S\+JK"))
    tap(page, "declare:set:6")  # a reading declared, and still no network
    expect(verdict.locator(".says")).to_have_text("✔ Legal")
    context.set_offline(False)


def test_with_no_network_my_hand_is_solved_on_the_phone_in_spanish(new_context):
    context = new_context(locale="es-CL")
    page = context.new_page()
    page.goto("/check?variant=contract-rummy&deal=1&mode=hand")
    expect(page.locator("#referee-status")).to_have_text(
        "El árbitro funciona sin conexión en este teléfono."
    )
    context.set_offline(True)
    tap_cards(page, "8C 8H 8D 9S 9H 9D KS")
    expect(page.locator("#checker-dock")).to_contain_text("respondido en este teléfono")
    expect(page.locator(".solution")).to_contain_text("ochos")
    context.set_offline(False)


def test_a_server_that_does_not_answer_within_a_second_is_answered_for(page):
    """The network is up but the server is silent: the phone answers the tap."""
    open_checker_ready(page)
    held = []
    page.route(re.compile(r"/check\?"), lambda route: held.append(route))
    settled(page)
    page.locator("#checker button[value='joker']").tap()
    expect(page.locator("#checker-dock")).to_contain_text("answered on this phone")
    expect(chips(page)).to_have_text(["JK"])
    assert held  # the server was asked first; the page gave up on it (an aborted request)
    page.unroute(re.compile(r"/check\?"))


def test_a_phone_may_choose_not_to_keep_the_referee(page, context):
    open_checker_ready(page)
    page.locator("#keep-referee").uncheck()
    expect(page.locator("#referee-status")).to_have_text("Checks need the network on this phone.")
    page.reload()  # the choice is kept
    expect(page.locator("#referee-status")).to_have_text("Checks need the network on this phone.")
    expect(page.locator("#keep-referee")).not_to_be_checked()
    assert not [name for name in page.evaluate("caches.keys()") if name.startswith("referee-")]
    page.locator("#keep-referee").check()
    expect(page.locator("#referee-status")).to_have_text(READY)


def test_with_no_network_a_game_s_checker_judges_the_initial_meld_of_its_deal(page, context):
    """A game's checker on the phone holds the melds to the deal being played: Contract
    Rummy's first deal, two groups of exactly three."""
    game = start_game(page, "Contract Rummy", ["Ann", "Bob", "Cat"])
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(f"{game}/check")
    expect(page.locator("#referee-status")).to_have_text(READY)
    context.set_offline(True)
    page.reload()  # the game's checker as last seen, its rules with it
    expect(page.locator("#referee-status")).to_have_text(READY)
    tap_cards(page, "8S 8H 8D")
    expect(page.locator("#checker-dock")).to_contain_text("answered on this phone")
    tap(page, "next-meld")
    tap_cards(page, "9S 9H 9D")
    verdict = page.locator(".result .verdict")
    expect(verdict.locator(".says")).to_have_text("✔ Meets the contract")
    expect(page).to_have_url(re.compile(r"/games/[^/]+/check\?.*melds=8S\+8H\+8D"))
    context.set_offline(False)


def test_a_phone_that_opened_any_page_has_the_checker_offline(page, context):
    """The home page, once idle, has the service worker keep what the referee loads:
    the checker then opens and answers with no network, never opened with one."""
    page.goto("/")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the service worker looks after the page
    files = page.evaluate("document.body.dataset.refereeFiles.split(' ').length")
    page.wait_for_function(
        """(files) => caches.keys().then((names) => names.filter((n) => n.startsWith("referee-")))
             .then((names) => names.length === 1 && caches.open(names[0]))
             .then((cache) => cache && cache.keys())
             .then((kept) => !!kept && kept.length === files)""",
        arg=files,
    )
    context.set_offline(True)
    page.goto("/check")
    expect(page.locator("#referee-status")).to_have_text(READY)
    tap(page, "joker")
    expect(page.locator("#checker-dock")).to_contain_text("answered on this phone")
    context.set_offline(False)
