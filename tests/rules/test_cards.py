"""Cards and their notation (R1, R2) and the pack (R3)."""

import pytest

from referee.rules import (
    Card,
    CardError,
    GameRuleError,
    PackError,
    format_cards,
    get_ruleset,
    parse_cards,
)
from referee.rules.cards import check_pack

from .notation import refused


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("7H 8H 9H", "7H 8H 9H"),
        ("7h-8h-9h", "7H 8H 9H"),  # R1: hyphens separate
        ("7H, 8H, 9H", "7H 8H 9H"),  # R1: commas separate
        ("  7h ,8h\t9h\n", "7H 8H 9H"),
        ("TH th 10h", "10H 10H 10H"),  # R1: T is accepted for 10
        ("7♥ 8♦ 9♠ 10♣", "7H 8D 9S 10C"),  # R1: glyphs
        ("7♡ 8♢ 9♤ 10♧", "7H 8D 9S 10C"),  # the white glyphs a phone may offer
        ("7♥️ A♠️", "7H AS"),  # emoji presentation selector
        ("JK joker Joker * jk", "JK JK JK JK JK"),  # R1: joker spellings
        ("as AS aS", "AS AS AS"),
        ("qd KC jS", "QD KC JS"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_every_notation_of_r1_reads_to_the_canonical_form(written, canonical):
    assert format_cards(parse_cards(written)) == canonical


def test_a_list_of_tokens_reads_like_a_string():
    assert parse_cards(["7h", "8♥", "joker"]) == parse_cards("7H 8H JK")


def test_card_parse_and_str_round_trip():
    assert str(Card.parse("10h")) == "10H"
    assert Card.parse(str(Card.parse("t♣"))) == Card.parse("10C")


@pytest.mark.parametrize(
    ("written", "bad"),
    [
        ("7H 1X 9H", "1X"),
        ("7H 11H", "11H"),
        ("7H 1H", "1H"),
        ("7", "7"),
        ("H", "H"),
        ("7HH", "7HH"),
        ("7H;8H", "7H;8H"),
        ("ZZ", "ZZ"),
        ("10", "10"),
    ],
)
def test_anything_else_is_an_error_naming_the_token(written, bad):  # R2
    with refused(CardError, f'"{bad}" is not a card'):
        parse_cards(written)


def test_an_empty_token_in_a_list_is_named_too():  # R2: never a silent skip
    with refused(CardError, '"" is not a card'):
        parse_cards(["7H", ""])


def test_a_card_knows_nothing_of_wild():  # R4, R46: the table's rules say what is wild
    jk, two = parse_cards("JK 2C")
    assert jk.is_joker and not two.is_joker
    assert not hasattr(two, "is_wild") and not hasattr(two, "is_natural")


@pytest.mark.parametrize(
    ("variant", "options", "wild"),
    [
        ("push", {}, "JK 2C"),  # R4: jokers and every 2
        ("shanghai", {}, "JK 2C"),  # R46
        ("farmers", {}, "JK 2C"),  # R46
        ("contract-rummy", {}, "JK"),  # R46: jokers only; a 2 is natural
        ("contract-rummy", {"twos_wild": True}, "JK 2C"),  # R46: Twos Wild
        ("loba", {}, "JK"),
    ],
)
def test_only_the_ruleset_says_which_cards_are_wild(variant, options, wild):  # R4, R46
    rules = get_ruleset(variant, options)
    cards = parse_cards("JK 2C 7C AC")
    assert format_cards(card for card in cards if rules.is_wild(card)) == wild


@pytest.mark.parametrize(
    ("cards", "packs", "message"),
    [
        ("7H 7H 7H", 2, "there are three 7H here, but the pack of two decks"),
        ("JK JK JK JK JK", 2, "there are five jokers here"),
        ("7H 7H 7H 7H", 3, "there are four 7H here, but the pack of three decks"),
        ("JK JK JK JK JK JK JK", 3, "there are seven jokers"),
    ],
)
def test_more_copies_than_the_pack_holds_is_refused(cards, packs, message):  # R3
    with refused(PackError, message):
        check_pack(parse_cards(cards), packs)


@pytest.mark.parametrize(
    ("cards", "packs"),
    [("7H 7H", 2), ("JK JK JK JK", 2), ("7H 7H 7H", 3), ("JK JK JK JK JK JK", 3)],
)
def test_what_the_pack_holds_is_accepted(cards, packs):  # R3
    check_pack(parse_cards(cards), packs)


@pytest.mark.parametrize(
    ("variant", "players", "packs"),
    [
        ("push", 4, 2),
        ("push-solo", 4, 2),
        ("push-solo", 5, 3),
        ("push-solo", 6, 3),
        ("cap-it", 5, 3),
        ("cap-it", 6, 3),
        ("shove-it", 4, 2),
        ("shove-it", 6, 3),
    ],
)
def test_a_third_pack_joins_from_five_players(variant, players, packs):  # R3
    assert get_ruleset(variant).pack(players).decks == packs


def test_shove_it_is_never_for_five():  # R3
    with refused(GameRuleError, "Shove-It is for 4 or 6 players, not 5"):
        get_ruleset("shove-it").check_cards([], players=5)
