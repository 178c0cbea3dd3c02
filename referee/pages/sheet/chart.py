"""A game's running totals as a chart, drawn on the server as SVG (docs/rules.md#R78): a
line a side, deal by deal from nothing, over as many deals as the game has, each
line named at its end. The figures are the sheet's (:attr:`Sheet.running`); this
only places them. The template (``_chart.html``) draws the SVG with a title, a
description that says every total in words, and the page's colours, light or dark.

>>> from referee.rules import get_ruleset
>>> from referee.rules.scoring import Sheet, Table, score_deal
>>> table = Table.seat(get_ruleset("king-rummy"), ["Ann", "Bob", "Cat", "Dan"])
>>> sheet = Sheet(table, (score_deal(table, 1, "Ann", {"Bob": 10, "Cat": 20, "Dan": 30}),))
>>> chart = running_chart(sheet)
>>> [(line.name, line.totals) for line in chart.lines][:2]
[('Ann', (0, 0)), ('Bob', (0, 10))]
>>> chart.description
'Running totals after each deal. Ann: 0. Bob: 10. Cat: 20. Dan: 30.'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext

from ...rules.names import short_names
from ...rules.scoring import Sheet

WIDTH, HEIGHT = 320, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 64, 10, 22  # room for the axes' figures and the names
LABEL_GAP = 11  # the least room between two names at the lines' ends
LABEL_CHARACTERS = 7  # a longer name is cut at the line's end, to no other name's (rules/names.py)
#: The styles a line may take (colour, dash and mark), one a side, so that lines are
#: told apart by more than their colour.
STYLES = 8


@dataclass(frozen=True)
class ChartLine:
    """A side's running totals, from nothing before deal 1, as a polyline."""

    name: str
    totals: tuple[int, ...]
    label: str  # the name as the chart shows it at the line's end, cut if long
    points: str  # "x,y x,y ..." in the chart's own units
    end: tuple[float, float]
    label_y: float
    style: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: list[ChartLine]
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    plot: tuple[float, float, float, float]  # left, top, right, bottom
    description: str


def _step(top: int) -> int:
    """A round step for the totals' axis: 1, 2 or 5 times a power of ten, four steps
    or fewer to the top."""
    rough = max(1, math.ceil(top / 4))
    power = int(10 ** (len(str(rough)) - 1))
    return next(n * power for n in (1, 2, 5, 10) if n * power >= rough)


def running_chart(sheet: Sheet, styles: Mapping[str, int] | None = None) -> Chart | None:
    """The chart of the sheet's running totals; None before a deal is played.
    ``styles``: each side's line style by its name, so that a side keeps its colour
    from one game's chart to the next (an evening's, R78); by its place at the table
    otherwise."""
    running = sheet.running
    if not running:
        return None
    names = [side.name for side in sheet.table.sides]
    totals = {name: (0, *(row[name] for row in running)) for name in names}
    low = min(0, *(min(line) for line in totals.values()))
    high = max(1, *(max(line) for line in totals.values()))
    step = _step(high - low)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)
    deals = len(sheet.table.rules.deals)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(deal: int) -> float:
        return round(LEFT + (right - LEFT) * deal / deals, 1)

    def y(total: int) -> float:
        return round(bottom - (bottom - TOP) * (total - low) / (high - low), 1)

    ends = _spread({name: y(line[-1]) for name, line in totals.items()})
    labels = short_names(names, LABEL_CHARACTERS)
    lines = [
        ChartLine(
            name,
            line,
            labels[index],
            " ".join(f"{x(deal)},{y(total)}" for deal, total in enumerate(line)),
            (x(len(line) - 1), y(line[-1])),
            ends[name],
            _style(styles, name, index),
        )
        for index, (name, line) in enumerate(totals.items())
    ]
    every = max(1, math.ceil(deals / 10))
    return Chart(
        WIDTH,
        HEIGHT,
        lines,
        [(x(deal), str(deal)) for deal in range(0, deals + 1, every)],
        [(y(total), str(total)) for total in range(low, high + 1, step)],
        (LEFT, TOP, right, bottom),
        " ".join(
            [
                gettext("Running totals after each deal."),
                *(
                    gettext(
                        "%(side)s: %(totals)s.", side=name, totals=", ".join(map(str, line[1:]))
                    )
                    for name, line in totals.items()
                ),
            ]
        ),
    )


def _style(styles: Mapping[str, int] | None, name: str, index: int) -> int:
    """A side's line style: the one it is given, else the one of its place."""
    return (styles[name] if styles and name in styles else index) % STYLES


def _spread(ends: dict[str, float]) -> dict[str, float]:
    """Where each line's name goes beside its end: at the end, moved apart so that no
    two names overlap, and kept within the chart."""
    placed: dict[str, float] = {}
    below = -math.inf
    for name, at in sorted(ends.items(), key=lambda item: item[1]):
        placed[name] = max(at, below + LABEL_GAP)
        below = placed[name]
    overflow = max(0.0, below - (HEIGHT - 4))
    return {name: round(at - overflow, 1) for name, at in placed.items()}
