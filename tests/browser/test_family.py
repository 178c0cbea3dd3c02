"""Whole games of the Contract Rummy family kept on a phone (docs/rules.md#R41-R64): Shanghai
with eight players on a 360 px phone, Jo (the highest total wins, R62) and Caribbean
Kalooki with six players and a bent table (R63). Some hands are tapped in, the rest
typed; each finished sheet is saved as a screenshot under artifacts/."""

import re

from playwright.sync_api import Page, expect

from .helpers import (
    adds,
    expect_sheet,
    hand,
    open_deal_form,
    points,
    save,
    shot,
    start_game,
    swapped,
    went_out,
)

EIGHT = ("Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def play_deal(page: Page, number: int, out: int, typed: dict[int, int], tapped=None) -> None:
    """Enter deal ``number`` from the sheet: who went out, hands tapped, points typed."""
    open_deal_form(page, number)
    went_out(page, out)
    for seat, cards in (tapped or {}).items():
        hand(page, seat, cards)
    for seat, value in typed.items():
        points(page, seat, str(value))
    expect(page.locator("#adds .hint")).to_have_count(0)  # nobody left to enter
    save(page)


def totals_after(deals, players: int) -> list[list[int]]:
    """The running totals after each deal, from what each deal adds to each seat."""
    totals, rows = [0] * players, []
    for added in deals:
        totals = [t + a for t, a in zip(totals, added, strict=True)]
        rows.append(totals)
    return rows


def shown(total: int) -> str:
    return str(total) if total else "---"  # R34


def winner_line(names, totals, highest=False) -> str:
    best = max(totals) if highest else min(totals)
    winners = [name for name, total in zip(names, totals, strict=True) if total == best]
    tail = ", the highest total" if highest else ""
    if len(winners) > 1:
        return f"★ {' and '.join(winners)} tie for the win with {best} each{tail}"
    return f"★ {winners[0]} wins with {best}{tail}"


def no_sideways_scroll(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_whole_game_of_shanghai_with_eight_players_on_a_narrow_phone(new_context):
    page = new_context(width=360).new_page()
    start_game(page, "Shanghai", EIGHT)
    expect(page.locator(".contract")).to_have_text(
        "Deal 1 · Annabelle deals 11 · two groups of exactly three, at most 1 wild card in each group"
    )
    # Short heads, the full names in a key below the sheet.
    expect(page.locator("table.sheet thead th")).to_have_text(
        ["Deal", "Ann.", "Bar.", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    )
    expect(page.locator(".sheet-key")).to_have_text("Ann.: Annabelle · Bar.: Bartholomew")
    expect(page.locator("table.sheet abbr[title='Bartholomew']")).to_have_text("Bar.")

    added = []
    for number in range(1, 11):
        out = (number - 1) % 8
        # No hand but the one who went out is empty (R26), so none counts 0.
        typed = {s: 5 + 5 * ((number * 3 + s * 7) % 20) for s in range(8) if s != out}
        tapped, tapped_points = {}, {}
        if number == 1:  # Bartholomew holds 2♣ JK K♠: wild cards are 20 each in Shanghai
            tapped, tapped_points = {1: "2C JK KS"}, {1: 50}
        if number == 8:
            expect(page.locator(".contract")).to_have_text(
                "Deal 8 · Hal deals 11 · one group of exactly three and one sequence of exactly "
                "ten, at most 1 wild card in the group and 4 in the sequence"
            )
            tapped, tapped_points = {3: "AS 10H"}, {3: 25}  # 15 + 10
        for seat in tapped:
            del typed[seat]
        open_deal_form(page, number)
        # R64: the discards are reshuffled, so someone always goes out.
        expect(page.locator("input[name='went_out'][value='stock']")).to_have_count(0)
        expect(page.locator("input[name='bent_table']")).to_have_count(0)
        went_out(page, out)
        for seat, cards in tapped.items():
            hand(page, seat, cards)
        if number == 1:
            expect(page.locator(".player").nth(1).locator(".points")).to_have_text("50 points")
        for seat, value in typed.items():
            points(page, seat, str(value))
        expect(page.locator("#adds .hint")).to_have_count(0)
        no_sideways_scroll(page, 360)
        save(page)
        points_of = typed | tapped_points
        added.append([points_of.get(s, 0) for s in range(8)])

    running = totals_after(added, 8)
    expect_sheet(
        page,
        [[f"{n} · 11", *(shown(t) for t in totals)] for n, totals in enumerate(running, start=1)],
        whole=True,
    )
    expect(page.locator(".winner")).to_have_text(winner_line(EIGHT, running[-1]))
    expect(page.locator(".contract")).to_have_count(0)
    no_sideways_scroll(page, 360)
    shot(page, "shanghai-sheet.png")


def test_a_whole_game_of_jo_the_highest_total_wins(page):
    players = ("Ann", "Bob", "Cat", "Dan")
    start_game(page, "Jo", players)
    expect(page.locator(".sheet-page > .hint").first).to_have_text(
        "The highest total wins: whoever goes out scores the cards left in the other hands."
    )

    # Deal 1: Ann went out and takes every other hand (R62): Bob's A♠ JK tapped
    # (15 + 15), Cat 12, Dan 7 typed.
    open_deal_form(page, 1)
    went_out(page, 0)
    expect(page.locator(".player").nth(0).locator(".points")).to_have_text("takes the other hands")
    hand(page, 1, "AS JK")
    expect(page.locator(".player").nth(1).locator(".points")).to_have_text("30 points")
    points(page, 2, "12")
    points(page, 3, "7")
    expect(adds(page)).to_have_text("This deal adds: Ann 49 · Bob 0 · Cat 0 · Dan 0")
    save(page)

    deals = [(0, {1: 30, 2: 12, 3: 7})]
    for number, out in zip(range(2, 8), (1, 2, 3, 1, 2, 0), strict=True):
        typed = {s: 3 + number * s + out for s in range(4) if s != out}
        tapped = {}
        if number == 6:  # Dan holds K♥ Q♥ 9♣: 10 + 10 + 9
            tapped, typed[3] = {3: "KH QH 9C"}, 29
        play_deal(page, number, out, {s: v for s, v in typed.items() if s not in tapped}, tapped)
        deals.append((out, typed))
        if number == 7:
            expect(page.locator(".contract")).to_have_count(0)
        else:
            expect(page.locator(".contract")).to_contain_text(f"Deal {number + 1} · ")

    added = [[sum(typed.values()) if s == out else 0 for s in range(4)] for out, typed in deals]
    running = totals_after(added, 4)
    cards = [10, 10, 10, 10, 12, 12, 12]
    expect_sheet(
        page,
        [
            [f"{n} · {c}", *(shown(t) for t in totals)]
            for n, c, totals in zip(range(1, 8), cards, running, strict=True)
        ],
        whole=True,
    )
    expect(page.locator(".winner")).to_have_text(winner_line(players, running[-1], highest=True))
    shot(page, "jo-sheet.png")


def test_a_whole_game_of_caribbean_kalooki_with_six_players(page):
    players = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    start_game(page, "Caribbean Kalooki", players)
    expect(page.locator(".contract")).to_have_text('Deal 1 · Ann deals 9 · three "threes"')

    # Deal 1: Ann went out; Bob holds A♥ A♠ JK (a red ace is 1, a black one 15, a
    # joker 50, R60), the others typed.
    open_deal_form(page, 1)
    expect(page.locator("input[name='went_out'][value='stock']")).to_have_count(0)
    went_out(page, 0)
    hand(page, 1, "AH AS JK")
    expect(page.locator(".player").nth(1).locator(".points")).to_have_text("66 points")
    for seat in range(2, 6):
        points(page, seat, str(10 * seat))
    expect(adds(page)).to_have_text(
        "This deal adds: Ann 0 · Bob 66 · Cat 20 · Dan 30 · Eve 40 · Fay 50"
    )
    save(page)
    added = [[0, 66, 20, 30, 40, 50]]

    # Deal 2: Bob bent the table (R63): every penalty of the deal is doubled.
    open_deal_form(page, 2)
    went_out(page, 1)
    hand(page, 0, "KD 3C")
    for seat in range(2, 6):
        points(page, seat, str(seat))
    expect(adds(page)).to_have_text(
        "This deal adds: Ann 13 · Bob 0 · Cat 2 · Dan 3 · Eve 4 · Fay 5"
    )
    box = page.locator("input[name='bent_table']")
    swapped(page, "#deal-live", box.check)
    expect(adds(page)).to_have_text(
        "This deal adds: Ann 26 · Bob 0 · Cat 4 · Dan 6 · Eve 8 · Fay 10"
    )
    save(page)
    factor = 2  # R63: the bent table doubles the deal
    added.append([13 * factor, 0, *(factor * s for s in range(2, 6))])

    for number in range(3, 10):
        out = (number - 1) % 6
        typed = {s: 1 + (number * 7 + s * 11) % 60 for s in range(6) if s != out}  # R26: no 0
        play_deal(page, number, out, typed)
        added.append([typed.get(s, 0) for s in range(6)])

    running = totals_after(added, 6)
    cards = [9, 10, 11, 12, 12, 13, 14, 15, 16]
    expect_sheet(
        page,
        [
            [f"{n} · {c}", *(shown(t) for t in totals)]
            for n, c, totals in zip(range(1, 10), cards, running, strict=True)
        ],
        whole=True,
    )
    expect(page.locator(".winner")).to_have_text(winner_line(players, running[-1]))
    expect(page.locator("table.sheet thead th")).to_have_text(["Deal", *players])
    no_sideways_scroll(page, 390)
    shot(page, "caribbean-kalooki-sheet.png")


def test_the_home_page_groups_the_games_by_family(page):
    page.goto("/")
    families = page.locator(".variant-pick .family")
    expect(families).to_have_text(["Push family", "Contract Rummy family"])
    expect(page.locator(".variant-pick .pills").nth(1).locator("a")).to_have_count(12)
    page.locator(".variant-pick a.pill", has_text=re.compile("^Farmer's Rummy$")).tap()
    expect(page.get_by_role("button", name="Start Farmer's Rummy")).to_be_visible()
    expect(page.locator("input[name^='players-']")).to_have_count(8)
    expect(page.locator("input[name='players-3'][required]")).to_have_count(1)
    expect(page.locator("input[name='players-4'][required]")).to_have_count(0)
