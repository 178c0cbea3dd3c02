"""Every page, in the states a player sees it, passes an axe-core audit (WCAG 2.x A
and AA, and axe's best practices): contrast, names of buttons and fields, headings,
landmarks, ARIA. The audit runs in Debian's Chromium on the page as drawn, after
the taps that bring it to that state."""

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import (
    api,
    api_game,
    enter_deal_by_points,
    game_path,
    hand,
    open_deal_form,
    points,
    start_push,
    swapped,
    tap_cards,
    went_out,
)
from .test_house_rules import set_up_grandmas_liverpool

AXE = Axe()


def violations(page: Page) -> list[str]:
    """Each violation as 'rule (impact): help, at <selectors>'."""
    results = AXE.run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']}, at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:5])
        for v in results.response["violations"]
    ]


#: app.css has both; every state is audited in each, the page left as it was asked.
SCHEMES = ("light", "dark")


def audit(page: Page, state: str) -> None:
    """The page as it stands, audited light and dark: the same taps bring both."""
    found = []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        found += [f"{state} ({scheme}): {violation}" for violation in violations(page)]
    page.emulate_media(color_scheme="null")  # as the phone itself prefers
    assert found == []


def test_home_and_checker_pass_an_accessibility_audit(new_context):
    page = new_context(width=360).new_page()
    page.goto("/")
    audit(page, "home")
    page.goto("/check")
    audit(page, "the checker, empty")
    tap_cards(page, "6D 2S JK")
    audit(page, "the checker, four readings")
    page.goto("/check?cards=KH+AH+2H+3H")
    audit(page, "the checker, an illegal meld with its reasons")
    page.get_by_role("tab", name="Lay off").tap()
    expect(page.get_by_role("tab", name="Lay off")).to_have_attribute("aria-selected", "true")
    audit(page, "the checker, laying off")


def test_a_game_passes_an_accessibility_audit(page):
    start_push(page)
    audit(page, "a new sheet")
    open_deal_form(page, 1)
    audit(page, "the deal form, empty")
    went_out(page, 0)
    hand(page, 1, "AS KD")
    audit(page, "the deal form, cards tapped")
    page.locator("input[name='points-3']").fill("12")
    page.locator("button[name='save']").tap()
    expect(page.get_by_role("alert")).to_be_visible()
    audit(page, "the deal form, refused with its reasons")
    page.goto(game_path(page))
    for number in range(1, 6):
        enter_deal_by_points(
            page, number, number % 4, {1: 10, 3: 5} if number % 2 == 0 else {0: 5, 2: 10}
        )
    audit(page, "a finished sheet with its winner")
    page.goto(game_path(page) + "/check")
    audit(page, "the checker of a game, its contract")
    page.goto(game_path(page) + "/share")
    audit(page, "sharing, with QR codes")
    page.goto("/games/no-such-game")
    audit(page, "a game that is not there")


EIGHT = ["Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def test_a_family_game_of_eight_passes_the_audit_and_fits_a_360_px_phone(new_context, server):
    """A sheet of eight players and ten deals (Shanghai), with totals of three digits,
    read on a 360 px phone, light and dark; the family's forms and checker too."""
    game = api(server, "/api/v1/games", {"variant": "shanghai", "players": EIGHT})
    path = f"/games/{game['id']}"
    page = new_context(width=360).new_page()
    page.goto("/?variant=jo")
    audit(page, "the new-game form of a family game")
    page.goto(f"{path}/join#{game['edit_key']}")
    expect(page.locator("h1")).to_have_text("Shanghai")
    page.goto(f"{path}/deals/new")
    went_out(page, 0)
    audit(page, "the deal form of eight players")
    page.goto(f"{path}/check?mode=contract&cards=8S+8H+JK")
    audit(page, "the checker of a family game")
    page.goto(f"{path}/check?mode=hand&cards=8S+8H+JK+KD+KS+KH+4H+5H+6H+7H+9D")
    expect(page.locator(".solution")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    audit(page, "my hand: its melds and what stays")
    page.goto(f"{path}/check?mode=hand&cards=8S+8H+JK+KD+KS+9D")
    expect(page.locator(".solution .short")).to_be_visible()
    audit(page, "my hand: one card short")
    for number in range(1, 11):
        out = EIGHT[number % 8]
        api(
            server,
            f"{path.replace('/games', '/api/v1/games')}/deals",
            {"went_out": out, "points": {p: 95 for p in EIGHT if p != out}},
            game["edit_key"],
        )
    page.goto(path)
    expect(page.locator(".winner")).to_be_visible()
    expect(page.locator("table.sheet tbody tr")).to_have_count(10)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    audit(page, "a finished sheet of eight players")
    page.goto("/check?variant=loba&cards=5H+6H+7H+8H")
    audit(page, "the checker with a game's own words")


def test_house_rules_pass_an_accessibility_audit(new_context):
    """The house rules of the new-game form, open, said back and refused; a sheet with
    its house rules; a rules card; a deal with the table's bonuses; a sheet that marks
    a bonus (R68-R75)."""
    page = new_context(width=360).new_page()
    set_up_grandmas_liverpool(page)
    audit(page, "the house rules, said back")
    runs = page.get_by_label("Sequences of at least")
    swapped(page, "#house-said", lambda: runs.select_option("5"))
    expect(page.locator("#house-error-run_min")).not_to_be_empty()
    audit(page, "the house rules, refused beside a field")
    swapped(page, "#house-said", lambda: runs.select_option("3"))
    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        page.locator(f"input[name='players-{seat}']").fill(name)
    page.get_by_role("button", name="Start Contract Rummy").tap()
    expect(page.locator(".house-line")).to_be_visible()
    page.locator(".rules-of > summary").tap()
    audit(page, "a sheet with its house rules")
    sheet = page.url
    page.get_by_role("link", name="Share these rules: a link and a QR code").tap()
    expect(page.locator(".qr svg")).to_be_visible()
    audit(page, "a rules card")
    page.goto(sheet)
    open_deal_form(page, 1)
    went_out(page, 0)
    bonus = page.get_by_role("button", name="Bob: Exact cut -10")
    swapped(page, "#deal-live", bonus.tap)
    audit(page, "the deal form with a bonus")
    points(page, 1, "25")
    points(page, 2, "10")
    page.locator("button[name='save']").tap()
    expect(page.locator("td.adjusted")).to_have_count(1)
    audit(page, "a sheet that marks a bonus")


def test_buys_the_chart_and_the_evening_pass_an_accessibility_audit(new_context, server):
    """A sheet with its buys (one refused), who deals and the chart of its running
    totals; the evening's page after Play again, with its charts (R76-R78)."""
    players = ["Ann", "Bob", "Cat"]
    game = api(server, "/api/v1/games", {"variant": "telefunken", "players": [*players, "Dan"]})
    path, key = f"/games/{game['id']}", game["edit_key"]
    page = new_context(width=360).new_page()
    page.goto(f"{path}/join#{key}")
    expect(page.locator("#buys-title")).to_have_text("Buys in the game, 7 each")
    audit(page, "a sheet with its buys")
    for number in range(1, 8):
        out = ["Ann", "Bob", "Cat", "Dan"][number % 4]
        deal = {"went_out": out, "points": {p: 10 * number for p in [*players, "Dan"] if p != out}}
        api(server, f"/api/v1/games/{game['id']}/deals", deal, key)
        if number == 3:
            page.reload()
            for _ in range(7):
                swapped(page, "#sheet", page.get_by_role("button", name="Ann buys a discard").tap)
            swapped(page, "#sheet", page.get_by_role("button", name="Ann buys a discard").tap)
            expect(page.get_by_role("alert")).to_have_text("Ann has used all 7 buys in this game")
            expect(page.locator(".chart svg")).to_be_visible()
            audit(page, "a sheet with a buy refused and its chart")
    page.reload()
    page.get_by_role("button", name="Play again").tap()
    page.get_by_role("link", name="The evening").tap()
    expect(page.locator("h1")).to_have_text("The evening")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    audit(page, "the evening")


def test_what_stops_a_game_and_undo_asking_pass_the_audit(new_context, server):
    """The new-game form refused, said beside Start and beside the field at fault;
    Undo's question open on the sheet."""
    page = new_context().new_page()
    page.goto("/?variant=contract-rummy")
    for seat, name in enumerate(["Elizabeth", "Bo", "ELIZABETH"]):
        page.locator(f"#players-{seat}").fill(name)
    page.locator("#new-game button[type=submit].primary").tap()
    expect(page.locator("#start-errors")).to_be_focused()
    audit(page, "the new-game form, refused beside Start")
    deal = {"went_out": "Ann", "points": {"Bob": 20, "Dan": 10}}
    game = api_game(server, ["Ann", "Bob", "Cat", "Dan"], [deal])
    page.goto(f"/games/{game['id']}/join#{game['edit_key']}")
    page.locator("summary", has_text="Undo deal 1").tap()
    expect(page.get_by_role("button", name="Yes, undo deal 1")).to_be_visible()
    audit(page, "Undo asking on the sheet")
