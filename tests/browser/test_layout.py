"""Every main page fits a 360 px phone, and the keypad's keys are big enough to hit."""

import pytest
from playwright.sync_api import expect

from .helpers import api, api_game, start_push

NARROW = 360
TAP = 48  # px: the smallest key a thumb hits reliably


@pytest.fixture
def games(server):
    """Two games made through the API: one after a deal, one finished; with edit keys."""
    made = {}
    for name, deals in (("playing", 1), ("finished", 5)):
        game = api(
            server,
            "/api/v1/games",
            {"variant": "push", "players": ["Annabelle", "Bartholomew", "Cat", "Dan"]},
        )
        for _ in range(deals):
            api(
                server,
                f"/api/v1/games/{game['id']}/deals",
                {"went_out": "Annabelle", "points": {"Bartholomew": 115, "Dan": 10}},
                game["edit_key"],
            )
        made[name] = (f"/games/{game['id']}", game["edit_key"])
    return made


def _pages(games):
    playing, key = games["playing"]
    finished, _ = games["finished"]
    return {
        "home": "/",
        "checker": "/check?cards=6D+2S+JK",
        "checker, illegal": "/check?cards=8C+8C+8H",
        "checker, lay off": "/check?mode=layoff&table=7H+8H+9H&cards=10H+JK&into=tray",
        "join": f"{playing}/join#{key}",  # joins, then shows the sheet
        "sheet": playing,
        "sheet, finished": finished,
        "deal form": f"{playing}/deals/new",
        "correcting a deal": f"{playing}/deals/1/edit",
        "share": f"{playing}/share",
        "checker of the game": f"{playing}/check?melds=8S+8H+8D&cards=KS+KH+JK",
    }


def test_no_page_scrolls_sideways_at_360_px(new_context, games):
    page = new_context(width=NARROW).new_page()
    too_wide = {}
    for name, path in _pages(games).items():
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > NARROW:
            too_wide[name] = width
    assert not too_wide, f"pages wider than {NARROW} px: {too_wide}"


def _small_keys(page):
    keys = page.locator(".keypad button")
    expect(keys.first).to_be_visible()
    small = []
    for i in range(keys.count()):
        box = keys.nth(i).bounding_box()
        if box["width"] < TAP or box["height"] < TAP:
            small.append(f"{keys.nth(i).inner_text()} {box['width']:.0f}×{box['height']:.0f}")
    return small


@pytest.mark.parametrize("width", [390, NARROW])
def test_keypad_keys_are_at_least_48_px(new_context, server, width):
    page = new_context(width=width).new_page()
    page.goto("/check")
    small = {"checker": _small_keys(page)}
    start_push(page)
    page.get_by_role("link", name="Enter deal 1").tap()
    small["deal form"] = _small_keys(page)
    small = {name: keys for name, keys in small.items() if keys}
    assert not small, f"keypad keys under {TAP} px at {width} px wide: {small}"


# --- Eight players with long names, alike in pairs, on a 390 px phone (issue 36) -------

from referee.pages.new_game.rules_cards import RulesCard  # noqa: E402

from ..rules.test_short_names import ALIKE  # noqa: E402

PHONE = 390
FOUR = ALIKE[:4]  # Anne-Sophie and Anne-Marie Fontaine, Elizabeth(-Anne) Castellanos


def _played(server, players, deals):
    """A Liverpool of these players through the API, ``deals`` deals played: big
    totals, a bonus each deal (±) and who went out (✓); its path and edit key."""
    game = api_game(
        server,
        players,
        [
            {
                "went_out": players[deal % len(players)],
                "points": {
                    p: 95 + 10 * i
                    for i, p in enumerate(players)
                    if p != players[deal % len(players)]
                },
                "adjust": {players[-1]: 50},
                "adjust_reasons": {players[-1]: "exact cut"},
            }
            for deal in range(deals)
        ],
        variant="contract-rummy",
    )
    return f"/games/{game['id']}", game["edit_key"]


def _too_wide(page, width):
    """The page's width where it is wider than the phone, and every column head of a
    sheet broken over two lines or wider than its column."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    heads = page.evaluate(
        """() => [...document.querySelectorAll('.sheet thead th')]
        .filter(th => th.scrollWidth > th.clientWidth
                      || [...th.querySelectorAll('bdi')].some(b => b.getClientRects().length > 1))
        .map(th => th.textContent)"""
    )
    return ([wide] if wide > width else []) + heads


@pytest.mark.parametrize("locale", ["en", "es"])
def test_no_page_of_eight_long_alike_names_is_wider_than_the_phone(new_context, server, locale):
    finished, key = _played(server, ALIKE, 7)
    playing, playing_key = _played(server, ALIKE, 2)
    four, four_key = _played(server, FOUR, 7)
    card = RulesCard("Elizabeth-Anne Castellanos's", "contract-rummy", {}, {"run_min": 3}).token
    page = new_context(locale=locale).new_page()
    for path, edit_key in ((finished, key), (playing, playing_key), (four, four_key)):
        page.goto(f"{path}/join#{edit_key}")
        expect(page.locator(".sheet")).to_be_visible()
    pages = {
        "sheet of eight, finished": finished,
        "sheet of four, finished": four,
        "sheet of eight": playing,
        "deal form": f"{playing}/deals/new",
        "correcting a deal": f"{finished}/deals/2/edit",
        "checker of the game": f"{playing}/check?melds=8S+8H+8D&cards=KS+KH+JK",
        "share": f"{playing}/share",
        "history": "/history",
        "rules card": f"/rules/{card}/share",
        "new game with the rules card": f"/rules/{card}",
        "evening of one game": f"{finished}/evening",
    }
    too_wide = {}
    for name, path in pages.items():
        page.goto(path)
        expect(page.locator("main")).to_be_visible()
        too_wide[name] = _too_wide(page, PHONE)
    # Play again, then the evening of two games.
    page.goto(finished)
    page.locator(".end-of-game button[type=submit]").first.tap()
    expect(page.locator(".contract")).to_be_visible()
    page.goto(f"{page.url.split('#')[0]}/evening")
    expect(page.locator(".evening-games li")).to_have_count(2)
    too_wide["evening"] = _too_wide(page, PHONE)
    too_wide = {name: wide for name, wide in too_wide.items() if wide}
    assert not too_wide, f"wider than {PHONE} px, or a head broken ({locale}): {too_wide}"


# --- Every error of the new-game form in view after Start (issue 36) ------------------

#: The names of a table, as typed, and what the form is left with: (game, names,
#: anything else to type, the field said to be at fault).
REFUSED = {
    # Two names alike: the second Elizabeth-Anne, typed in capitals.
    "a name twice": ("contract-rummy", [*ALIKE[:7], ALIKE[2].upper()], {}, "players-7"),
    # Shove-It is played by four or six.
    "the players counted": ("shove-it", ALIKE[:5], {}, "players"),
    "the pot": ("cap-it", ALIKE[:4], {"#stake": "-5"}, "stake"),
    "the house rules": ("contract-rummy", ALIKE[:3], {"#house-run_min": "5"}, "house"),
}


@pytest.mark.parametrize("script", [True, False], ids=["htmx", "no script"])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_error_of_the_new_game_form_is_in_view_after_start(new_context, locale, script):
    page = new_context(locale=locale, java_script_enabled=script).new_page()
    for what, (variant, names, typed, field) in REFUSED.items():
        page.goto(f"/?variant={variant}")
        for seat, name in enumerate(names):
            page.locator(f"#players-{seat}").fill(name)
        for box, value in typed.items():
            if box.startswith("#house"):
                page.locator("#house > summary").tap()
                page.locator(box).select_option(value)
            else:
                page.locator(box).fill(value)
        page.locator("#new-game button[type=submit].primary").tap()  # with the thumb
        said = page.locator("#start-errors")
        expect(said, what).to_be_in_viewport()
        expect(said, what).to_be_focused()
        expect(page.locator("#new-game button[type=submit].primary"), what).to_be_in_viewport()
        # Beside the field at fault too, one tap away, and the form kept as typed.
        expect(said.locator(f"a[href='#{field}']"), what).to_have_count(1)
        expect(page.locator(f"#players-{len(names) - 1}"), what).to_have_value(names[-1])
        if field != "house":
            expect(page.locator(f"#{field}-error"), what).not_to_be_empty()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE, what


def test_a_game_on_two_lines_keeps_its_bullet_beside_its_first_line(new_context, server):
    """The home page's list of games: a long name wraps, its bullet stays by its start."""
    path, key = _played(server, ALIKE, 1)
    page = new_context().new_page()
    page.goto(f"{path}/join#{key}")
    expect(page.locator(".sheet")).to_be_visible()
    page.goto("/")
    expect(page.locator(".recent li").first).to_be_visible()
    lines = page.evaluate(
        """() => { const range = document.createRange();
        range.selectNodeContents(document.querySelector('.recent li a'));
        return [...range.getClientRects()].map(line => [line.top, line.bottom]); }"""
    )
    assert len(lines) > 1, "the game's name fits one line: nothing to show"
    # The bullet is the item's ::marker, which only the browser's own protocol places.
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    item = cdp.send("DOM.querySelector", {"nodeId": root, "selector": ".recent li"})["nodeId"]
    node = cdp.send("DOM.describeNode", {"nodeId": item, "depth": 1})["node"]
    marker = next(p for p in node["pseudoElements"] if p["pseudoType"] == "marker")
    quad = cdp.send("DOM.getBoxModel", {"backendNodeId": marker["backendNodeId"]})
    ys = quad["model"]["content"][1::2]
    middle = (min(ys) + max(ys)) / 2
    top, bottom = lines[0]
    assert top <= middle <= bottom, f"bullet at {middle:.0f} px, first line {top:.0f}-{bottom:.0f}"


# --- Every tab and card value fits its own box on a 360 px phone -------------------


def _overflowing(page, selector):
    """The text of each box the selector names whose content is wider than itself."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
        .filter(box => box.scrollWidth > box.clientWidth + 1)
        .map(box => box.textContent.trim())""",
        selector,
    )


@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_tab_and_card_value_fits_its_own_box_at_360_px(new_context, server, locale):
    """A game's checker has five tabs (Jo's "Take a joker", "Tomar un comodín" in
    Spanish), and the house rules give a joker's value beside its name ("Comodín"):
    each word stays inside its own box, not only inside the page."""
    game = api(server, "/api/v1/games", {"variant": "jo", "players": ["Ann", "Bob", "Cat"]})
    page = new_context(width=NARROW, locale=locale).new_page()
    page.goto(f"/games/{game['id']}/check")
    expect(page.get_by_role("tab")).to_have_count(5)
    over = {"the checker's tabs": _overflowing(page, ".tab")}
    page.goto("/?variant=contract-rummy")
    page.locator("#house > summary").tap()
    expect(page.locator(".values-grid")).to_be_visible()
    over["the card values"] = _overflowing(page, ".values-grid .value")
    over = {where: boxes for where, boxes in over.items() if boxes}
    assert not over, f"wider than their boxes at {NARROW} px ({locale}): {over}"
