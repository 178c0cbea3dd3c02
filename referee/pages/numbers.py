"""Numbers as the page's language writes them: its decimal mark and grouping, by
Flask-Babel's locale. Only the server's pages draw them (the checker the phone draws
writes none), so they stay out of :mod:`.filters`, which the phone imports."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from flask_babel import format_decimal

ONE_PLACE = Decimal("0.1")


def one_place(numerator: int, denominator: int) -> Decimal:
    """``numerator / denominator`` to one decimal place, a half rounded away from
    nothing as a person rounds (not to even, nor through a float's error).

    >>> one_place(77, 4), one_place(-77, 4), one_place(247, 20), one_place(10, 3)
    (Decimal('19.3'), Decimal('-19.3'), Decimal('12.4'), Decimal('3.3'))
    """
    # Exact where it matters: a quotient that ends in a half has few digits.
    return (Decimal(numerator) / Decimal(denominator)).quantize(ONE_PLACE, ROUND_HALF_UP)


def number(value: int | Decimal, places: int = 0) -> str:
    """A number as the request's language writes it: its decimal mark and grouping
    ("1,234.5"; "1234,5" in Spanish), with ``places`` decimals, already rounded."""
    return str(format_decimal(value, format="#,##0" + ("." + "0" * places if places else "")))
