"""What a person does on the pages, as steps the tests share.

A tap on the keypad sends the form with htmx, which swaps the form's live part
(``#checker-live``, ``#deal-live``) for the answer; the keypad itself stays. Before
each tap the live part is marked, and the step waits until it has been replaced,
so the next tap lands on the page the answer drew (a tap made while an answer is
on its way waits its turn; see test_timing.py).

Every step and check waits for a condition (Playwright's ``expect``, up to
``PATIENCE_MS``); none sleeps, and none reads the page once and judges that.
"""

import json
import re
import time
import urllib.request

from playwright.sync_api import Locator, Page, expect

from .conftest import ARTIFACTS, PATIENCE_MS, SERVER_PATIENCE


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def settled(page: Page) -> None:
    """Wait until htmx runs on the page and nothing it put in is still settling.

    A page just loaded shows its text before its deferred scripts have run, and an
    answer htmx has just swapped in gets its own ``hx-`` behaviour only as it
    settles (``htmx-settling``, a moment later): a step taken in either gap would
    reach no htmx, and a field's change would be sent nowhere. On a busy machine
    the gap is long enough for a test to fall into it."""
    page.wait_for_function(
        "() => window.htmx !== undefined && document.readyState === 'complete'"
        " && !document.querySelector('.htmx-swapping, .htmx-settling')",
        timeout=PATIENCE_MS,
    )


def swapped(page: Page, selector: str, action) -> None:
    """Do ``action`` and wait until htmx has replaced the element ``selector``."""
    settled(page)
    page.locator(selector).evaluate("element => element.setAttribute('data-stale', '')")
    action()
    expect(page.locator(f"{selector}:not([data-stale])")).to_be_attached()


def tap(page: Page, value: str, form: str = "#checker") -> None:
    """Tap the button of ``value`` (``rank:6``, ``suit:D``, ``joker``...) in ``form``."""
    swapped(
        page,
        f"{form}-live",  # the part of the form a tap changes; the keypad stays
        lambda: page.locator(f"{form} button[value='{value}']:not([aria-hidden='true'])").tap(),
    )


def tap_cards(page: Page, cards: str, form: str = "#checker") -> None:
    """Tap cards in on the keypad: ``"6D 2S JK"`` is 6, ♦, 2, ♠, JK."""
    for card in cards.split():
        if card == "JK":
            tap(page, "joker", form)
        else:
            tap(page, f"rank:{card[:-1]}", form)
            tap(page, f"suit:{card[-1]}", form)


def chips(page: Page, scope: str = "#checker-live > .chips") -> Locator:
    return page.locator(f"{scope} .card:not(.pending)")


# --- Games -----------------------------------------------------------------------------


def start_push(page: Page, players=("Ann", "Bob", "Cat", "Dan")) -> str:
    """Start a game of Push from the home page; return the sheet's path."""
    page.goto("/")
    for seat, name in enumerate(players):
        page.locator(f"input[name='players-{seat}']").fill(name)
    page.get_by_role("button", name="Start Push").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("h1")).to_have_text("Push")
    return game_path(page)


def start_game(page: Page, name: str, players) -> str:
    """Start a game of ``name`` (as the form's pill says it) from the home page: tap
    its pill, type the players, tap Start; return the sheet's path."""
    page.goto("/")
    page.locator(".variant-pick a.pill", has_text=re.compile(f"^{re.escape(name)}$")).tap()
    expect(page.get_by_role("button", name=f"Start {name}")).to_be_visible()
    for seat, player in enumerate(players):
        page.locator(f"input[name='players-{seat}']").fill(player)
    page.get_by_role("button", name=f"Start {name}").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("h1")).to_have_text(name)
    return game_path(page)


def game_path(page: Page) -> str:
    return "/games/" + page.url.split("/games/")[1].split("/")[0].split("?")[0].split("#")[0]


def open_deal_form(page: Page, number: int) -> None:
    page.get_by_role("link", name=f"Enter deal {number}").tap()
    expect(page.locator("#deal h1")).to_contain_text(f"Deal {number}")


def went_out(page: Page, seat) -> None:
    """Choose who went out: a seat number, or ``"stock"``."""
    radio = page.locator(f"input[name='went_out'][value='{seat}']")
    swapped(page, "#deal-live", radio.check)
    expect(radio).to_be_checked()


def hand(page: Page, seat: int, cards: str) -> None:
    """Tap the cards left in a player's hand: the name first, unless it is theirs."""
    if page.locator(f"button[value='player:{seat}'][aria-current='true']").count() == 0:
        tap(page, f"player:{seat}", "#deal")
    tap_cards(page, cards, "#deal")


def points(page: Page, seat: int, typed: str) -> None:
    """Type a player's points, then leave the field (the sums follow)."""
    field = page.locator(f"input[name='points-{seat}']")
    # The last answer settled first: a refusal it brings takes the focus (app.js),
    # which would blur the field as it is typed in and send its change too early.
    settled(page)
    field.fill(typed)
    swapped(page, "#adds", field.blur)


def adds(page: Page) -> Locator:
    return page.locator("#adds p").first


def save(page: Page) -> None:
    settled(page)  # the button the last answer put in, not the one it replaced
    page.locator("button[name='save']").tap()
    expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
    expect(page.locator("#sheet")).to_be_visible()


#: A new Push game's sheet: five deals of 6 to 10 cards, nothing scored; each row
#: labelled by its deal and the cards dealt ("1 · 6").
EMPTY_SHEET = [[f"{deal} · {cards}", "", ""] for deal, cards in enumerate(range(6, 11), 1)]


def expect_sheet(page: Page, rows: list[list[str]], whole: bool = False) -> None:
    """Wait until the sheet's first rows read ``rows``, a row per deal as ["deal ·
    cards dealt", We, They]; with ``whole``, until it has no other rows."""
    body = page.locator("table.sheet tbody tr")
    if whole:
        expect(body).to_have_count(len(rows))
    for i, row in enumerate(rows):
        # The label, then who dealt it where it is played or being played (R76).
        label = re.compile(rf"^\s*{re.escape(row[0])}(\s+dealer \S.*)?\s*$")
        # A played cell: the running total, then the deal's points under it, as on paper.
        totals = [re.compile(rf"^\s*{re.escape(total)}(\s+(0|[+-]\d+))?\s*$") for total in row[1:]]
        expect(body.nth(i).locator("th, td")).to_have_text([label, *totals])


def filled(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` then the empty rows of the deals still to come."""
    return rows + EMPTY_SHEET[len(rows) :]


def wait_until(condition, what: str) -> None:
    """Wait until ``condition()`` holds, for what no page shows (a server's log file):
    looked at again every 50 ms, as ``expect`` does, for up to ``PATIENCE_MS``."""
    deadline = time.monotonic() + PATIENCE_MS / 1000
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still not so after {PATIENCE_MS / 1000:g} s")
        time.sleep(0.05)  # the interval between looks, not a wait for anything


def kept(page: Page, path: str, holding: str = "") -> None:
    """Wait until the service worker keeps the page ``path`` for offline, its text
    holding ``holding``. Asked with ``evaluate``, which waits for the caches' answer
    (a ``wait_for_function`` would take the pending answer itself as true)."""
    wait_until(
        lambda: page.evaluate(
            """async ([path, holding]) => {
                 for (const name of await caches.keys()) {
                   const found = await (await caches.open(name)).match(path, {ignoreVary: true});
                   if (found && (await found.text()).includes(holding)) return true;
                 }
                 return false;
               }""",
            [path, holding],
        ),
        f"{path} kept for offline, holding {holding!r}",
    )


def enter_deal_by_points(page: Page, number: int, out, typed: dict[int, int]) -> None:
    """Enter a whole deal from the sheet by typing every scorer's points, and save."""
    open_deal_form(page, number)
    went_out(page, out)
    for seat, value in typed.items():
        points(page, seat, str(value))
    save(page)


def api(server: str, path: str, body: dict, key: str | None = None) -> dict:
    """POST ``body`` as JSON to the test server's API (to set a game up quickly),
    with the game's edit key when given; the answer as JSON."""
    request = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"} | ({"X-Edit-Key": key} if key else {}),
    )
    with urllib.request.urlopen(request, timeout=SERVER_PATIENCE) as response:
        return json.load(response)


def api_game(server: str, players, deals, variant: str = "push") -> dict:
    """A game started through the API with these ``deals`` played (each a deal's
    body), to set a page up quickly: the API's answer for the game, with its edit key."""
    game = api(server, "/api/v1/games", {"variant": variant, "players": list(players)})
    for deal in deals:
        api(server, f"/api/v1/games/{game['id']}/deals", deal, game["edit_key"])
    return game
