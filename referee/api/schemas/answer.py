"""What every answer of /api/v1 is: a model sent as JSON, the card and rank tokens
it writes, and the refusal any path may answer (``ErrorOut``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field


class Answer(BaseModel):
    """An answer: its fields in the order the API shows them. A field left unset
    (an optional one the answer does not have) is left out of the JSON."""

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


CardToken = Annotated[str, Field(description='A canonical card token: "10H", "AS", "JK".')]
RankToken = Annotated[str, Field(description='A rank token: "A", "2" … "10", "J", "Q", "K".')]


class ErrorOut(Answer):
    """Every refusal under /api/: a 4xx status and one sentence."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="A sentence a person can act on.")
