"""A game's running sheet for a spreadsheet: the CSV export's rows, each cell
written so that no spreadsheet runs it (OWASP, "CSV injection")."""

from __future__ import annotations

import re

from .games import sheet_of
from .models import Game

#: What a spreadsheet reads as the start of a formula in a cell (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Where a spreadsheet may cut a line into cells: at commas, or at semicolons where the
#: decimal mark is a comma; the pieces between them, each a cell it may run.
CELLS = re.compile(r"([,;\t])")


def spreadsheet_text(text: str) -> str:
    """A name as a spreadsheet cell shows it and never runs it: every piece a spreadsheet
    could read as a cell of its own (split at commas or at semicolons) that would start
    a formula, after any spaces or quotes, is written after an apostrophe, the
    spreadsheets' mark for text.

    >>> spreadsheet_text("=SUM(A1:A9)"), spreadsheet_text("Ann")
    ("'=SUM(A1:A9)", 'Ann')
    >>> spreadsheet_text("x;=1+1"), spreadsheet_text("Ann; Bob")
    ("x;'=1+1", 'Ann; Bob')
    """
    pieces = CELLS.split(text)  # the cells' text, and the separators between them
    return "".join(
        "'" + piece if index % 2 == 0 and piece.lstrip(' "').startswith(FORMULA_STARTS) else piece
        for index, piece in enumerate(pieces)
    )


def sheet_csv_rows(game: Game) -> list[list[str | int]]:
    """The running sheet as rows: a header, then one row of totals per deal."""
    sheet = sheet_of(game)
    names = [side.name for side in sheet.table.sides]
    rows: list[list[str | int]] = [
        ["deal", "cards_dealt", *(spreadsheet_text(name) for name in names)]
    ]
    for deal, totals in zip(sheet.deals, sheet.running, strict=True):
        rows.append([deal.number, deal.cards_dealt, *(totals[name] for name in names)])
    return rows
