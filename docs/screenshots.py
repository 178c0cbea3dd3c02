"""Take the README's screenshots: the meld checker and a finished sheet, as a phone
(390×844) shows them. Needs a running server: ``make run``, then
``.venv/bin/python docs/screenshots.py http://127.0.0.1:5000``."""

import re
import sys
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
HERE = Path(__file__).parent


def tap(page, value):
    live = page.locator("[id$='-live']").first
    live.evaluate("element => element.setAttribute('data-stale', '')")
    page.locator(f"button[value='{value}']:not([aria-hidden='true'])").tap()
    expect(page.locator("[id$='-live']:not([data-stale])").first).to_be_attached()


def main(server: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_context(
            base_url=server, viewport={"width": 390, "height": 844}, device_scale_factor=2,
            is_mobile=True, has_touch=True,
        ).new_page()  # fmt: skip
        page.goto("/check")
        for key in ["rank:6", "suit:D", "rank:2", "suit:S", "joker"]:
            tap(page, key)
        page.screenshot(path=HERE / "checker.png")

        page.goto("/")
        for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
            page.locator(f"input[name='players-{seat}']").fill(name)
        page.get_by_role("button", name="Start Push").tap()
        expect(page).to_have_url(re.compile(r"/games/[^/]+$"))
        deals = [
            (0, {1: 25, 3: 10}),
            (1, {0: 40, 2: 15}),
            (2, {1: 5, 3: 5}),  # every hand not out holds a card
            ("stock", {0: 10, 1: 35, 2: 20, 3: 5}),
            (3, {0: 30, 2: 5}),
        ]
        for went_out, points in deals:
            page.get_by_role("link", name=re.compile("Enter deal")).tap()
            live = page.locator("#deal-live")
            live.evaluate("element => element.setAttribute('data-stale', '')")
            page.locator(f"input[name='went_out'][value='{went_out}']").check()
            expect(page.locator("#deal-live:not([data-stale])")).to_be_attached()
            for seat, value in points.items():
                page.locator(f"input[name='points-{seat}']").fill(str(value))
            page.locator("button[name='save']").tap()
            expect(page.locator("#sheet")).to_be_visible()
        page.screenshot(path=HERE / "sheet.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:5000")
