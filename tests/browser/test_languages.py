"""A phone set to Spanish reads the referee in Spanish from its first page, and the
switch at the foot of every page brings it back to English, which it then keeps; the
accessibility audit passes in Spanish too. Screenshots under artifacts/."""

import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .conftest import ARTIFACTS
from .test_accessibility import audit

PLAYERS = ("Ana", "Beto", "Caro", "Dani")


def test_a_phone_in_spanish_starts_a_game_in_spanish_and_can_switch_to_english(new_context):
    page = new_context(locale="es-CL").new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", name="Empezar una partida")).to_be_visible()
    expect(page.get_by_role("link", name="Revisar un juego").first).to_be_visible()
    expect(page.get_by_role("link", name="Español")).to_have_attribute("aria-current", "true")
    audit(page, "home, in Spanish")
    page.screenshot(path=ARTIFACTS / "spanish-home.png", full_page=True)

    page.goto("/?variant=carioca")
    start = page.get_by_role("button", name="Empezar Carioca")
    expect(start).to_be_visible()
    expect(
        page.get_by_text("Jugadores, como el reloj desde el primero que reparte")
    ).to_be_visible()
    page.locator("details.house > summary").tap()
    expect(page.get_by_text("Los cambios de siempre")).to_be_visible()
    audit(page, "the new-game form of Carioca, house rules open, in Spanish")
    page.screenshot(path=ARTIFACTS / "spanish-new-game.png", full_page=True)

    for seat, name in enumerate(PLAYERS):
        page.locator(f"input[name='players-{seat}']").fill(name)
    start.tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator(".contract")).to_contain_text("Reparto 1 · reparte Ana")
    expect(page.get_by_role("link", name="Anotar el reparto 1")).to_be_visible()
    audit(page, "a new Carioca sheet, in Spanish")
    page.screenshot(path=ARTIFACTS / "spanish-sheet.png", full_page=True)
    sheet = page.url

    # The switch: the same page, in English; and English it stays, page after page.
    page.get_by_role("link", name="English").tap()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_url(sheet)
    expect(page.locator(".contract")).to_contain_text("Deal 1 · Ana deals")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Start a game")).to_be_visible()
    expect(page.get_by_role("link", name="English")).to_have_attribute("aria-current", "true")


def test_no_page_kept_for_offline_is_shown_in_the_language_switched_from(new_context):
    """The service worker keeps the sheet last seen and the home page; once the phone
    switches, with no network it shows a page in the new language or none at all,
    never one of the language before."""
    context = new_context(locale="es-CL")
    page = context.new_page()
    page.goto("/")
    for seat, name in enumerate(PLAYERS):
        page.locator(f"input[name='players-{seat}']").fill(name)
    page.get_by_role("button", name="Empezar Push").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    sheet = page.url
    page.goto(sheet)  # seen once in Spanish with the worker looking after the page
    expect(page.locator(".contract")).to_contain_text("Reparto 1")
    page.goto("/")
    page.get_by_role("link", name="English").tap()  # switched on the home page
    expect(page.get_by_role("heading", name="Start a game")).to_be_visible()
    # The home page is kept again for offline, in English.
    page.wait_for_function(
        """caches.keys()
          .then((names) => Promise.all(names.map((name) => caches.open(name).then((c) => c.match("/")))))
          .then((found) => found.filter(Boolean).length ? found.filter(Boolean)[0].text() : "")
          .then((html) => html.includes('<html lang="en">'))"""
    )
    context.set_offline(True)
    try:
        page.goto(sheet)
    except PlaywrightError:
        pass  # not kept any more: no page at all
    else:
        expect(page.locator("html")).not_to_have_attribute("lang", "es")
    page = context.new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", name="Start a game")).to_be_visible()
