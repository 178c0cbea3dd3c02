"""The referee on the phone, measured in Debian's Chromium against the real server.

Run from the project root::

    .venv/bin/python benchmarks/offline.py                # every game, 20 hands each
    .venv/bin/python benchmarks/offline.py --hands 5      # quicker

It starts gunicorn as ``make run`` does, opens the home page in a phone-sized
Chromium (Playwright, ``/usr/bin/chromium``) and prints, beside the aims:

- what the first page itself weighs, as sent (its HTML, CSS, scripts, icon): aim
  under 40 KB; and that none of the referee's files came before the page was idle;
- what the referee on the phone fetches once, as sent (the runtime and the rules
  bundle, compressed as the server sends them): aim at most 6 MB;
- on the checker's page: the seconds until the referee is ready, then, with the
  network off, the time from a tap to its answer drawn on the phone;
- in the worker: a meld check's p50 and p99 (the checker's part of the page drawn
  for a tap, as offline; aim: p99 under 50 ms), and *My hand* on the dealt hands of
  ``benchmarks/solver.py``, every game, drawn the same way (aim: p99 under 500 ms);
- the worker's WebAssembly memory (Pyodide's heap).

It never fails on a timing; it exits 1 if a tap went unanswered.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from games import sqlite_database
from load import KEEP_ALIVE, served
from playwright.sync_api import sync_playwright
from rules import machine_lines
from solver import hands_of, percentile

from referee.rules import VARIANTS, format_cards, get_ruleset

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: Melds of the checker, one a tap: cards of 3 to 7 drawn from a pack with jokers.
MELDS = 1000

ONE_BY_ONE = """async (messages) => {
  const worker = window.benchWorker;
  const times = [];
  let id = 5000;
  for (const message of messages) {
    id += 1;
    const started = performance.now();
    const answer = await new Promise((resolve) => {
      const answered = (event) => {
        if (event.data.id !== id) return;
        worker.removeEventListener("message", answered);
        resolve(event.data);
      };
      worker.addEventListener("message", answered);
      worker.postMessage({...message, id});
    });
    times.push(answer.drawn ? performance.now() - started : -1);
  }
  return times;
}"""

START = """() => new Promise((resolve) => {
  const where = document.body.dataset;
  const worker = new Worker(where.refereeWorker, {type: "module"});
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  worker.onmessage = (event) => resolve({...event.data, seconds: seconds()});
  worker.postMessage({id: 1, start: {runtime: where.refereeRuntime, rules: where.refereeRules}});
  window.benchWorker = worker;
})"""


def random_melds(rng: random.Random, count: int) -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    pack = [rank + suit for rank in ranks for suit in "SHDC"] + ["JK"] * 4
    return [" ".join(rng.sample(pack, rng.randint(3, 7))) for _ in range(count)]


def draws(queries: list[str]) -> list[dict]:
    return [{"draw": {"query": q, "language": "en", "root": ""}} for q in queries]


def ms_line(name: str, times: list[float], aim: str) -> str:
    ordered = sorted(times)
    return (
        f"  {name:<44} p50 {percentile(ordered, 0.5):7.1f}  p99 {percentile(ordered, 0.99):7.1f}"
        f"  worst {ordered[-1]:7.1f} ms  ({len(times)}; aim: {aim})"
    )


def referee_bytes(base: str, page_html: str) -> int:
    """What the referee on the phone fetches once, as the server sends it to a
    browser taking brotli: the files the page names (``data-referee-files``)."""
    files = re.search(r'data-referee-files="([^"]+)"', page_html)[1].split()
    total = 0
    for address in files:
        asked = urllib.request.Request(base + address, headers={"Accept-Encoding": "br, gzip"})
        with urllib.request.urlopen(asked, timeout=60) as response:
            total += len(response.read())
    return total


def hand_queries(hands: int, rng: random.Random) -> list[str]:
    """My hand on the dealt hands of benchmarks/solver.py, every game."""
    queries = []
    for variant in sorted(VARIANTS):
        for deal, hand in hands_of(get_ruleset(variant), hands, rng):
            fields = {"variant": variant, "deal": deal, "mode": "hand"}
            queries.append(urlencode(fields | {"cards": format_cards(hand)}))
    return queries


def first_page(context: Any) -> tuple[int, int]:
    """The home page's own weight as sent, and how many of the referee's files it
    fetched before its load event (the service worker's, after, are not its own)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    sent: dict[str, int] = {}
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.update({e["requestId"]: e["request"]["url"]})
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sent.update({urls[e["requestId"]]: e["encodedDataLength"]}),
    )
    page.goto("/")
    page.wait_for_load_state("load")
    referee = [url for url in sent if "/pyodide/" in url or "/rules/" in url]
    return sum(size for url, size in sent.items() if url not in referee), len(referee)


def offline_tap(context: Any, page: Any) -> float:
    """Milliseconds from a tap with the network off to its answer drawn on the phone."""
    context.set_offline(True)
    before = time.perf_counter()
    page.locator("#checker button[value='joker']").tap()
    page.locator("#checker-dock .on-phone").wait_for(timeout=60_000)
    return (time.perf_counter() - before) * 1000


def measure(port: int, hands: int, seed: int) -> bool:
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(seed)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(**PHONE, base_url=base)
        weight, early = first_page(context)
        page = context.new_page()
        page.goto("/check")
        sent = referee_bytes(base, page.content())
        started = page.evaluate(START)
        melds = [urlencode({"cards": cards}) for cards in random_melds(rng, MELDS)]
        checked = page.evaluate(ONE_BY_ONE, draws(melds))
        solved = page.evaluate(ONE_BY_ONE, draws(hand_queries(hands, rng)))
        memory = page.workers[0].evaluate("() => self.pyodide._module.HEAP8.length")
        tap = offline_tap(context, page)
        browser.close()
    print(f"  the first page, as sent: {weight / 1024:.1f} KB (aim: under 40 KB)")
    print(f"  the referee's files the first page fetched before it was idle: {early} (aim: 0)")
    print(f"  the referee on the phone, as sent once: {sent / 1e6:.2f} MB (aim: at most 6 MB)")
    print(f"  the referee ready {started['seconds']:.1f} s after the checker's page started it")
    print(f"  a tap with the network off, answered on the phone: {tap:.0f} ms")
    for name, times, aim in (
        ("a meld checked and drawn, in the worker", checked, "p99 under 50 ms"),
        ("My hand solved and drawn, in the worker", solved, "p99 under 500 ms"),
    ):
        print(ms_line(name, [ms for ms in times if ms >= 0], aim))
    print(f"  the worker's WebAssembly memory: {memory / 1e6:.0f} MB")
    return all(ms >= 0 for ms in checked + solved)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="dealt hands per game (20)")
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    print("Rummy Referee: the referee on the phone (Chromium, a Web Worker, Pyodide)")
    for line in machine_lines():
        print(line)
    with (
        tempfile.TemporaryDirectory() as folder,
        sqlite_database() as uri,
        served("referee:create_app()", uri, Path(folder), KEEP_ALIVE, [], "offline") as served_at,
    ):
        ok = measure(served_at[0], args.hands, args.seed)
    print("Verdict:  every tap answered" if ok else "Verdict:  a tap went unanswered")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
