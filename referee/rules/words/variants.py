"""A game or an option the referee does not know (the reasons of
``rules/variants.py``; R35, R36).
"""

from __future__ import annotations

from ..reasons import Reason
from .language import Words, renders
from .phrases import fact_strs, facts


@renders("unknown_variant")
def _unknown_variant(words: Words, why: Reason) -> str:
    return words._('there is no variant "{variant}"; choose one of {known}').format(
        variant=why["variant"], known=", ".join(fact_strs(why, "known"))
    )


@renders("not_an_option")
def _not_an_option(words: Words, why: Reason) -> str:
    offered = fact_strs(why, "offered")
    return words._('"{name}" is not an option of {game}; its options are {offered}').format(
        name=why["name"],
        game=why["game"],
        offered=", ".join(offered) or words.pgettext("no options", "none"),
    )


@renders("option_not_true_or_false")
def _option_not_true_or_false(words: Words, why: Reason) -> str:
    return words._('option "{name}" must be true or false').format(**facts(why))
