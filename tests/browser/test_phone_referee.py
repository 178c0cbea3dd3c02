"""The rules core on the phone: the same ``referee/rules`` package, run by Pyodide in
the page's Web Worker (``static/referee-worker.js``), answers as the server does.

The worker is started as a page starts it, from the addresses the page names
(``data-referee-*`` on its body): the runtime and the rules bundle served by the app.
Then a differential test: seeded random melds and hands over every game, half of
them under random house rules, each asked of the server's API and of the rules core
in the worker's Pyodide, in English and in Spanish; every field the API answers
must be the same. The worker side says the core's verdict in the API's shape with
the few lines below (``ON_THE_PHONE``): the API's own answer models are pydantic,
which the phone does not run.
"""

import html
import json
import os
import random
import re
import urllib.error
import urllib.request
from urllib.parse import parse_qsl, urlencode

import pytest

from benchmarks.house_rules import random_house
from referee.pages.checker.checker_views import KEPT
from referee.pages.checker.phone_referee import PYODIDE_VERSION
from referee.rules import VARIANTS, get_ruleset

from .conftest import PATIENCE_MS, SERVER_PATIENCE
from .helpers import api

pytestmark = pytest.mark.keeps_referee  # the phones keep the referee, as by default

#: How many melds and hands are asked, each of both; more with REFEREE_PHONE_CASES.
CASES = int(os.environ.get("REFEREE_PHONE_CASES", 1200))

#: Run in the worker's Pyodide: the core's answers in the API's shape (the API's
#: answer models, referee/api/schemas/meld_answers.py, say them the same way).
ON_THE_PHONE = """
import json
from referee.rules import (GameRuleError, RulesError, RunReading, format_cards, get_ruleset,
    parse_cards, read_meld, solve_hand)
from referee.rules.cards import rank_token
from referee.rules.words import words_in

def reading(read):
    if isinstance(read, RunReading):
        return {"kind": "run", "suit": read.suit, "low": rank_token(read.low),
                "high": rank_token(read.high),
                "cards": [{"card": str(p.card), "as": str(p.stands_for)} for p in read.cards]}
    return {"kind": "set", "rank": rank_token(read.rank)}

def meld(case):
    words = words_in(case["language"])
    rules = get_ruleset(case["variant"], None, case.get("house"))
    verdict = read_meld(parse_cards(case["cards"]), rules)
    return {"legal": verdict.legal, "needs_declaration": verdict.needs_declaration,
            "readings": [reading(read) for read in verdict.readings],
            "reasons": [words.reason(why) for why in verdict.reasons],
            "reason_codes": [why.code for why in verdict.reasons],
            "cards": format_cards(verdict.cards).split()}

def hand(case):
    rules = get_ruleset(case["variant"], None, case.get("house"))
    solution = solve_hand(parse_cards(case["cards"]), rules, case["deal"])
    return {"met": solution.met,
            "melds": [{"cards": [str(card) for card in m.cards], "reading": reading(m.reading),
                       "contract": m.contract} for m in solution.melds],
            "left": [str(card) for card in solution.left], "left_points": solution.left_points,
            "short": solution.short, "completing": list(solution.completing_tokens),
            "nearest": [{"kind": m.kind, "size": m.size, "cards": [str(card) for card in m.cards],
                         "missing": list(m.missing_tokens),
                         "reading": None if m.reading is None else reading(m.reading),
                         "contract": m.contract} for m in solution.nearest]}

def answer(case):
    try:
        return {"meld": meld, "hand": hand}[case["ask"]](case)
    except GameRuleError as error:  # a rule of the game broken: a 422 with its sentence
        return {"status": 422, "error": words_in(case["language"]).reason(error.reason)}
    except RulesError as error:  # other input the core cannot take: a 400
        return {"status": 400, "error": words_in(case["language"]).reason(error.reason)}

json.dumps([answer(case) for case in json.loads(CASES)])
"""


def pack() -> list[str]:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return [rank + suit for rank in ranks for suit in "SHDC"] + ["JK"] * 4


def random_cases(rng: random.Random, count: int) -> list[dict]:
    """Melds of 3 to 7 cards and hands of their deal's size, half of them under
    random house rules; each asked in English or in Spanish."""
    cases = []
    variants = sorted(VARIANTS)
    for number in range(count):
        variant = variants[number % len(variants)]
        case = {"variant": variant, "language": rng.choice(["en", "es"])}
        rules = get_ruleset(variant)
        if rng.random() < 0.5:
            case["house"], rules = random_house(rng, rules)
        if number % 3:
            case |= {"ask": "meld", "cards": " ".join(rng.sample(pack(), rng.randint(3, 7)))}
        else:
            deal = rng.randint(1, len(rules.deals))
            size = min(rules.deal(deal).cards, 14)
            case |= {"ask": "hand", "deal": deal, "cards": " ".join(rng.sample(pack(), size))}
        cases.append(case)
    return cases


def asked_of_the_server(server: str, case: dict) -> dict:
    """The API's answer to ``case`` (a refusal's body too: the phone must refuse alike)."""
    path, body = (
        ("/api/v1/melds/check", {"cards": case["cards"]})
        if case["ask"] == "meld"
        else ("/api/v1/hands/solve", {"cards": case["cards"], "deal": case["deal"]})
    )
    body |= {"variant": case["variant"]} | ({"house": case["house"]} if "house" in case else {})
    request = urllib.request.Request(
        server + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": case["language"]},
    )
    try:
        with urllib.request.urlopen(request, timeout=SERVER_PATIENCE) as response:
            return json.load(response)
    except urllib.error.HTTPError as refusal:
        return {"status": refusal.code} | json.load(refusal)


def start_worker(page) -> dict:
    """Start the referee's worker on ``page`` as a page does; what it answers."""
    return page.evaluate(
        """() => new Promise((resolve) => {
          const where = document.body.dataset;
          const worker = new Worker(where.refereeWorker, {type: "module"});
          worker.onmessage = (event) => resolve(event.data);
          worker.onerror = (event) => resolve({error: event.message});
          worker.postMessage({id: 1, start: {runtime: where.refereeRuntime, rules: where.refereeRules}});
          window.refereeWorker = worker;
        })"""
    )


def asked_of_the_worker(page, messages: list[dict]) -> list[dict]:
    """Each message sent to the page's worker, and what it answered, in order."""
    return page.evaluate(
        """(messages) => Promise.all(messages.map((message, id) => new Promise((resolve) => {
          const worker = window.refereeWorker;
          const answered = (event) => {
            if (event.data.id !== id + 100) return;
            worker.removeEventListener("message", answered);
            resolve(event.data);
          };
          worker.addEventListener("message", answered);
          worker.postMessage({...message, id: id + 100});
        })))""",
        messages,
    )


@pytest.fixture(scope="module")
def worker(browser, server):
    """A page of the app with the referee's worker started as a page starts it."""
    context = browser.new_context(base_url=server)
    context.set_default_timeout(PATIENCE_MS)
    page = context.new_page()
    page.goto("/")
    said = start_worker(page)
    assert said == {"id": 1, "ready": True}, said
    yield page
    context.close()


def test_a_phone_that_loaded_the_referee_once_has_it_with_no_network(context):
    """The service worker keeps the runtime and the rules bundle as the worker first
    fetches them: the next start needs no network."""
    page = context.new_page()
    page.goto("/")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the service worker looks after the page and its worker
    assert start_worker(page) == {"id": 1, "ready": True}
    context.set_offline(True)
    page.reload()
    assert start_worker(page) == {"id": 1, "ready": True}
    kept = page.evaluate("caches.keys()")
    assert [name for name in kept if name.startswith("referee-")] == [
        f"referee-{PYODIDE_VERSION}-{bundle_digest(page)}"
    ]


def bundle_digest(page) -> str:
    return (
        page.evaluate("document.body.dataset.refereeRules").rsplit("/", 1)[1].removesuffix(".zip")
    )


def test_the_page_names_the_runtime_and_rules_bundle_the_app_serves(worker, server):
    """The worker loaded what the page named: the rules core of this server's own
    package, in its catalogs' languages."""
    where = worker.workers[0].evaluate(
        "() => self.pyodide.runPython('import referee.rules; referee.rules.__file__')"
    )
    assert where == "/bundle/referee/rules/__init__.py"


def test_the_phone_answers_every_meld_and_hand_as_the_server_does(worker, server):
    """The differential test: the API's answer and the phone's, field by field."""
    cases = random_cases(random.Random(37), CASES)
    on_phone = json.loads(
        worker.workers[0].evaluate(
            "([code, cases]) => self.pyodide.runPython(code, {globals: self.pyodide.toPy({CASES: cases})})",
            [ON_THE_PHONE, json.dumps(cases)],
        )
    )
    for case, phone in zip(cases, on_phone, strict=True):
        server_said = asked_of_the_server(server, case)
        assert phone == server_said, case


#: What a tap may be: a key, a tab, a box, a reading declared, a card typed.
PRESSES = [
    "",
    "rank:7",
    "rank:10",
    "suit:H",
    "suit:S",
    "joker",
    "back",
    "clear",
    "remove:0",
    "mode:meld",
    "mode:layoff",
    "mode:rescue",
    "mode:contract",
    "mode:hand",
    "into:table",
    "into:tray",
    "next-meld",
    "drop-meld:0",
    "declare:set:7",
    "declare:run:H:5",
    "typed",
]


def likely_meld(rng: random.Random) -> list[str]:
    """Cards that often make a meld: a run of one suit or a set of one rank, a wild
    card in it now and then, so that legal verdicts and their readings are drawn."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    size = rng.randint(3, 5)
    if rng.random() < 0.5:
        low, suit = rng.randint(0, len(ranks) - size), rng.choice("SHDC")
        cards = [rank + suit for rank in ranks[low : low + size]]
    else:
        rank = rng.choice(ranks)
        cards = [rank + suit for suit in rng.sample("SHDC", min(size, 4))]
    if rng.random() < 0.5:
        cards[rng.randrange(len(cards))] = "JK"
    return cards


def random_addresses(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """Addresses of the checker without a game, as its taps make them: every game,
    every mode, a deal or none, cards in each box, a tap; each with a language."""
    variants = sorted(VARIANTS)
    addresses = []
    for number in range(count):
        variant = variants[number % len(variants)]
        rules = get_ruleset(variant)
        fields = [("variant", variant)] if variant != "push" or rng.random() < 0.2 else []
        mode = rng.choice(["meld", "layoff", "rescue", "contract", "hand"])
        if mode in ("contract", "hand") or rng.random() < 0.2:
            fields.append(("deal", str(rng.randint(1, len(rules.deals)))))
        fields.append(("mode", mode))
        most = 14 if mode == "hand" else 7
        cards = rng.sample(pack(), rng.randint(0, most))
        fields.append(("cards", " ".join(likely_meld(rng) if rng.random() < 0.4 else cards)))
        if mode in ("layoff", "rescue"):
            table = likely_meld(rng) if rng.random() < 0.6 else rng.sample(pack(), 4)
            fields.append(("table", " ".join(table)))
            fields.append(("into", rng.choice(["table", "tray"])))
        if mode == "contract":
            for _ in range(rng.randint(0, 2)):
                fields.append(("melds", " ".join(rng.sample(pack(), 3))))
        if rng.random() < 0.3:
            fields.append(("rank", rng.choice(["7", "Q", "10"])))
        if rng.random() < 0.3:  # another tab's cards, kept while this one is shown
            kept = rng.choice(KEPT)
            melds = [" ".join(rng.sample(pack(), 3)) for _ in range(rng.randint(1, 2))]
            fields.append((kept, "|".join(melds) if kept == "contract_melds" else melds[0]))
        press = rng.choice(PRESSES) if rng.random() < 0.6 else ""
        if press == "typed":
            fields.append(("typed", rng.choice(["7h 8h jk", "zz", "10s", ""])))
        if press:
            fields.append(("press", press))
        addresses.append((urlencode(fields), rng.choice(["en", "es"])))
    return addresses


def drawn_by_the_server(server: str, query: str, language: str, path: str = "/check") -> dict:
    """The checker's part of the page as htmx asks the server for it."""
    request = urllib.request.Request(
        f"{server}{path}?{query}", headers={"HX-Request": "true", "Accept-Language": language}
    )
    with urllib.request.urlopen(request, timeout=SERVER_PATIENCE) as response:
        return {"html": response.read().decode(), "state": response.headers["HX-Replace-Url"]}


def test_the_phone_draws_every_tap_of_the_checker_as_the_server_does(worker, server):
    """The differential test of the page: the server's part of the checker and the
    worker's, for the same address in the same language, byte for byte, and the
    address the page's bar then shows."""
    addresses = random_addresses(random.Random(3), CASES // 2)
    drawn = asked_of_the_worker(
        worker, [{"draw": {"query": q, "language": lang, "root": ""}} for q, lang in addresses]
    )
    for (query, language), phone in zip(addresses, drawn, strict=True):
        assert "drawn" in phone, (query, phone)
        assert phone["drawn"] == drawn_by_the_server(server, query, language), (query, language)


def started_games(server: str, rng: random.Random, count: int) -> list[str]:
    """Games started through the API, every other one under random house rules: their
    ids."""
    variants = sorted(VARIANTS)
    ids = []
    for number in range(count):
        variant = variants[(number * 5) % len(variants)]
        rules = get_ruleset(variant)
        players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
        body = {"variant": variant, "players": players[: max(rules.players)][:4]}
        if len(body["players"]) < min(rules.players):
            body["players"] = players[: min(rules.players)]
        if number % 2:
            body["house"], _ = random_house(rng, rules)
        ids.append(api(server, "/api/v1/games", body)["id"])
    return ids


def test_the_phone_draws_a_game_s_checker_as_the_server_does(worker, server):
    """The same for a game's checker, drawn on the phone from what the game's page
    hands over (its kept rules, its players, the deal being played)."""
    rng = random.Random(11)
    cases = []
    for game in started_games(server, rng, 6):
        page = urllib.request.urlopen(f"{server}/games/{game}/check", timeout=SERVER_PATIENCE)
        facts = html.unescape(re.search(r"data-game='([^']*)'", page.read().decode())[1])
        for query, language in random_addresses(rng, 20):
            fields = [(k, v) for k, v in parse_qsl(query) if k not in ("variant", "deal")]
            cases.append((game, facts, urlencode(fields), language))
    drawn = asked_of_the_worker(
        worker,
        [
            {"draw": {"query": q, "language": lang, "root": "", "game": facts}}
            for _, facts, q, lang in cases
        ],
    )
    for (game, _, query, language), phone in zip(cases, drawn, strict=True):
        assert "drawn" in phone, (query, phone)
        server_drew = drawn_by_the_server(server, query, language, f"/games/{game}/check")
        assert phone["drawn"] == server_drew, (game, query, language)


def test_the_phone_draws_every_tap_of_a_deal_form_as_the_server_does(worker, server):
    """The same for a new deal's form, drawn in the worker's Pyodide from what the
    deal's page hands over (the game's kept rules, house rules too) and the form's
    fields; the server answers the same fields as the form posts them, on the same
    phone (its cookie, its CSRF token). The CSRF token is signed anew each time and
    the phone sends back the one it was given: it is left out of the comparison.
    tests/pages/test_deal_on_the_phone.py asks many more of the same code in CPython."""
    rng = random.Random(53)
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    cases = []
    for game in started_games(server, rng, 6):
        with phone.open(f"{server}/games/{game}/deals/new", timeout=SERVER_PATIENCE) as page:
            drawn = page.read().decode()
        facts = html.unescape(re.search(r"data-game='([^']*)'", drawn)[1])
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]*)"', drawn)[1]
        players = len(json.loads(facts)["players"])
        for tap in range(10):
            fields = {
                "csrf_token": token,
                "went_out": rng.choice(["", "stock", "0", str(players - 1)]),
                "active": str(rng.randrange(players)),
                "rank": rng.choice(["", "7"]),
                "deal": "1",
                "press": rng.choice(["rank:7", "suit:H", "joker", "back", "player:1", "typed:0"]),
                "hand-1": rng.choice(["", "AS KD", "JK 7H"]),
                "points-0": rng.choice(["", "25", "2.5"]),
            }
            cases.append((game, facts, urlencode(fields), ["en", "es"][tap % 2]))
    drawn = asked_of_the_worker(
        worker,
        [
            {"draw": {"page": "deal", "query": q, "language": lang, "root": "", "game": facts}}
            for _, facts, q, lang in cases
        ],
    )
    unsigned = re.compile(r'(name="csrf_token" type="hidden" value=")[^"]*"')
    for (game, _, query, language), on_phone in zip(cases, drawn, strict=True):
        assert "drawn" in on_phone, (query, on_phone)
        request = urllib.request.Request(
            f"{server}/games/{game}/deals/new",
            data=query.encode(),
            headers={"HX-Request": "true", "Accept-Language": language},
        )
        with phone.open(request, timeout=SERVER_PATIENCE) as answer:
            server_drew = answer.read().decode()
        assert on_phone["drawn"]["state"] == f"/games/{game}/deals/new"
        assert unsigned.sub(r'\1"', on_phone["drawn"]["html"]) == unsigned.sub(
            r'\1"', server_drew
        ), (game, query, language)
