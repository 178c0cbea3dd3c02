"""Taps that come faster than the answers: a phone on the table's Wi-Fi.

Nothing here is timed. The ♦ answer is held back by the test (``page.route``) until
the next tap has been made, so the second tap is made while the first answer is on
its way on every run, however fast or slow the machine; then the answer is let go
and the page must show both taps.

The phone runs without the service worker: once the worker controls the page, the
requests it lets through no longer reach ``page.route``, and on a slow run it takes
control before the ♦ tap.
"""

import re

from playwright.sync_api import expect

from .helpers import chips, tap


def test_a_tap_made_while_the_last_answer_is_on_its_way_is_kept(new_context):
    page = new_context(service_workers="block").new_page()
    page.goto("/check")
    tap(page, "rank:6")
    held = []
    page.route(re.compile(r"/check\?.*press=suit"), lambda route: held.append(route))
    with page.expect_request(re.compile(r"press=suit%3AD")):
        page.locator("button[value='suit:D']").tap()
    page.locator("button[value='rank:2']").tap()  # before ♦ has come back: it is held
    # The route reached the test before the tap's own reply did (one ordered channel).
    assert len(held) == 1, "the ♦ tap was not held"
    held[0].fulfill(response=held[0].fetch())
    expect(chips(page)).to_have_text(["6♦"])
    expect(page.locator("#checker-live > .chips .card.pending")).to_have_text("2…")
