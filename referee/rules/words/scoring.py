"""What is wrong with the table's seats, a deal's score or its entry as the table
gives it (the reasons of ``rules/scoring.py``, ``judge_entry``'s among them;
R26-R31, R60-R64, R75).
"""

from __future__ import annotations

from ..reasons import Reason
from .language import Words, renders
from .phrases import count_word, fact_int, fact_strs, facts, points_words

# Seating the table (R30, R31, R35)


@renders("teams_needed")
def _teams_needed(words: Words, why: Reason) -> str:
    return words._("{game} is played by two teams; give two team names").format(**facts(why))


@renders("no_teams")
def _no_teams(words: Words, why: Reason) -> str:
    return words._("{game} is played each for themself; it has no teams").format(**facts(why))


@renders("no_such_player")
def _no_such_player(words: Words, why: Reason) -> str:
    return words._('there is no player "{name}" in this game; the players are {players}').format(
        name=why["name"], players=", ".join(fact_strs(why, "players"))
    )


@renders("name_missing")
def _name_missing(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        return words._("a team needs a name")
    return words._("a player needs a name")


@renders("name_prints_as_nothing")
def _name_prints_as_nothing(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._(
            "a team's name {name!r} holds a character that prints as nothing; type it again"
        )
    else:
        said = words._(
            "a player's name {name!r} holds a character that prints as nothing; type it again"
        )
    return said.format(name=why["name"])


@renders("name_not_shown")
def _name_not_shown(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._(
            "a team's name {name!r} holds a character that cannot be shown "
            "(a control or formatting character); type it again"
        )
    else:
        said = words._(
            "a player's name {name!r} holds a character that cannot be shown "
            "(a control or formatting character); type it again"
        )
    return said.format(name=why["name"])


@renders("name_too_long")
def _name_too_long(words: Words, why: Reason) -> str:
    return words._('"{name}" is too long a name: {most} characters at most').format(**facts(why))


@renders("name_twice")
def _name_twice(words: Words, why: Reason) -> str:
    if why["who"] == "team":
        said = words._('two teams are called "{name}"; give each its own name')
    else:
        said = words._('two players are called "{name}"; give each its own name')
    return said.format(name=why["name"])


# A deal's score (R26-R31, R60-R64, R75)


@renders("scores_missing")
def _scores_missing(words: Words, why: Reason) -> str:
    players = fact_strs(why, "players")
    return words.ngettext(
        "{players} scores in deal {deal}: give the cards left in hand, or the points",
        "{players} score in deal {deal}: give the cards left in hand, or the points",
        len(players),
    ).format(players=words.listed(players), deal=why["deal"])


@renders("points_to_no_player")
def _points_to_no_player(words: Words, why: Reason) -> str:
    return words._(
        'there is no player "{name}" to give points to; the players are {players}'
    ).format(name=why["name"], players=", ".join(fact_strs(why, "players")))


@renders("bonus_twice")
def _bonus_twice(words: Words, why: Reason) -> str:
    return words._("{player}'s bonus or penalty is given twice; give it once").format(**facts(why))


@renders("bonus_out_of_range")
def _bonus_out_of_range(words: Words, why: Reason) -> str:
    return words._(
        "{player}'s bonus or penalty must be a whole number from {low} to {high}"
    ).format(**facts(why))


@renders("bonus_reason_too_long")
def _bonus_reason_too_long(words: Words, why: Reason) -> str:
    return words._("the reason for {player}'s points is {most} characters at most").format(
        **facts(why)
    )


@renders("bonus_reason_not_shown")
def _bonus_reason_not_shown(words: Words, why: Reason) -> str:
    return words._(
        "the reason for {player}'s points holds a character that cannot be shown"
    ).format(**facts(why))


@renders("no_bent_table")
def _no_bent_table(words: Words, why: Reason) -> str:
    return words._("{game} has no bent table; only a game that doubles it has one").format(
        **facts(why)
    )


@renders("someone_goes_out")
def _someone_goes_out(words: Words, why: Reason) -> str:
    return words._(
        "in {game} the discards are reshuffled when the stock runs out, so a deal "
        "ends only when someone goes out: say who went out of deal {deal}"
    ).format(**facts(why))


@renders("bent_table_without_going_out")
def _bent_table_without_going_out(words: Words, why: Reason) -> str:
    return words._(
        "a bent table is a player going out in one turn; the stock ran out, so "
        "nobody went out to bend it"
    )


@renders("hand_given_twice")
def _hand_given_twice(words: Words, why: Reason) -> str:
    return words._("{player} is given twice; give each player's hand once").format(**facts(why))


@renders("went_out_with_cards")
def _went_out_with_cards(words: Words, why: Reason) -> str:
    return words._("{player} went out, so {player} has no cards left to score").format(
        **facts(why)
    )


@renders("empty_hand_not_out")
def _empty_hand_not_out(words: Words, why: Reason) -> str:
    """R26, R27: facts ``player``, ``deal``, ``out`` (who went out; None where the
    stock ran out) and ``said`` (whether the table has said how the deal ended)."""
    if not why["said"]:
        said = words._(
            "{player} cannot score 0 in deal {deal}: only the player who went out "
            "has no cards left"
        )
    elif why["out"] is None:
        said = words._(
            "{player} cannot score 0 in deal {deal}: the stock ran out, so "
            "nobody went out and every hand still holds cards"
        )
    else:
        said = words._(
            "{player} cannot score 0 in deal {deal}: only {out}, who went out, has no "
            "cards left; every other hand holds at least one card"
        )
    return said.format(**facts(why))


@renders("points_below_zero")
def _points_below_zero(words: Words, why: Reason) -> str:
    return words._("{player}'s points cannot be below 0; {points} was given").format(**facts(why))


@renders("points_not_a_multiple")
def _points_not_a_multiple(words: Words, why: Reason) -> str:
    return words._(
        "{player}'s {points} cannot be a hand in {game}: every card is worth a multiple of {step}"
    ).format(
        player=why["player"],
        points=points_words(words, fact_int(why, "points")),
        game=why["game"],
        step=why["step"],
    )


@renders("points_over_the_pack")
def _points_over_the_pack(words: Words, why: Reason) -> str:
    return words.ngettext(
        "{player}'s {points} point is more than the whole pack is worth ({most})",
        "{player}'s {points} points are more than the whole pack is worth ({most})",
        fact_int(why, "points"),
    ).format(**facts(why))


@renders("points_no_hand")
def _points_no_hand(words: Words, why: Reason) -> str:
    """R28, R29, R60: no cards of the game add up to ``points``; ``smallest`` where
    they are fewer than its smallest card is worth (else None)."""
    points = points_words(words, fact_int(why, "points"))
    if why["smallest"] is not None:
        said = words._(
            "{player} cannot have {points} left; no hand in {game} is worth {points}: "
            "its smallest card is worth {smallest}"
        )
    else:
        said = words._("{player} cannot have {points} left; no cards of {game} add up to {points}")
    return said.format(
        player=why["player"], points=points, game=why["game"], smallest=why["smallest"]
    )


@renders("game_over")
def _game_over(words: Words, why: Reason) -> str:
    deals = fact_int(why, "deals")
    return words.ngettext(
        "the game is over: {count} deal is played",
        "the game is over: {count} deals are played",
        deals,
    ).format(count=count_word(words, deals))


@renders("pot_out_of_range")
def _pot_out_of_range(words: Words, why: Reason) -> str:
    """R33: ``what`` is "stake" or "payout"."""
    if why["what"] == "stake":
        said = words._("the pot's stake is a whole number from 0 to {most:,}, not {amount:,}")
    else:
        said = words._("the pot's payout is a whole number from 0 to {most:,}, not {amount:,}")
    return said.format(**facts(why))


# A deal as the table enters it (judge_entry), and a game (the storage's reading)


@renders("cards_and_points")
def _cards_and_points(words: Words, why: Reason) -> str:
    return words._("give {player}'s cards or points, not both").format(**facts(why))


@renders("reason_without_points")
def _reason_without_points(words: Words, why: Reason) -> str:
    return words._(
        "a reason is given for {player}'s points, but no points; give the points too"
    ).format(**facts(why))


@renders("no_pot")
def _no_pot(words: Words, why: Reason) -> str:
    return words._("{game} has no pot; only Cap-It plays for one").format(**facts(why))
