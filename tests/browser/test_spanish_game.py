"""A table in Santiago: a phone set to Spanish plays a whole game of Carioca with five
players, from the new-game form through the checker's verdicts, My hand and every
deal to the winner, and meets no word of English on the way. Every page passes the
accessibility audit in Spanish; screenshots under artifacts/."""

import re

from playwright.sync_api import Page, expect

from referee.rules import VARIANTS

from .helpers import chips, points, save, settled, shot, tap, tap_cards, went_out
from .test_accessibility import audit

PLAYERS = ("Ana", "Beto", "Caro", "Dani", "Eli")

#: Words of the app's English that a Spanish page must not show (card codes such as
#: JK, the games' own names and the switch's "English" are not among them).
ENGLISH = re.compile(
    r"\b(the|and|of|deal|deals|points?|wild|meld|melds|hand|wins|save|enter|check|"
    r"players?|cards?|set|sets|run|runs|legal|contract|needs?|joker exchange|house rules)\b",
    re.IGNORECASE,
)


def no_english(page: Page, where: str = "main") -> None:
    settled(page)
    text = page.locator(where).first.inner_text()
    for variant in VARIANTS.values():  # a name Spanish-speaking tables keep (Push, Cap-It)
        text = text.replace(variant.name, "")
    found = sorted({m.group(0) for m in ENGLISH.finditer(text)})
    assert not found, f"English on a Spanish page ({page.url}): {found}\n{text}"


def enter_deal(page: Page, number: int, out: int, typed: dict[int, int]) -> None:
    page.get_by_role("link", name=f"Anotar el reparto {number}").tap()
    expect(page.locator("#deal h1")).to_contain_text(f"Reparto {number}")
    went_out(page, out)
    for seat, value in typed.items():
        points(page, seat, str(value))
    expect(page.locator("#adds .hint")).to_have_count(0)  # nobody left to enter
    if number == 1:
        no_english(page)
        audit(page, "a Carioca deal entered, in Spanish")
        shot(page, "spanish-carioca-deal.png")
    save(page)


def test_a_whole_game_of_carioca_in_spanish_with_five_players(new_context):
    page = new_context(locale="es-CL").new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator(".variant-pick a.pill", has_text=re.compile("^Carioca$")).tap()
    start = page.get_by_role("button", name="Empezar Carioca")
    expect(start).to_be_visible()
    no_english(page)
    for seat, name in enumerate(PLAYERS):
        page.locator(f"input[name='players-{seat}']").fill(name)
    start.tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("h1")).to_have_text("Carioca")
    sheet = page.url
    no_english(page)
    audit(page, "a new Carioca sheet, in Spanish")

    # The checker, from the sheet, first on its own melds.
    page.get_by_role("link", name="Revisar un juego").last.tap()
    tap(page, "mode:meld")
    tap_cards(page, "7H 8S 9D")
    verdict = page.locator(".result .verdict")
    expect(verdict).to_have_class(re.compile(r"\billegal\b"))
    expect(verdict.locator(".says")).to_contain_text("✘")
    no_english(page)
    tap(page, "clear")
    tap_cards(page, "7H 7S 7D")
    expect(verdict).to_have_class(re.compile(r"\blegal\b"))
    expect(verdict.locator(".says")).to_contain_text("✔")
    no_english(page)
    audit(page, "the checker's verdict, in Spanish")
    shot(page, "spanish-carioca-checker.png")

    # My hand: two trios and the rest, against deal 1's contract.
    tap(page, "clear")
    tap(page, "mode:hand")
    expect(page.get_by_role("tab", name="Mi mano")).to_have_attribute("aria-selected", "true")
    tap_cards(page, "7H 7S 7D 9C 9D JK 4C 5H KD QS 3C")
    expect(chips(page)).to_have_count(11)
    solution = page.locator("#checker-live .solution")
    expect(solution.locator(".says")).to_contain_text("✔")
    no_english(page)
    shot(page, "spanish-carioca-hand.png")
    page.get_by_role("button", name="Quitar 9D").tap()
    expect(solution.locator(".says")).to_contain_text("✘")
    no_english(page)

    # Every deal of the game, each typed in; the lowest total wins.
    page.goto(sheet)
    totals = [0] * len(PLAYERS)
    deals = len(page.locator("table.sheet tbody tr").all())
    assert deals == 7
    for number in range(1, deals + 1):
        out = (number - 1) % len(PLAYERS)
        typed = {s: 5 + (number * 7 + s * 11) % 40 for s in range(len(PLAYERS)) if s != out}
        enter_deal(page, number, out, typed)
        totals = [t + typed.get(s, 0) for s, t in enumerate(totals)]
    best = min(totals)
    winner = PLAYERS[totals.index(best)]
    expect(page.locator(".winner")).to_contain_text(winner)
    expect(page.locator(".winner")).to_contain_text(str(best))
    no_english(page)
    audit(page, "a finished Carioca sheet, in Spanish")
    shot(page, "spanish-carioca-sheet.png")
