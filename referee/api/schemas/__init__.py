"""The JSON of /api/v1, as pydantic models: the request bodies, and the answers.

The request models (:mod:`.requests`, each named ``…In``) say only what shape a
body has (types, required fields); what the cards, options and declarations mean
is the rules core's business. A body that does not fit is answered 400 with a
sentence naming the field (:func:`.requests.describe_errors`).

Each answer of the API is a model (:mod:`.answer`, the refusal every path may
answer; :mod:`.meld_answers`, the verdicts of the rules paths; :mod:`.game_answers`,
the variants and the games), built from what the rules core and the storage return
(``of``), and sent as JSON by ``dump``; the OpenAPI document describes the answers
with these very models (referee.api.openapi).

An answer model's name ends in ``Out``, as a request body's ends in ``In``: it is
named for what it presents, and the suffix keeps a name to one thing in the whole
package (``MeldVerdictOut`` presents the rules core's ``MeldVerdict``, ``GameOut``
the storage's ``Game``). The document names the answers without it, as before.

``REQUEST_MODELS`` and ``ANSWER_MODELS`` below are what the document describes.
"""

from __future__ import annotations

from . import answer, game_answers, meld_answers, requests

#: The request bodies of the API; the models they use (DeclareIn, MeldIn, PotIn)
#: come along as components of their own.
REQUEST_MODELS: tuple[type[requests.Body], ...] = (
    requests.MeldCheckIn,
    requests.MeldExtendIn,
    requests.RescueIn,
    requests.ContractCheckIn,
    requests.HandScoreIn,
    requests.HandSolveIn,
    requests.GameIn,
    requests.DealIn,
    requests.BuyIn,
    requests.VariantRulesIn,
)

#: Every answer model; their JSON Schemas are the OpenAPI document's answers.
ANSWER_MODELS: tuple[type[answer.Answer], ...] = (
    answer.ErrorOut,
    game_answers.StaleGameOut,
    meld_answers.MeldVerdictOut,
    meld_answers.RescueOut,
    meld_answers.ContractVerdictOut,
    meld_answers.HandScoreOut,
    meld_answers.HandSolutionOut,
    game_answers.VariantOut,
    game_answers.VariantRulesOut,
    game_answers.GameOut,
    game_answers.NewGameOut,
)
