"""The house rules of the new-game form (docs/rules.md#R68-R71, R74): the rules of the
chosen game as fields, each change said back in words, refusals beside the field
at fault, the form kept as typed; saving the rules on the phone and sharing them
as a rules card."""

import html
import re

import pytest
from werkzeug.datastructures import MultiDict

from referee.pages.new_game.rules_cards import RulesCard
from referee.storage.saved_rules import MOST_SAVED

from .conftest import text

LIVERPOOL = "/?variant=contract-rummy"


def form_of(page: str) -> MultiDict:
    """The new-game form's fields as a browser sends them: every input's value, a
    checkbox only when ticked, and each select's chosen option."""
    fields = MultiDict()
    for match in re.finditer(r"<input([^>]*)>", page):
        attributes = match.group(1)
        name = re.search(r'name="([^"]+)"', attributes)
        if not name or ('type="checkbox"' in attributes and "checked" not in attributes):
            continue
        value = re.search(r"value=\"([^\"]*)\"|value='([^']*)'", attributes)
        given = (value.group(1) if value.group(1) is not None else value.group(2)) if value else ""
        fields.add(name.group(1), html.unescape(given))
    for match in re.finditer(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        options = match.group(2)
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options) or re.search(
            r'<option value="([^"]*)"', options
        )
        fields.add(match.group(1), html.unescape(chosen.group(1)))
    return fields


def fill(fields: MultiDict, given: dict[str, str]) -> None:
    """Type into the fields (each replaces what the field held)."""
    for name, value in given.items():
        fields[name] = value


def opened(client, address=LIVERPOOL) -> MultiDict:
    response = client.get(address)
    assert response.status_code == 200
    return form_of(response.data.decode())


def grandmas(client) -> MultiDict:
    """Liverpool with sequences of three, aces around the corner and jokers at 25."""
    fields = opened(client)
    fields["house-run_min"] = "3"
    fields["house-ace"] = "around"
    fields["house-value-JK"] = "25"
    return fields


def said(client, fields) -> str:
    response = client.post("/rules/said", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.data.decode()


def slot(page: str, name: str) -> str:
    """The sentence beside a field (its ``house-error-<name>`` line)."""
    found = re.search(rf'id="house-error-{name}"[^>]*>(.*?)</p>', page, re.S)
    assert found, name
    return html.unescape(found.group(1)).strip()


# --- The form ---------------------------------------------------------------------


def test_house_rules_open_the_rules_of_the_chosen_game_the_common_changes_first(client):
    page = client.get(LIVERPOOL).data.decode()
    house = text(client.get(LIVERPOOL))
    assert "House rules" in house
    fields = form_of(page)
    assert fields["house-run_min"] == "4"  # R44
    assert fields["house-ace"] == "both_ends"  # R45
    assert "house-twos" not in fields  # the option "2s are wild too" says it
    assert fields["house-value-JK"] == "15"
    assert fields["house-deal-7-cards"] == "12"
    assert [fields[f"house-deal-3-part-{n}-kind"] for n in (1, 2)] == ["run", "run"]
    order = [page.index(f'name="house-{key}"') for key in ("run_min", "ace", "wild_limit")]
    assert order == sorted(order) and order[-1] < page.index('name="house-deal-1-cards"')
    assert "Sequences of at least" in house  # the game's own words


def test_each_change_is_said_back_in_words_as_it_is_made(client):
    answer = said(client, grandmas(client))
    words = text_of(answer)
    assert words == (
        "Sequences of three or more An ace may turn the corner: Q K A 2 Jokers are worth 25"
    )
    assert "(3 changes)" in answer
    assert all(slot(answer, key) == "" for key in ("run_min", "ace", "values"))


def text_of(fragment: str) -> str:
    """The words of the house rules as said back (``#house-said``), without tags."""
    found = re.search(r'<div id="house-said"[^>]*>(.*?)</div>', fragment, re.S)
    words = found.group(1) if found else fragment
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", words))).strip()


def test_the_book_says_so_when_nothing_is_changed(client):
    answer = said(client, opened(client))
    assert "As the book has them" in answer
    assert "(as the book has them)" in answer


def test_a_refusal_stands_beside_the_field_at_fault_and_the_form_keeps_what_was_typed(client):
    fields = grandmas(client)
    fields["house-run_min"] = "5"  # R71: deal 2 asks for a sequence of four
    answer = said(client, fields)
    assert slot(answer, "run_min") == (
        "deal 2 asks for a sequence of exactly four, and a sequence must be five or more cards"
    )
    assert slot(answer, "ace") == ""
    fill(fields, {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat"])})
    started = client.post(LIVERPOOL, data=fields)
    assert started.status_code == 422
    page = started.data.decode()
    assert "deal 2 asks for a sequence of exactly four" in slot(page, "run_min")
    kept = form_of(page)
    assert kept["house-run_min"] == "5" and kept["house-value-JK"] == "25"
    assert kept["players-0"] == "Ann"
    assert 'aria-invalid="true"' in page


def test_a_group_the_pack_cannot_make_is_refused_beside_its_deal(client):  # R3, R49, R71
    fields = opened(client)
    fields["house-deal-1-part-1-min"] = "13"  # eight of a rank in two decks, one joker
    assert slot(said(client, fields), "deal-1") == (
        "deal 1 asks for a group of exactly thirteen, and with the pack for 3 players, two "
        "decks and one joker, a group can be at most nine cards under these rules"
    )


@pytest.mark.parametrize(
    ("field", "typed", "where", "sentence"),
    [
        ("house-value-JK", "lots", "values", "Joker: type a whole number, like 10"),
        ("house-value-K", "600", "values", '"K" must be a whole number from 0 to 500'),
        ("house-deal-2-cards", "ten", "deal-2", "deal 2: type a whole number, like 10"),
        ("house-deal-2-part-2-min", "2", "deal-2", "a sequence must be four or more cards"),
        ("house-deal-1-cards", "40", "deal-1", "must be a whole number from 3 to 25"),
        ("house-ace", "sideways", "ace", 'must be "low_or_high"'),
    ],
)
def test_bad_input_is_a_sentence_beside_its_field_never_a_server_error(
    client, field, typed, where, sentence
):
    fields = opened(client)
    fields[field] = typed
    answer = said(client, fields)
    assert sentence in slot(answer, where)
    page = client.post(LIVERPOOL, data=fields)
    assert page.status_code == 422
    if field != "house-ace":  # a choice holds only its own choices
        assert form_of(page.data.decode())[field] == typed


def test_a_deal_is_added_removed_and_changed_meld_by_meld(client):
    fields = grandmas(client)
    fields["house_action"] = "add-deal"
    added = form_of(client.post(LIVERPOOL, data=fields).data.decode())
    assert added["house-deal-8-cards"] == "12"
    assert added["house-value-JK"] == "25"  # kept as typed
    added["house-deal-8-part-3-min"] = "5"
    added["house_action"] = "remove-part-8-1"
    fewer = form_of(client.post(LIVERPOOL, data=added).data.decode())
    assert "house-deal-8-part-3-kind" not in fewer
    assert fewer["house-deal-8-part-2-min"] == "5"
    fewer["house_action"] = "add-part-8"
    more = form_of(client.post(LIVERPOOL, data=fewer).data.decode())
    assert more["house-deal-8-part-3-kind"] == "set"
    answer = said(client, more)
    assert "Eight deals" in text_of(answer)
    assert "Deal 8: 12 cards" in text_of(answer)
    more["house_action"] = "remove-deal-1"
    gone = client.post(LIVERPOOL, data=more)
    assert gone.status_code == 200
    assert form_of(gone.data.decode())["house-deal-1-part-2-kind"] == "run"  # was deal 2


def test_the_last_deal_removed_is_refused_in_words(client):
    fields = opened(client, "/?variant=king-rummy")
    for deal in range(4, 0, -1):
        fields["house_action"] = f"remove-deal-{deal}"
        fields = form_of(client.post("/?variant=king-rummy", data=fields).data.decode())
    assert "a game needs at least one deal" in slot(said(client, fields), "deals")


def test_a_named_bonus_is_added_to_the_house_rules(client):
    fields = grandmas(client)
    fields["house_action"] = "add-bonus"
    fields = form_of(client.post(LIVERPOOL, data=fields).data.decode())
    fill(fields, {"house-bonus-1-name": "Exact cut", "house-bonus-1-points": "−10"})
    assert "Bonuses: Exact cut -10" in text_of(said(client, fields))
    fields["house-bonus-1-points"] = "ten"
    assert slot(said(client, fields), "bonuses") == "Exact cut: type a whole number, like 10"


def test_a_change_under_more_rules_is_said_and_opens_them_when_refused(client):
    fields = opened(client, "/?variant=push")
    fields["house-winner"] = "highest"
    assert "The highest total wins" in text_of(said(client, fields))
    fields = opened(client, LIVERPOOL)
    fields["house-runs"] = "no"  # R71: deal 2 asks for a sequence
    fields["house_action"] = "say"
    page = client.post(LIVERPOOL, data=fields).data.decode()
    assert re.search(r'class="house-more" open', page)
    assert "sequences are not melds here" in slot(page, "runs")


def test_an_option_ticked_after_the_form_was_drawn_still_counts(client):
    """The fields are compared with the rules they were drawn for: 2s left as they
    were drawn do not undo the option that makes them wild."""
    fields = opened(client)
    fields["option_twos_wild"] = "y"
    assert "As the book has them" in said(client, fields)


def test_a_form_without_its_house_rules_starts_the_book(client):
    data = {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat"])}
    assert client.post(LIVERPOOL, data=data).status_code == 303


# --- Saved on the phone (R74) -----------------------------------------------------


def saved_names(client) -> list[str]:
    """The rules the phone offers first on the new-game form."""
    page = client.get("/").data.decode()
    found = re.search(r'<fieldset class="saved-rules">(.*?)</fieldset>', page, re.S)
    names = re.findall(r"<a [^>]*><bdi>([^<]*)</bdi></a>", found.group(1)) if found else []
    return [html.unescape(name) for name in names]


def save(client, fields, name):
    fields = fields.copy()
    fill(fields, {"house_action": "save", "rules_name": name})
    response = client.post(LIVERPOOL, data=fields)
    assert response.status_code == 200
    return text(response)


def test_rules_saved_under_a_name_are_offered_first_on_the_new_game_form(client):
    assert "Saved on this phone as “Grandma&#39;s Liverpool”" in save(
        client, grandmas(client), "Grandma's Liverpool"
    )
    home = client.get("/").data.decode()
    assert saved_names(client) == ["Grandma's Liverpool"]
    assert home.index("Your table's rules") < home.index("Push family")
    card = re.search(r'href="(/rules/[^"]+)"', home).group(1)
    page = client.get(card)
    fields = form_of(page.data.decode())
    assert fields["variant"] == "contract-rummy"
    assert (fields["house-run_min"], fields["house-ace"], fields["house-value-JK"]) == (
        "3",
        "around",
        "25",
    )
    assert fields["rules_name"] == "Grandma's Liverpool"
    assert re.search(r'<details class="house" id="house" open>', page.data.decode())


def test_saving_again_under_the_same_name_replaces_and_forget_removes(client):
    save(client, grandmas(client), "Grandma's Liverpool")
    fields = grandmas(client)
    fields["house-value-JK"] = "50"
    page = save(client, fields, "grandma's liverpool")
    assert saved_names(client) == ["grandma's liverpool"]
    assert "Forget “grandma&#39;s liverpool” on this phone" in page
    fill(fields, {"house_action": "forget", "rules_name": "Grandma's Liverpool"})
    assert "no longer saved" in text(client.post(LIVERPOOL, data=fields))
    assert saved_names(client) == []


def test_rules_are_saved_only_with_a_name_only_when_playable_and_a_shelf_has_room(client):
    assert "give the rules a name" in save(client, grandmas(client), "  ")
    refused = grandmas(client)
    refused["house-run_min"] = "5"
    assert "cannot be played as they stand" in save(client, refused, "Broken")
    for n in range(MOST_SAVED):
        save(client, grandmas(client), f"Rules {n}")
    assert f"keeps {MOST_SAVED} rules at most" in save(client, grandmas(client), "One more")


def test_each_phone_keeps_its_own_rules(app, client):
    save(client, grandmas(client), "Grandma's Liverpool")
    assert saved_names(app.test_client()) == []


# --- Rules cards (R74) ------------------------------------------------------------


def test_a_rules_card_is_a_link_and_qr_code_holding_no_game_and_no_edit_key(client):
    answer = said(client, grandmas(client))
    link = re.search(r'href="(/rules/[^"]+/share)"', answer).group(1)
    page = client.get(link)
    assert page.status_code == 200
    card = text(page)
    assert "Contract Rummy, with these house rules" in card
    assert "An ace may turn the corner: Q K A 2" in card
    assert "<svg" in page.data.decode()
    token = link.split("/")[2]
    assert "http://localhost/rules/" + token in card
    other = opened(client.application.test_client(), f"/rules/{token}")
    assert other["house-ace"] == "around"
    assert not any(name in token for name in ("edit", "key", "game"))


def test_a_rules_card_carries_changes_the_form_does_not_show(client):
    house = {"pack": {"decks": 3, "jokers": 6}, "run_min": 3}
    token = RulesCard("Big table", "contract-rummy", {}, house).token
    fields = opened(client, f"/rules/{token}")
    words = text_of(said(client, fields))
    assert "Pack: three decks" in words or "Pack: 3 decks" in words
    assert "Sequences of three or more" in words


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        ("garbage", "this rules card cannot be read"),
        (RulesCard("X", "snap", {}, {}).token, "a game this referee does not know: snap"),
    ],
)
def test_a_card_that_cannot_be_read_says_so_on_the_new_game_form(client, card, sentence):
    page = client.get(f"/rules/{card}")
    assert page.status_code == 400
    assert sentence in text(page)
    assert client.get(f"/rules/{card}/share").status_code == 400


def test_a_card_whose_rules_cannot_be_played_opens_the_book_and_says_why(client):
    token = RulesCard("Broken", "contract-rummy", {}, {"run_min": 7}).token
    page = client.get(f"/rules/{token}")
    assert page.status_code == 200
    assert "this rules card&#39;s house rules cannot be played" in text(page)
    assert form_of(page.data.decode())["house-run_min"] == "4"


@pytest.mark.parametrize(
    ("field", "tampered"),
    [
        ("house-options", '{"no_such_option": true}'),
        ("house-options", "not json"),
        ("house-kept", '{"pack": "lots"}'),
        ("house-kept", "["),
        ("house-deal-1-own", '{"whole_hand": "all"}'),
        ("house-deal-1-part-1-kind", "triple"),
        ("house-deal-99-cards", "10"),
    ],
)
def test_a_tampered_form_is_answered_in_words_never_a_server_error(client, field, tampered):
    fields = grandmas(client)
    fields[field] = tampered
    assert client.post("/rules/said", data=fields).status_code == 200
    fill(fields, {f"players-{i}": name for i, name in enumerate(["Ann", "Bob", "Cat"])})
    assert client.post(LIVERPOOL, data=fields).status_code in (303, 422)


def swapped(fields: MultiDict, fragment: str) -> MultiDict:
    """The form after htmx swaps the answer's out-of-band inputs into it."""
    for match in re.finditer(r'<input([^>]*hx-swap-oob="true"[^>]*)>', fragment):
        name = re.search(r'name="([^"]+)"', match.group(1)).group(1)
        fields[name] = html.unescape(re.search(r'value="([^"]*)"', match.group(1)).group(1))
    return fields


def test_a_value_that_follows_another_rule_follows_it_on_the_form(client):  # R70
    fields = opened(client)
    assert (fields["house-value-2"], fields["house-value-JK"]) == ("2", "15")
    fields["option_twos_wild"] = "y"  # Liverpool's 2s wild are its option (R68)
    fields = swapped(fields, said(client, fields))
    assert fields["house-value-2"] == "15"  # a wild 2 is worth a joker's points
    del fields["option_twos_wild"]
    answer = said(client, fields)
    assert swapped(fields, answer)["house-value-2"] == "2"  # and its own once natural
    assert "As the book has them" in text_of(answer)


def test_a_value_the_table_typed_stays_its_own_when_another_rule_changes(client):  # R70
    fields = opened(client)
    fields["house-value-2"] = "50"
    fields = swapped(fields, said(client, fields))
    fields["option_twos_wild"] = "y"
    answer = said(client, fields)
    assert swapped(fields, answer)["house-value-2"] == "50"
    assert "Twos are worth 50" in text_of(answer)


@pytest.mark.parametrize(
    ("field", "value", "line"),
    [
        ("house-deal_direction", "right", "The deal passes to the right"),  # R76
        ("house-joker_exchange", "to_hand", "the joker goes into the player's hand"),  # R79
    ],
)
def test_who_deals_next_and_the_joker_exchange_are_house_rules_too(client, field, value, line):
    fields = opened(client, "/?variant=loba")
    fields[field] = value
    assert line in text_of(said(client, fields))
