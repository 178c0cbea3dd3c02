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

import json
import os
import random
import urllib.error
import urllib.request

import pytest

from benchmarks.house_rules import random_house
from referee.pages.phone_referee import PYODIDE_VERSION
from referee.rules import VARIANTS, get_ruleset

from .conftest import PATIENCE_MS, SERVER_PATIENCE

#: How many melds and hands are asked, each of both; more with REFEREE_PHONE_CASES.
CASES = int(os.environ.get("REFEREE_PHONE_CASES", 1200))

#: Run in the worker's Pyodide: the core's answers in the API's shape (the API's
#: answer models, referee/schemas/meld_answers.py, say them the same way).
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
            "short": solution.short, "completing": list(solution.completing_tokens)}

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
        })"""
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
    yield page.workers[0]
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
    where = worker.evaluate(
        "() => self.pyodide.runPython('import referee.rules; referee.rules.__file__')"
    )
    assert where == "/bundle/referee/rules/__init__.py"


def test_the_phone_answers_every_meld_and_hand_as_the_server_does(worker, server):
    """The differential test: the API's answer and the phone's, field by field."""
    cases = random_cases(random.Random(37), CASES)
    on_phone = json.loads(
        worker.evaluate(
            "([code, cases]) => self.pyodide.runPython(code, {globals: self.pyodide.toPy({CASES: cases})})",
            [ON_THE_PHONE, json.dumps(cases)],
        )
    )
    for case, phone in zip(cases, on_phone, strict=True):
        server_said = asked_of_the_server(server, case)
        assert phone == server_said, case
