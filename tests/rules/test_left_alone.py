"""What a house change leaves as it was (docs/rules.md#R68): a change of the shortest
meld of a kind leaves the deals' contracts alone, the rules core says which deals
still ask for the old size, and what they would be with it; taking that offer gives
playable rules whose contracts all follow the change."""

import pytest

from referee.rules import VARIANTS, apply_house, contracts_left, get_ruleset, house_rules_of

CASES = [
    # game, house, key, shortest asked, new, the deals that still ask for it
    ("contract-rummy", {"run_min": 3}, "run_min", 4, 3, (2, 3, 5, 6, 7)),
    ("contract-rummy", {"set_min": 4}, "set_min", 3, 4, (1, 2, 4, 5, 6)),
    ("push", {"run_min": 5}, "run_min", 4, 5, (2, 3)),  # shorter than the new: raised
    ("shanghai", {"run_min": 3}, "run_min", 4, 3, (2, 7)),
]


@pytest.mark.parametrize(("game", "house", "key", "before", "after", "deals"), CASES)
def test_a_shortest_meld_changed_says_the_deals_it_leaves(game, house, key, before, after, deals):
    (left,) = contracts_left(get_ruleset(game), house)
    assert (left.key, left.before, left.after, left.deals) == (key, before, after, deals)


@pytest.mark.parametrize(("game", "house", "key", "before", "after", "deals"), CASES)
def test_the_contracts_followed_are_playable_and_follow_the_change(
    game, house, key, before, after, deals
):
    book = get_ruleset(game)
    (left,) = contracts_left(book, house)
    rules = apply_house(book, house | {"deals": list(left.followed)})
    kind = left.kind
    sizes = [part.min for deal in rules.deals for part in deal.contract if part.kind == kind]
    assert min(sizes) == after
    assert contracts_left(book, house | {"deals": list(left.followed)}) == ()
    # Only the sizes of that kind changed.
    was = house_rules_of(book)["deals"]
    for old, new in zip(was, house_rules_of(rules)["deals"], strict=True):
        assert old["cards"] == new["cards"]
        assert [p["kind"] for p in old["contract"]] == [p["kind"] for p in new["contract"]]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_book_and_an_unchanged_shortest_leave_nothing(variant_id):
    book = get_ruleset(variant_id)
    assert contracts_left(book, {}) == ()
    assert contracts_left(book, {"run_min": book.run_min, "set_min": book.set_min}) == ()


def test_a_document_still_being_typed_is_passed_over():
    book = get_ruleset("contract-rummy")
    typed = {"run_min": "three", "deals": [{"cards": 10, "contract": [{"kind": "run"}]}]}
    assert contracts_left(book, typed) == ()
    assert contracts_left(book, {"run_min": 3, "deals": ["x", {"contract": None}]}) == ()
