"""The API's answers, recorded: every path of docs/api.md asked with good and bad input,
for each family of games, and what the app answered (status, the headers that say
what an answer is, and the body's exact bytes).

``tests/api/test_recorded_answers.py`` asks the same again on a fresh app and holds
every answer to its recording, byte for byte. Record again only when an answer is
meant to change, and read the difference before committing it::

    .venv/bin/python tests/api/record_answers.py

Nothing in an answer is masked. What would differ from one run to the next is made
the same instead, while the requests are asked: game ids and edit keys are drawn
from a fixed sequence (so each is the same at the same place in the run), and the
clock stands still (so the Retry-After of a refused new game is too). One header
is recorded sorted: the Allow of an OPTIONS answer, whose methods Flask lists in an
order that changes from one process to the next (it builds them from a set).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import sys
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock
from urllib.parse import quote

from referee import create_app
from referee.plumbing.headers import SECURITY_HEADERS
from referee.storage import allowance, deals, games, models
from referee.storage import database as storage

RECORDED = Path(__file__).parent / "recorded" / "answers.json"

#: Headers left out of a recording: the length is the body's, and the security
#: headers are the same on every answer (tests/api/test_security.py).
UNRECORDED = {"content-length", *(name.lower() for name in SECURITY_HEADERS)}

NO_BODY = object()


@dataclass(frozen=True)
class Ask:
    """One request. ``path`` and ``headers`` may name a game started earlier in the
    run, ``{push.id}`` and ``{push.key}``; ``starts`` names the game this request's
    answer starts."""

    name: str
    method: str
    path: str
    body: Any = NO_BODY  # sent as JSON
    raw: bytes | None = None  # sent as it is, labelled JSON
    headers: Mapping[str, str] = field(default_factory=dict)
    starts: str | None = None


def get(name: str, path: str, **headers: str) -> Ask:
    return Ask(name, "GET", path, headers=_header_names(headers))


def post(name: str, path: str, body: Any = NO_BODY, **more: Any) -> Ask:
    return Ask(name, "POST", path, body, **_more(more))


def put(name: str, path: str, body: Any = NO_BODY, **more: Any) -> Ask:
    return Ask(name, "PUT", path, body, **_more(more))


def delete(name: str, path: str, **more: Any) -> Ask:
    return Ask(name, "DELETE", path, **_more(more))


def _header_names(headers: Mapping[str, str]) -> dict[str, str]:
    """``If_Match`` as ``If-Match``: header names as keyword arguments."""
    return {name.replace("_", "-"): value for name, value in headers.items()}


def _more(more: dict[str, Any]) -> dict[str, Any]:
    if "headers" in more:
        more["headers"] = _header_names(more["headers"])
    return more


def editing(game: str, **headers: str) -> dict[str, Any]:
    """The headers of a change to ``game``: its edit key, and any others."""
    return {"headers": {"X-Edit-Key": f"{{{game}.key}}", **headers}}


CHECK = "/api/v1/melds/check"
EXTEND = "/api/v1/melds/extend"
RESCUE = "/api/v1/melds/rescue"
CONTRACT = "/api/v1/contracts/check"
SCORE = "/api/v1/hands/score"
SOLVE = "/api/v1/hands/solve"
GAMES = "/api/v1/games"
FOUR = ["Ann", "Bob", "Cat", "Dan"]
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def deal(text: str) -> dict[str, Any]:
    """``"Bob out bent: Ann AH JK, Cat 10"`` as a deal body (``"nobody out: ..."`` when
    the stock ran out)."""
    head, _, entries = text.partition(": ")
    who = head.split()[0]
    body: dict[str, Any] = {"went_out": None if who == "nobody" else who}
    hands: dict[str, str] = {}
    points: dict[str, int] = {}
    for entry in filter(None, entries.split(", ")):
        name, _, value = entry.partition(" ")
        if value.lstrip("-").isdigit():
            points[name] = int(value)
        else:
            hands[name] = value
    if hands:
        body["hands"] = hands
    if points:
        body["points"] = points
    if head.endswith(" bent"):
        body["bent_table"] = True
    return body


def whole_game(game: str, deals: list[str]) -> list[Ask]:
    """Every deal of ``game`` recorded, then the game read and its sheet exported."""
    return [
        *(
            post(
                f"{game} deal {number}",
                f"{GAMES}/{{{game}.id}}/deals",
                deal(text),
                **editing(game),
            )
            for number, text in enumerate(deals, start=1)
        ),
        get(f"{game} read", f"{GAMES}/{{{game}.id}}"),
        get(f"{game} sheet as CSV", f"{GAMES}/{{{game}.id}}/sheet.csv"),
    ]


RULES = [
    get("variants", "/api/v1/variants"),
    get("the OpenAPI document", "/api/v1/openapi.json"),
    Ask("options on the games path", "OPTIONS", GAMES),
    delete("a method the variants path does not take", "/api/v1/variants"),
    get("an unknown path", "/api/v1/nothing-here"),
    post("an unknown version of the API", "/api/v2/melds/check", {}),
    # One meld (R4-R16), and the family's (R43-R56).
    post("a meld of several readings", CHECK, {"variant": "push", "cards": "6D 2S JK"}),
    post("a meld declared a run", CHECK, {"variant": "push", "cards": "6D 2S JK", "declare": {"kind": "run", "suit": "D", "low": "5"}}),
    post("a meld declared a set", CHECK, {"variant": "push", "cards": ["6D", "2S", "JK"], "declare": {"kind": "set", "rank": "6"}}),
    post("a declaration that is no reading", CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "set"}}),
    post("a run around the ace", CHECK, {"variant": "push", "cards": "KH AH 2H 3H"}),
    post("a set of two clubs", CHECK, {"variant": "push", "cards": "8C 8C 8H"}),
    post("a meld with options", CHECK, {"variant": "cap-it", "cards": "3H 3S 3D", "options": {"three_and_seven": False}, "players": 6}),
    post("a family meld of a deal", CHECK, {"variant": "contract-rummy", "cards": "8C 8H JK", "deal": 1, "players": 5}),
    post("a family meld put down later", CHECK, {"variant": "contract-rummy", "cards": "4H 5H JK 7H"}),
    post("a pure trio in Telefunken", CHECK, {"variant": "telefunken", "cards": "8C 8H JK", "deal": 1}),
    post("red aces in Caribbean Kalooki", CHECK, {"variant": "caribbean-kalooki", "cards": "AH 2H 3H"}),
    post("a Shanghai meld of its last deal", CHECK, {"variant": "shanghai", "cards": "4S 5S 6S 7S", "deal": 10}),
    post("malformed JSON", CHECK, raw=b'{"variant": "push", "cards": '),
    post("an empty body", CHECK, raw=b""),
    post("a body not in UTF-8", CHECK, raw=b'{"variant": "\xff"}'),
    post("a list for a body", CHECK, raw=b"[]"),
    post("null for a body", CHECK, raw=b"null"),
    post("a number of 5000 digits", CHECK, raw=b'{"variant": "push", "cards": "7H", "players": ' + b"4" * 5000 + b"}"),
    post("the cards missing", CHECK, {"variant": "push"}),
    post("the cards a number", CHECK, {"variant": "push", "cards": 7}),
    post("a card token a number", CHECK, {"variant": "push", "cards": ["7H", 8]}),
    post("an option not true or false", CHECK, {"variant": "push", "cards": "7H", "options": {"ten_cards": "yes"}}),
    post("an unknown field", CHECK, {"variant": "push", "cards": "7H", "declar": {}}),
    post("a declaration of no kind", CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "pair"}}),
    post("a declared rank that is no rank", CHECK, {"variant": "push", "cards": "7H 8H 9H", "declare": {"kind": "set", "rank": "1"}}),
    post("a card that is no card", CHECK, {"variant": "push", "cards": "7H 1X"}),
    post("an unknown option", CHECK, {"variant": "push", "cards": "7H", "options": {"tencards": True}}),
    post("an unknown variant", CHECK, {"variant": "gin", "cards": "7H"}),
    post("a third 7H", CHECK, {"variant": "push", "cards": "7H 7H 7H"}),
    post("five jokers", CHECK, {"variant": "push", "cards": "JK JK JK JK JK"}),
    post("five players at Shove-It", CHECK, {"variant": "shove-it", "cards": "7H", "players": 5}),
    post("a family deal past the last", CHECK, {"variant": "contract-rummy", "cards": "8C 8H 8S", "deal": 8}),
    post("a body over 64 KB", CHECK, {"variant": "push", "cards": " ".join(["7H"] * 30_000)}),
    get("GET on a path of POST", CHECK),
    # Laying off (R23).
    post("laying off", EXTEND, {"variant": "push", "meld": "7H 8H 9H", "add": "10H JK"}),
    post("laying off on a declared meld", EXTEND, {"variant": "push", "meld": {"cards": "6D 2S JK", "declare": {"kind": "set", "rank": "6"}}, "add": "6H"}),
    post("laying off what does not fit", EXTEND, {"variant": "push", "meld": "7H 8H 9H", "add": "3C"}),
    post("laying off in the family", EXTEND, {"variant": "contract-rummy", "meld": "8C 8H 8S", "add": "JK", "players": 4}),
    post("laying off past the pack", EXTEND, {"variant": "push", "meld": "7H 8H 9H", "add": "7H 7H"}),
    post("laying off nothing named", EXTEND, {"variant": "push", "meld": "7H 8H 9H"}),
    post("laying off on a number", EXTEND, {"variant": "push", "meld": 5, "add": "7H"}),
    # Rescues (R24, R25).
    post("a rescue from a run", RESCUE, {"variant": "push", "meld": "7H JK 9H", "card": "8H"}),
    post("a rescue from a set", RESCUE, {"variant": "push", "meld": "6C 6H JK", "card": "6D"}),
    post("a rescue of a card that does not fit", RESCUE, {"variant": "push", "meld": "6C 6H JK", "card": "7H"}),
    post("a rescue to the hand", RESCUE, {"variant": "push", "meld": "7H JK 9H", "card": "8H", "options": {"rescue_to_hand": True}}),
    post("a rescue from a meld of several readings", RESCUE, {"variant": "push", "meld": "6D 2S JK", "card": "6H"}),
    post("a rescue in the family", RESCUE, {"variant": "contract-rummy", "meld": "4H JK 6H 7H", "card": "5H"}),
    post("a rescue of two cards", RESCUE, {"variant": "push", "meld": "7H JK 9H", "card": "8H 9H"}),
    # Joker exchange by game (R79).
    post("a joker taken into the hand", RESCUE, {"variant": "jo", "meld": "4H JK 6H 7H", "card": "5H"}),
    post("a wild 2 never taken", RESCUE, {"variant": "shanghai", "meld": "5H 2C 7H 8H", "card": "6H"}),
    post("a joker moved past the card in Loba", RESCUE, {"variant": "loba", "meld": "9C 10C JC JK", "card": "QC"}),
    post("a joker in the middle stays in Loba", RESCUE, {"variant": "loba", "meld": "9C JK JC QC", "card": "10C"}),
    post("a joker moved to the top in Caribbean Kalooki", RESCUE, {"variant": "caribbean-kalooki", "meld": "9C JK JC QC", "card": "10C"}),
    post("a set's joker for two cards in Telefunken", RESCUE, {"variant": "telefunken", "meld": "8C 8D JK", "card": "8H 8S"}),
    post("a set's joker for one card in Telefunken", RESCUE, {"variant": "telefunken", "meld": "8C 8D JK", "card": "8H"}),
    post("three cards for a set's joker", RESCUE, {"variant": "telefunken", "meld": "8C 8D JK", "card": "8H 8S 8D"}),
    # Contracts (R17-R22, R47, R48, R58).
    post("a contract met", CONTRACT, {"variant": "push", "deal": 3, "melds": ["4H 5H 6H 7H", "8H 9H 10H JH"]}),
    post("a contract of a declared meld", CONTRACT, {"variant": "push", "deal": 1, "melds": [{"cards": "8C 8H JK", "declare": {"kind": "set"}}]}),
    post("a contract not met", CONTRACT, {"variant": "push", "deal": 2, "melds": ["8C 8H JK"]}),
    post("a family contract", CONTRACT, {"variant": "contract-rummy", "deal": 1, "melds": ["8C 8H JK", "KD KS KH"], "players": 4}),
    post("a Shanghai contract of its last deal", CONTRACT, {"variant": "shanghai", "deal": 10, "melds": ["4S 5S 6S 7S", "8C 8H 8D", "QC QH QD"]}),
    post("a Telefunken pure trio", CONTRACT, {"variant": "telefunken", "deal": 1, "melds": ["8C 8H JK", "KD KS KH"]}),
    post("a contract of deal 6 of 5", CONTRACT, {"variant": "push", "deal": 6, "melds": []}),
    post("a contract of a deal as text", CONTRACT, {"variant": "push", "deal": "3", "melds": []}),
    post("a contract past the pack", CONTRACT, {"variant": "push", "deal": 1, "melds": ["8C 8H 8S", "8C 8D 8S", "8C JK JK"]}),
    # Hands (R28, R60-R62) and the solver (R65-R67).
    post("a hand counted", SCORE, {"variant": "push", "cards": "AS KD 7C JK"}),
    post("an empty hand", SCORE, {"variant": "push", "cards": ""}),
    post("a hand in Caribbean Kalooki", SCORE, {"variant": "caribbean-kalooki", "cards": "AH AS JK 10D"}),
    post("a hand in Jo", SCORE, {"variant": "jo", "cards": ["2S", "KH", "JK"], "players": 5}),
    post("a hand with a bad card", SCORE, {"variant": "push", "cards": "AS K"}),
    post("a hand past the pack", SCORE, {"variant": "push", "cards": "AS AS AS"}),
    post("a hand solved", SOLVE, {"variant": "push", "deal": 2, "cards": "8C 8H JK 4H 5H 6H 7H 9S KD"}),
    post("a hand one card short", SOLVE, {"variant": "push", "deal": 2, "cards": "8C 8H 4H 5H 6H 7H 9S KD"}),
    post("a hand several cards short", SOLVE, {"variant": "push", "deal": 1, "cards": "8C 4D"}),
    post("a family hand solved", SOLVE, {"variant": "contract-rummy", "deal": 1, "cards": "8C 8H JK KD KS KH 4C 9D", "players": 4}),
    post("a family hand short", SOLVE, {"variant": "contract-rummy", "deal": 3, "cards": "4H 5H 6H 7H 8C 8D 8S JK 2C KD", "players": 4}),
    post("a hand of 31 cards", SOLVE, {"variant": "push", "deal": 2, "cards": "7H " * 31}),
]  # fmt: skip

PUSH = f"{GAMES}/{{push.id}}"

GAMES_ASKED = [
    # Starting games, and a retry of one (docs/api.md#retries-and-several-writers).
    post("a Push game started", GAMES, {"variant": "push", "players": FOUR}, headers={"Idempotency_Key": "push-game-first-try"}, starts="push"),
    post("a Push game started again with its key", GAMES, {"variant": "push", "players": FOUR}, headers={"Idempotency_Key": "push-game-first-try"}),
    post("another game with that key", GAMES, {"variant": "push", "players": ["Ann", "Bob", "Cat", "Eve"]}, headers={"Idempotency_Key": "push-game-first-try"}),
    post("a key too short", GAMES, {"variant": "push", "players": FOUR}, headers={"Idempotency_Key": "short"}),
    post("a Push game of three", GAMES, {"variant": "push", "players": ["Ann", "Bob", "Cat"]}),
    post("a game of no variant", GAMES, {"variant": "gin", "players": FOUR}),
    post("a game of no players", GAMES, {"variant": "push"}),
    post("a game of two players of one name", GAMES, {"variant": "push-solo", "players": ["Ann", "Bob", "Cat", "ann"]}),
    post("a pot in Push", GAMES, {"variant": "push", "players": FOUR, "pot": {"stake": 10, "payout": 5}}),
    post("a pot too big to keep", GAMES, {"variant": "cap-it", "players": FOUR, "pot": {"stake": 2**63, "payout": 0}}),
    post("a pot of less than nothing", GAMES, {"variant": "cap-it", "players": FOUR, "pot": {"stake": -1, "payout": 0}}),
    post("teams in a game without", GAMES, {"variant": "push-solo", "players": FOUR, "teams": ["Us", "Them"]}),
    # Reading it, conditionally (If-None-Match).
    get("the Push game read", PUSH),
    get("the Push game read as seen", PUSH, If_None_Match='"v1"'),
    get("the Push game read as seen, weakly", PUSH, If_None_Match='W/"v1"'),
    get("the Push game read as seen gzipped", PUSH, If_None_Match='"v1:gzip"'),
    get("the Push game read as seen before", PUSH, If_None_Match='"v0"'),
    get("no such game", f"{GAMES}/no-such-game"),
    get("no such game, seen", f"{GAMES}/no-such-game", If_None_Match='"v1"'),
    get("a game id far too long", f"{GAMES}/{'x' * 50}"),
    post("a method the game path does not take", PUSH, {}),
    # Writing deals: the edit key, the body, the rules of the game.
    post("a deal without the key", f"{PUSH}/deals", deal("Ann out: Bob 10, Dan 10")),
    post("a deal with a wrong key", f"{PUSH}/deals", deal("Ann out: Bob 10, Dan 10"), headers={"X_Edit_Key": "wrong"}),
    post("a deal to no such game", f"{GAMES}/no-such-game/deals", deal("Ann out: Bob 10, Dan 10"), headers={"X_Edit_Key": "wrong"}),
    post("a deal without went_out", f"{PUSH}/deals", {"points": {"Bob": 10}}, **editing("push")),
    post("a deal of one who does not play", f"{PUSH}/deals", deal("Eve out: Bob 10, Dan 10"), **editing("push")),
    post("a deal of cards and points", f"{PUSH}/deals", {"went_out": "Ann", "hands": {"Bob": "AS"}, "points": {"Bob": 15, "Dan": 0}}, **editing("push")),
    post("a deal of a bent table in Push", f"{PUSH}/deals", deal("Ann out bent: Bob 10, Dan 10"), **editing("push")),
    post("a deal missing a hand", f"{PUSH}/deals", deal("Ann out: Bob 10"), **editing("push")),
    post("a deal past the pack", f"{PUSH}/deals", deal("Ann out: Bob JK JK JK, Dan JK JK"), **editing("push")),
    # ... retried (Idempotency-Key), and from a phone that saw an older game (If-Match).
    post("deal 1 of Push", f"{PUSH}/deals", deal("Ann out: Bob AS KD, Dan 7C 9H"), **editing("push", Idempotency_Key="push-deal-1-try")),
    post("deal 1 of Push sent again", f"{PUSH}/deals", deal("Ann out: Bob AS KD, Dan 7C 9H"), **editing("push", Idempotency_Key="push-deal-1-try")),
    post("another deal with that key", f"{PUSH}/deals", deal("Bob out: Ann 5, Cat 5"), **editing("push", Idempotency_Key="push-deal-1-try")),
    post("a deal from a phone that saw v1", f"{PUSH}/deals", deal("Bob out: Ann 5, Cat 5"), **editing("push", If_Match='"v1"')),
    post("deal 2 from a phone that saw v2", f"{PUSH}/deals", deal("Bob out: Ann 5, Cat 5"), **editing("push", If_Match='"v2:gzip"')),
    get("the Push game after two deals", PUSH),
    # Corrections and undo.
    put("deal 1 corrected", f"{PUSH}/deals/1", deal("Cat out: Bob 20, Dan 25"), **editing("push")),
    put("a correction without the key", f"{PUSH}/deals/1", deal("Cat out: Bob 20, Dan 25")),
    put("a correction of no deal", f"{PUSH}/deals/4", deal("Cat out: Bob 20, Dan 25"), **editing("push")),
    put("a correction from a phone that saw v2", f"{PUSH}/deals/1", deal("Cat out: Bob 20, Dan 25"), **editing("push", If_Match='"v2"')),
    put("a correction with a bad body", f"{PUSH}/deals/1", {"went_out": 3}, **editing("push")),
    put("a correction of deal one", f"{PUSH}/deals/one", deal("Cat out: Bob 20, Dan 25"), **editing("push")),
    delete("undoing a deal not the last", f"{PUSH}/deals/1", **editing("push")),
    delete("undoing no deal", f"{PUSH}/deals/7", **editing("push")),
    delete("undoing from a phone that saw v3", f"{PUSH}/deals/2", **editing("push", If_Match='"v3"')),
    delete("undoing without the key", f"{PUSH}/deals/2"),
    delete("undoing the last deal", f"{PUSH}/deals/2", **editing("push", If_Match='"v4"')),
    # ... to the end, and past it.
    *whole_game("push", ["Bob out: Ann 5, Cat 5", "nobody out: Ann 10, Bob 20, Cat 30, Dan 40", "Dan out: Ann AS AH JK JK, Cat KS QS 9D 8D", "Cat out: Bob JK, Dan QH"]),
    post("a sixth deal of Push", f"{PUSH}/deals", deal("Ann out: Bob 10, Dan 10"), **editing("push")),
    get("no such game's sheet", f"{GAMES}/no-such-game/sheet.csv"),
    # The other games of the Push family.
    post("a Push Solo game of five started", GAMES, {"variant": "push-solo", "players": NAMES[:5]}, starts="solo"),
    *whole_game("solo", ["Eve out: Ann 2C 3C, Bob 10, Cat JK, Dan 5"]),
    post("a Cap-It game for a pot started", GAMES, {"variant": "cap-it", "players": NAMES[:5], "pot": {"stake": 10, "payout": 15}, "options": {"ten_cards": False}}, starts="cap"),
    *whole_game("cap", [f"{out} out: " + ", ".join(f"{n} 5" for n in NAMES[:5] if n != out) for out in NAMES[:5]]),
    post("a Shove-It game of six with its teams started", GAMES, {"variant": "shove-it", "players": NAMES, "teams": ["Us", "=Them"]}, starts="shove"),
    *whole_game("shove", ["Ann out: Bob 8C 9C 10C JC, Dan 5, Fay 5", "Bob out: Ann 70, Cat 50, Eve 20"]),
    # The Contract Rummy family.
    post("a Contract Rummy game started", GAMES, {"variant": "contract-rummy", "players": NAMES[:3]}, starts="contract"),
    post("a deal where nobody went out in the family", f"{GAMES}/{{contract.id}}/deals", deal("nobody out: Ann 5, Bob 5, Cat 5"), **editing("contract")),
    post("a bent table in Contract Rummy", f"{GAMES}/{{contract.id}}/deals", deal("Ann out bent: Bob 5, Cat 5"), **editing("contract")),
    *whole_game("contract", ["Ann out: Bob AS KD 7C, Cat JK 2H", "Bob out: Ann 20, Cat 35", "Cat out: Ann 10, Bob 45", "Ann out: Bob 5, Cat 60", "Ann out: Bob 30, Cat 25", "Bob out: Ann 40, Cat 15", "Cat out: Ann 12, Bob 8"]),
    post("an eighth deal of Contract Rummy", f"{GAMES}/{{contract.id}}/deals", deal("Ann out: Bob 5, Cat 5"), **editing("contract")),
    post("a Jo game started", GAMES, {"variant": "jo", "players": FOUR}, starts="jo"),
    *whole_game("jo", ["Ann out: Bob AS KD, Cat JK 2H, Dan 7C", "Bob out: Ann 20, Cat 35, Dan 5", "Cat out: Ann 10, Bob 45, Dan 30", "Ann out: Bob 5, Cat 60, Dan 2", "Dan out: Ann 30, Bob 25, Cat 40", "Bob out: Ann 40, Cat 15, Dan 20", "Ann out: Bob 12, Cat 8, Dan 3"]),
    post("a Caribbean Kalooki game started", GAMES, {"variant": "caribbean-kalooki", "players": FOUR}, starts="kalooki"),
    *whole_game("kalooki", ["Ann out: Bob AH AS, Cat AD AC, Dan JK", "Bob out bent: Ann AH JK, Cat 10, Dan 7"]),
    put("a Caribbean Kalooki deal corrected to a bent table", f"{GAMES}/{{kalooki.id}}/deals/1", deal("Ann out bent: Bob AH AS, Cat AD AC, Dan JK"), **editing("kalooki")),
    post("a King Rummy game started", GAMES, {"variant": "king-rummy", "players": FOUR}, starts="king"),
    *whole_game("king", ["Ann out: Bob JK AS, Cat 10H 9H, Dan 2D", "Bob out: Ann 30, Cat 20, Dan 10", "Cat out: Ann 5, Bob 15, Dan 25", "Dan out: Ann 40, Bob 2, Cat 2"]),
    post("a Loba game ending in a tie started", GAMES, {"variant": "loba", "players": ["Ann", "Bob"]}, starts="loba"),
    *whole_game("loba", ["Ann out: Bob JK AS KS QS JS", "Bob out: Ann 77", "Ann out: Bob 10", "Bob out: Ann 20", "Ann out: Bob 30", "Bob out: Ann 18"]),
    post("a Shanghai game started", GAMES, {"variant": "shanghai", "players": NAMES[:3]}, starts="shanghai"),
    *whole_game("shanghai", ["Ann out: Bob 2S JK AS, Cat 3H"]),
    # Buys (docs/rules.md#R77, docs/api.md#games-and-their-sheets): three a deal in Shanghai.
    post("a buy for Bob", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Bob"}, **editing("shanghai", Idempotency_Key="shanghai-buy-bob-1")),
    post("the buy for Bob sent again", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Bob"}, **editing("shanghai", Idempotency_Key="shanghai-buy-bob-1")),
    post("Bob's second buy", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Bob"}, **editing("shanghai")),
    post("Bob's third buy", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Bob"}, **editing("shanghai")),
    post("Bob's fourth buy in a deal", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Bob"}, **editing("shanghai")),
    post("a buy for no player of the game", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Zed"}, **editing("shanghai")),
    post("a buy without the key", f"{GAMES}/{{shanghai.id}}/buys", {"player": "Cat"}),
    post("a buy of no player", f"{GAMES}/{{shanghai.id}}/buys", {"name": "Cat"}, **editing("shanghai")),
    delete("Bob's last buy taken back", f"{GAMES}/{{shanghai.id}}/buys/Bob", **editing("shanghai")),
    delete("a buy taken back from Cat, who has none", f"{GAMES}/{{shanghai.id}}/buys/Cat", **editing("shanghai")),
    get("the Shanghai game with its buys", f"{GAMES}/{{shanghai.id}}"),
    post("a buy in a finished game", f"{GAMES}/{{king.id}}/buys", {"player": "Ann"}, **editing("king")),
    post("a Shanghai game of nine", GAMES, {"variant": "shanghai", "players": [*NAMES, "Gus", "Hal", "Ivy"]}),
]  # fmt: skip

#: An app that counts the games an address starts (two a minute).
LIMITED = [
    post("a game started", GAMES, {"variant": "push", "players": FOUR}),
    post("a game started with a key", GAMES, {"variant": "push", "players": FOUR}, headers={"Idempotency_Key": "limited-game-key"}),
    post("a third game in the minute", GAMES, {"variant": "push", "players": FOUR}),
    post("the game with a key sent again", GAMES, {"variant": "push", "players": FOUR}, headers={"Idempotency_Key": "limited-game-key"}),
    post("a refused game does not count", GAMES, {"variant": "push", "players": ["Ann"]}),
    post("a fourth game in the minute", GAMES, {"variant": "push-solo", "players": FOUR}),
]  # fmt: skip

#: House rules (docs/rules.md#R68-R75, docs/api.md#house-rules): docs/rules.md#house-rules's Grandma's
#: Liverpool, sequences of three turning the corner and jokers at 25.
GRANDMAS = {"run_min": 3, "ace": "around", "values": {"JK": 25}}
LIVERPOOL = f"{GAMES}/{{liverpool.id}}"


def with_house(path: str, house: Any) -> str:
    """``path?house=<JSON>``, the JSON escaped as a browser sends it."""
    text = house if isinstance(house, str) else json.dumps(house)
    return f"{path}?house={quote(text)}"


HOUSE_ASKED = [
    # A variant's rules, the book's and a table's.
    get("Contract Rummy's rules", "/api/v1/variants/contract-rummy"),
    get("Contract Rummy's rules with house rules", with_house("/api/v1/variants/contract-rummy", GRANDMAS)),
    post("a table's rules of Push", "/api/v1/variants/push/rules", {"options": {"ten_cards": True}, "house": {"wild_limit": "two_natural", "winner": "highest"}}),
    post("a table's rules with a deal list", "/api/v1/variants/shanghai/rules", {"house": {"deals": [{"cards": 10, "contract": [{"kind": "set", "min": 3}, {"kind": "run", "min": 4}]}, {"cards": 11, "contract": [], "whole_hand": {"exactly": 12}}]}}),
    get("the rules of no variant", "/api/v1/variants/gin"),
    get("house rules that are not JSON", with_house("/api/v1/variants/push", "{run_min")),
    get("house rules of an unknown key", with_house("/api/v1/variants/push", {"run_mins": 3})),
    get("house rules no table could play", with_house("/api/v1/variants/push", {"pack": {"decks": 1, "jokers": 0}, "players": [8]})),
    post("a table's rules with an unknown option", "/api/v1/variants/push/rules", {"options": {"tencards": True}}),
    post("a table's rules with a field it does not take", "/api/v1/variants/push/rules", {"variant": "push"}),
    # Every rules path, by the book and by the house (R72).
    post("a run round the corner by the book", CHECK, {"variant": "contract-rummy", "cards": "KH AH 2H"}),
    post("a run round the corner by the house", CHECK, {"variant": "contract-rummy", "house": GRANDMAS, "cards": "KH AH 2H"}),
    post("a meld of half wild cards by the book", CHECK, {"variant": "shove-it", "cards": "7H JK JK 10H"}),
    post("a meld of half wild cards by the house", CHECK, {"variant": "shove-it", "house": {"wild_limit": "no_more_than_natural"}, "cards": "7H JK JK 10H"}),
    post("laying off round the corner by the house", EXTEND, {"variant": "contract-rummy", "house": GRANDMAS, "meld": "QS KS AS", "add": "2S"}),
    post("a rescue round the corner by the house", RESCUE, {"variant": "contract-rummy", "house": GRANDMAS, "meld": "KH JK 2H", "card": "AH"}),
    post("a contract of melds at least their size by the house", CONTRACT, {"variant": "contract-rummy", "house": {"contract_sizes": "at_least"}, "deal": 1, "melds": ["8C 8H 8S 8D", "KD KS KH"]}),
    post("a hand with jokers at 25 by the house", SCORE, {"variant": "contract-rummy", "house": GRANDMAS, "cards": "AS JK"}),
    post("a hand solved round the corner by the house", SOLVE, {"variant": "contract-rummy", "house": GRANDMAS, "deal": 2, "cards": "8C 8H JK QH KH AH 2H 9S"}),
    post("house rules with an unknown key", CHECK, {"variant": "push", "house": {"aces": "around"}, "cards": "7H"}),
    post("house rules of a wrong type", SCORE, {"variant": "push", "house": {"values": {"JK": "25"}}, "cards": "JK"}),
    post("house rules out of range", CONTRACT, {"variant": "push", "house": {"contract_runs_gap": 3}, "deal": 1, "melds": []}),
    post("house rules no table could play", SOLVE, {"variant": "contract-rummy", "house": {"runs": False}, "deal": 1, "cards": "8C"}),
    post("house rules as a list", CHECK, {"variant": "push", "house": [], "cards": "7H"}),
    # A game keeps its house rules (R73), a deal its bonuses (R75).
    post("a game of house rules started", GAMES, {"variant": "contract-rummy", "players": ["Ann", "Bob", "Cat"], "house": GRANDMAS}, starts="liverpool"),
    post("a game of house rules no table could play", GAMES, {"variant": "contract-rummy", "players": ["Ann", "Bob", "Cat"], "house": {"runs": False}}),
    post("a game of house rules with an unknown key", GAMES, {"variant": "push", "players": FOUR, "house": {"pot": 5}}),
    post("a deal with a bonus and a penalty", f"{LIVERPOOL}/deals", {"went_out": "Ann", "points": {"Bob": 25, "Cat": 10}, "adjust": {"Ann": -10, "Cat": 20}, "adjust_reasons": {"Ann": "exact cut"}}, **editing("liverpool")),
    post("a bonus for a name that is not a player", f"{LIVERPOOL}/deals", {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}, "adjust": {"Eve": -10}}, **editing("liverpool")),
    post("a bonus past a thousand", f"{LIVERPOOL}/deals", {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}, "adjust": {"Ann": 1001}}, **editing("liverpool")),
    post("a bonus that is no whole number", f"{LIVERPOOL}/deals", {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}, "adjust": {"Ann": 2.5}}, **editing("liverpool")),
    post("a reason too long", f"{LIVERPOOL}/deals", {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}, "adjust": {"Ann": -5}, "adjust_reasons": {"Ann": "x" * 41}}, **editing("liverpool")),
    post("a reason without points", f"{LIVERPOOL}/deals", {"went_out": "Bob", "points": {"Ann": 5, "Cat": 5}, "adjust_reasons": {"Ann": "exact cut"}}, **editing("liverpool")),
    post("deal 2 with jokers at 25", f"{LIVERPOOL}/deals", {"went_out": "Bob", "hands": {"Ann": "JK", "Cat": "KH AH 2H"}, "adjust": {"Bob": -20}, "adjust_reasons": {"Bob": "out in one turn"}}, **editing("liverpool")),
    put("deal 1 corrected, Ann's bonus taken off", f"{LIVERPOOL}/deals/1", {"went_out": "Ann", "points": {"Bob": 25, "Cat": 10}, "adjust": {"Cat": 20}}, **editing("liverpool")),
    get("the game of house rules read", LIVERPOOL),
    get("the game of house rules as CSV", f"{LIVERPOOL}/sheet.csv"),
    delete("the deal with a bonus undone", f"{LIVERPOOL}/deals/2", **editing("liverpool")),
]  # fmt: skip

#: Each run: the app's settings beyond a test app's, and what it is asked.
RUNS: list[tuple[str, dict[str, Any], list[Ask]]] = [
    ("rules", {}, RULES),
    ("games", {}, GAMES_ASKED),
    ("limited", {"RATELIMIT_ENABLED": True, "GAMES_PER_MINUTE": 2}, LIMITED),
    ("house", {}, HOUSE_ASKED),
]


# --- Asking ------------------------------------------------------------------------------


class FixedTokens:
    """``secrets`` as games.py uses it, but for ``token_urlsafe``: the same sequence
    of tokens, of the same length and alphabet, at every run."""

    def __init__(self) -> None:
        self.drawn = 0

    def token_urlsafe(self, nbytes: int) -> str:
        self.drawn += 1
        digest = hashlib.sha256(f"recorded answers {self.drawn}".encode()).digest()
        return base64.urlsafe_b64encode(digest[:nbytes]).rstrip(b"=").decode()

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


@contextmanager
def the_same_every_run() -> Iterator[None]:
    """Game ids and edit keys from a fixed sequence; a clock standing still."""
    now = datetime.now(UTC)

    class StillClock(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return now if tz is not None else now.replace(tzinfo=None)

    with (
        mock.patch.object(games, "secrets", FixedTokens()),
        mock.patch.object(allowance, "datetime", StillClock),
        mock.patch.object(deals, "datetime", StillClock),
        mock.patch.object(models, "datetime", StillClock),
    ):
        yield


def ask_all(settings: Mapping[str, Any], asks: list[Ask]) -> list[dict[str, Any]]:
    """Each request asked in turn of a fresh app; each answer as it is recorded."""
    answers = []
    with tempfile.TemporaryDirectory() as folder, the_same_every_run():
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "recorded answers",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'referee.db'}",
                **settings,
            }
        )
        try:
            client = app.test_client()
            started: dict[str, SimpleNamespace] = {}
            for ask in asks:
                sent: dict[str, Any] = {
                    "method": ask.method,
                    "headers": {k: v.format(**started) for k, v in ask.headers.items()},
                }
                if ask.body is not NO_BODY:
                    sent["json"] = ask.body
                elif ask.raw is not None:
                    sent |= {"data": ask.raw, "content_type": "application/json"}
                with client.open(ask.path.format(**started), **sent) as response:
                    answers.append(recorded(ask, response))
                    if ask.starts is not None:
                        body = response.get_json()
                        started[ask.starts] = SimpleNamespace(id=body["id"], key=body["edit_key"])
        finally:
            storage.dispose(app)
    return answers


def recorded(ask: Ask, response: Any) -> dict[str, Any]:
    headers = {
        name: value for name, value in response.headers.items() if name.lower() not in UNRECORDED
    }
    if "Allow" in headers:
        headers["Allow"] = ", ".join(sorted(headers["Allow"].split(", ")))
    return {
        "name": ask.name,
        "request": f"{ask.method} {ask.path}",
        "status": response.status_code,
        "headers": headers,
        "body": response.get_data().decode(),
    }


def answers() -> dict[str, list[dict[str, Any]]]:
    """Every run's answers, as asked of today's code."""
    return {run: ask_all(settings, asks) for run, settings, asks in RUNS}


def record() -> None:
    RECORDED.parent.mkdir(exist_ok=True)
    text = json.dumps(answers(), indent=1, ensure_ascii=False)
    RECORDED.write_text(text + "\n", encoding="utf-8")
    count = sum(len(asks) for _, _, asks in RUNS)
    print(f"{count} answers recorded in {RECORDED}", file=sys.stderr)


if __name__ == "__main__":
    record()
