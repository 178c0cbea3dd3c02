"""The Contract Rummy family as data: one preset per game, as docs/rules.md reads
its rule texts (R41-R64, docs/rules.md#R41), in the shape of the Push family's
(``push.py``).
Nothing here is code about a game; every difference is a field of
:class:`~referee.rules.ruleset.Ruleset`.

>>> [rules.variant for rules, _ in FAMILY][:4]
['contract-rummy', 'jo', 'progressive', 'king-rummy']
>>> shanghai = dict((rules.variant, rules) for rules, _ in FAMILY)["shanghai"]
>>> last = shanghai.deal(8).contract[1]
>>> len(shanghai.deals), shanghai.words.noun(last.kind), last.min, last.exact
(10, 'sequence', 10, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from .ruleset import (
    Ace,
    Buys,
    CardValues,
    ContractPart,
    DealRule,
    Kind,
    MeldWords,
    Packs,
    Preset,
    Ruleset,
    WholeHand,
    WildLimit,
)

GROUP_WORDS = MeldWords("group", "groups", "sequence", "sequences")  # R42
SET_WORDS = MeldWords("set", "sets", "sequence", "sequences")


def _parts(exact: bool, *spec: str) -> tuple[ContractPart, ...]:
    """Parts from R57's shorthand: ``"2G3"`` two groups of three, ``"S4"`` a sequence
    of four; exact (R47) or at least."""
    parts = []
    for item in spec:
        count, _, rest = item.partition("G") if "G" in item else item.partition("S")
        kind: Kind = "set" if "G" in item else "run"
        parts += [ContractPart(kind, int(rest), exact=exact)] * int(count or 1)
    return tuple(parts)


def _deals(exact: bool, *deals: tuple[int, str]) -> tuple[DealRule, ...]:
    """R57: each deal as (cards dealt, contract shorthand such as ``"G3 2S4"``)."""
    return tuple(
        DealRule(number, cards, _parts(exact, *contract.split()))
        for number, (cards, contract) in enumerate(deals, start=1)
    )


def _or_more(deal: DealRule, kind: str = "run") -> DealRule:
    """R47: parts of this kind are at least their size, said aloud ("four or more")."""
    return replace(
        deal,
        contract=tuple(
            replace(part, exact=False, or_more=True) if part.kind == kind else part
            for part in deal.contract
        ),
    )


def _values(
    joker: int,
    ace: int,
    courts: int | tuple[int, int, int],
    by_card: Mapping[str, int] | None = None,
    **ranges: int,
) -> CardValues:
    """R60: 2-10 at face value unless a range says otherwise; ``courts`` is J Q K;
    ``by_card`` the cards worth other than their rank."""
    jack, queen, king = courts if isinstance(courts, tuple) else (courts,) * 3
    values = CardValues.of(joker=joker, ace=ace, two=2, by_card=by_card).with_face_value(2, 10)
    by_rank = list(values.by_rank)
    by_rank[11:14] = [jack, queen, king]
    for name, points in ranges.items():
        low, high = (int(part) for part in name[1:].split("_"))
        by_rank[low : high + 1] = [points] * (high - low + 1)
    return CardValues(tuple(by_rank), values.by_card)


def _packs_2_or_3(jokers_3_4: int = 1, jokers_5_8: int = 2) -> Packs:
    """R49: 3-4 players 2 decks and 1 joker; 5-8 players 3 decks and 2 jokers."""
    return Packs.of(((3, 4), 2, jokers_3_4), ((5, 8), 3, jokers_5_8))


TWO_DECKS_FOUR_JOKERS = Packs.of(((2, 8), 2, 4))  # R49

CONTRACT_RUMMY_VALUES = _values(joker=15, ace=15, courts=10)  # R60

_CONTRACT_RUMMY = Ruleset(
    variant="contract-rummy",
    name="Contract Rummy",
    players=tuple(range(3, 9)),
    partnerships=False,  # R41
    deals=(
        *_deals(
            True,
            (10, "2G3"),
            (10, "G3 S4"),
            (10, "2S4"),
            (10, "3G3"),
            (12, "2G3 S4"),
            (12, "G3 2S4"),
        ),
        _or_more(DealRule(7, 12, _parts(True, "3S4"))),  # R47: deal 7 need not discard
    ),
    card_values=CONTRACT_RUMMY_VALUES,
    wild_limit=WildLimit.ANY,  # R50
    set_distinct_suits=False,  # R43
    exact_initial_meld=True,  # R47: more_melds no
    rescue_to_hand=False,  # R25 is the Push family's; joker_exchange is the family's (R79)
    pot=False,
    packs=_packs_2_or_3(),  # R49
    words=GROUP_WORDS,  # R42
    set_min=3,
    run_min=4,  # R44
    twos_wild=False,  # R46: option twos_wild
    ace=Ace.BOTH_ENDS,  # R45
    contract_runs_gap=1,  # R48
    later_melds=False,  # R59
    joker_exchange="to_hand",  # R79: also Jo, Progressive, King, Shanghai, SA Kaluki, Russian
    stock_out=False,  # R64
)

_JO = replace(
    _CONTRACT_RUMMY,
    variant="jo",
    name="Jo",
    # R49: 2, 3 or 4 decks; jokers = players - 1.
    packs=Packs.of(*(((n, n), (n + 1) // 2, n - 1) for n in range(3, 9))),
    scoring="winner_takes",  # R62
    winner="highest",  # R62
)

_PROGRESSIVE = replace(
    _CONTRACT_RUMMY,
    variant="progressive",
    name="Progressive Rummy",
    deals=tuple(
        replace(deal, cards=cards)
        for deal, cards in zip(_CONTRACT_RUMMY.deals, range(6, 13), strict=True)
    ),  # R57
    card_values=_values(joker=25, ace=15, courts=10),  # R60
)

_KING_RUMMY = replace(
    _CONTRACT_RUMMY,
    variant="king-rummy",
    name="King Rummy",
    players=(4,),
    deals=(
        *_deals(False, (10, "G3 S4"), (10, "3G3"), (10, "2S4")),
        DealRule(4, 10, _parts(False, "2G3", "S4"), whole_hand=WholeHand(10, exactly=True)),
    ),  # R57, R58
    card_values=_values(joker=25, ace=15, courts=10),  # R60
    packs=Packs.of(((4, 4), 2, 4)),  # R49
)

_SHANGHAI = replace(
    _CONTRACT_RUMMY,
    variant="shanghai",
    name="Shanghai",
    deals=_deals(
        True,
        (11, "2G3"),
        (11, "G3 S4"),
        (11, "2G4"),
        (11, "G3 S5"),
        (11, "3G3"),
        (11, "G3 S7"),
        (11, "3S4"),
        (11, "G3 S10"),
        (11, "3G3 S5"),
        (11, "3S5"),
    ),
    card_values=_values(joker=20, ace=15, courts=10, r2_2=20),  # R60
    twos_wild=True,  # R46
    ace=Ace.HIGH_ONLY,  # R45
    contract_runs_gap=0,  # R48: "without the need of a gap"
    wild_limit=WildLimit.BY_SIZE,  # R51
    wild_limit_by_size=(
        ("set", 3, 1),
        ("run", 4, 1),
        ("run", 5, 2),
        ("run", 7, 3),
        ("run", 10, 4),
    ),
    lay_offs_wild_limited=False,  # R51
    buys=Buys(per_deal=3, last_deal=4),  # R77
)

_LOBA = replace(
    _CONTRACT_RUMMY,
    variant="loba",
    name="Loba",
    players=(2, 3, 4, 5),
    deals=tuple(
        replace(deal, meld_wilds=1)  # R52
        for deal in _deals(
            True,
            (11, "2G3"),
            (11, "G3 S4"),
            (11, "2S4"),
            (11, "3G3"),
            (11, "2G3 S4"),
            (11, "G3 2S4"),
        )
    ),  # R57
    card_values=_values(joker=25, ace=14, courts=(11, 12, 13)),  # R60
    packs=TWO_DECKS_FOUR_JOKERS,  # R49
    words=MeldWords("trio", "trios", "escalera", "escaleras"),  # R42
    ace=Ace.LOW_OR_HIGH,  # R45
    contract_runs_gap=0,  # R48: silent, so R14
    joker_exchange="move",  # R79
)

_CARIOCA = replace(
    _LOBA,
    variant="carioca",
    name="Carioca",
    deals=(*_LOBA.deals, DealRule(7, 12, _parts(True, "3S4"), meld_wilds=1)),  # R52, R57
    card_values=_values(joker=50, ace=20, courts=10),  # R60
    joker_exchange="move_anywhere",  # R79
)

_SA_KALUKI = replace(
    _CONTRACT_RUMMY,
    variant="sa-kaluki",
    name="South African Kaluki",
    players=(3, 4, 5),
    deals=(
        DealRule(1, 13, (), whole_hand=WholeHand(13), name="Blitz"),  # R58
        *(
            replace(deal, number=deal.number + 1, contract_wilds=1)  # R53
            for deal in _deals(
                True, (13, "G3"), (13, "S3"), (13, "S3 G3"), (13, "S4"), (13, "G4"), (13, "S5")
            )
        ),
    ),
    card_values=_values(joker=25, ace=11, courts=10),  # R60
    packs=TWO_DECKS_FOUR_JOKERS,  # R49
    words=MeldWords("group", "groups", "run", "runs"),  # R42
    set_distinct_suits=True,  # R43
    run_min=3,  # R44
    contract_runs_gap=0,
    closed_melds=True,  # R53
    later_melds=True,  # R59
    buys=Buys(per_deal=4),  # R77
)

_CARIBBEAN = replace(
    _CONTRACT_RUMMY,
    variant="caribbean-kalooki",
    name="Caribbean Kalooki",
    players=(3, 4, 5, 6),
    deals=_deals(
        False,
        (9, "3G3"),
        (10, "2G3 S4"),
        (11, "G3 2S4"),
        (12, "3S4"),
        (12, "4G3"),
        (13, "3G3 S4"),
        (14, "2G3 2S4"),
        (15, "G3 3S4"),
        (16, "4S4"),
    ),
    card_values=_values(joker=50, ace=15, courts=10, by_card={"AH": 1, "AD": 1}),  # R60
    packs=Packs.of(((3, 6), 2, 4)),  # R49
    words=MeldWords('"three"', '"threes"', '"four"', '"fours"', names_size=True),  # R42
    exact_initial_meld=False,  # R47: more_melds yes
    contract_runs_gap=0,
    set_min_natural=2,  # R54
    run_wilds_apart=True,  # R54
    one_rank_one_suit=True,  # R54
    lay_off_runs="upward",  # R54
    later_melds=True,  # R59
    bent_table_doubles=True,  # R63
    joker_exchange="move_to_top",  # R79
)

_RUSSIAN = replace(
    _CONTRACT_RUMMY,
    variant="russian",
    name="Russian Rummy",
    players=tuple(range(2, 9)),
    deals=_deals(False, (13, "2G3"), (13, "S4"), (13, "2G3 S4"), (13, "3G3"), (13, "G3 2S4")),
    card_values=_values(joker=25, ace=15, courts=10, r2_10=5),  # R60
    packs=Packs.of(((2, 2), 1, 2), ((3, 4), 2, 4), ((5, 6), 3, 6), ((7, 8), 4, 8)),  # R49
    words=SET_WORDS,  # R42
    ace=Ace.LOW_OR_HIGH,  # R45: the garbled order read as R12
    exact_initial_meld=False,  # R47
    contract_runs_gap=0,
    later_melds=True,  # R59
)

_TELEFUNKEN = replace(
    _CONTRACT_RUMMY,
    variant="telefunken",
    name="Telefunken",
    players=(4,),
    deals=(
        DealRule(
            1,
            11,
            (
                ContractPart(
                    "set",
                    3,
                    exact=True,
                    no_wild=True,
                    distinct_suits=True,
                    name="pure trio (no wild card, three suits)",
                ),
            ),
        ),  # R55
        *(
            replace(deal, number=deal.number + 1)
            for deal in _deals(True, (11, "2G3"), (11, "G4"), (11, "2G4"), (11, "G5"), (11, "2G5"))
        ),
        replace(_or_more(DealRule(7, 11, _parts(True, "G3", "S7"))), whole_hand=WholeHand(11)),
    ),
    card_values=_values(joker=15, ace=11, courts=10),  # R60
    packs=Packs.of(((4, 4), 2, 4)),  # R49
    words=MeldWords(
        "set",
        "sets",
        "sequidilla",
        "sequidillas",
        by_size=((3, "trio"), (4, "cuarteto"), (5, "quinteto")),
    ),
    wild_limit=WildLimit.ONE,  # R55
    run_min=3,  # R44
    ace=Ace.LOW_OR_HIGH,
    exact_initial_meld=False,  # R47: exact, more_melds yes
    contract_runs_gap=0,
    later_melds=True,  # R59
    joker_exchange="two_for_one",  # R79: Farmer's Rummy too
    deal_direction="right",  # R76: "counter-clockwise"
    buys=Buys(per_game=7),  # R77: seven chips
)

_FARMERS = replace(
    _TELEFUNKEN,
    variant="farmers",
    name="Farmer's Rummy",
    players=tuple(range(4, 9)),
    deals=(
        DealRule(1, 11, (ContractPart("set", 3, exact=True, no_wild=True),)),  # R56
        *(
            replace(deal, number=deal.number + 1)
            for deal in _deals(
                True,
                (11, "2G3"),
                (11, "G4"),
                (11, "2G4"),
                (11, "G5"),
                (11, "2G5"),
                (11, "G6"),
                (11, "2G6"),
            )
        ),
    ),
    card_values=CardValues.of(joker=50, ace=20, two=20, r3_7=5, r8_13=10),  # R60
    packs=Packs.of(((4, 4), 2, 4), ((5, 8), 3, 6)),  # R49
    words=SET_WORDS,
    twos_wild=True,  # R46
    runs_allowed=False,  # R44
    wild_limit=WildLimit.FEWER_THAN_NATURAL,  # R56
    wild_lay_off=False,  # R56
    deal_direction="left",  # R76: as R37, unlike Telefunken
    buys=Buys(per_game=10),  # R77: ten tokens, read as for the whole game
)

#: R41's order: each game's ruleset and the options it offers, with their defaults.
FAMILY: tuple[Preset, ...] = (
    Preset(_CONTRACT_RUMMY, {"twos_wild": False}),
    Preset(_JO, {}),
    Preset(_PROGRESSIVE, {}),
    Preset(_KING_RUMMY, {}),
    Preset(_SHANGHAI, {}),
    Preset(_LOBA, {}),
    Preset(_CARIOCA, {}),
    Preset(_SA_KALUKI, {}),
    Preset(_CARIBBEAN, {}),
    Preset(_RUSSIAN, {}),
    Preset(_TELEFUNKEN, {}),
    Preset(_FARMERS, {}),
)
