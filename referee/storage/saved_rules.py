"""A table's rules a phone keeps under a name (docs/rules.md#R74): save, list, forget.

Found by the phone's token's digest, as its games are (:mod:`referee.storage.phones`):
the rules follow the phone's cookie. What the rules are worth is the rules core's to
say before they are saved; the storage keeps what it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from flask_babel import gettext
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from ..rules.text import shown, trimmed
from .allowance import UNLIMITED, Allowance
from .database import Refused, begin_write, one_transaction
from .db import db
from .models import SavedRules
from .phones import digest, mark_seen

__all__ = [
    "MOST_SAVED",
    "NAME",
    "SavedRulesRefused",
    "add_brought_in",
    "forget",
    "save",
    "saved_of",
]

#: The most rules one phone keeps: a shelf, not an archive.
MOST_SAVED = 24
#: The longest name, in characters.
NAME = 60


class SavedRulesRefused(Refused):
    """Rules that cannot be saved: no name, too long a name or one that cannot be
    shown, a full shelf."""

    status = 422


def _key(name: str) -> str:
    return name.casefold()


def _check_name(name: str) -> str:
    name = trimmed(" ".join(name.split()))
    if not name:
        raise SavedRulesRefused(gettext("give the rules a name to save them under"))
    if len(name) > NAME:
        raise SavedRulesRefused(
            gettext("a name of at most %(most)s characters, please", most=NAME)
        )
    if not shown(name):  # the rules core's rule for every text a table types
        raise SavedRulesRefused(
            gettext(
                "the name holds a character that cannot be shown (a control or formatting "
                "character); type it again"
            )
        )
    return name


def save(
    token: str,
    name: str,
    variant: str,
    options: Mapping[str, bool],
    house: Mapping[str, object],
    allowance: Allowance = UNLIMITED,
) -> str:
    """Keep the rules under ``name`` on the phone (replacing rules of the same name,
    whatever its capitals), the latest first; the name as kept. Each save is counted
    against the address's ``allowance`` of rules saved a minute (TooManyWrites)."""
    name = _check_name(name)
    phone = digest(token)
    for attempt in (1, 2):
        with one_transaction():
            begin_write()
            row = db.session.get(SavedRules, (phone, _key(name)))
            if row is None:
                _check_room(phone)
            allowance.spend("rules")
            if row is None:
                row = SavedRules(phone=phone, key=_key(name))
                db.session.add(row)
            row.name, row.variant = name, variant
            row.options, row.house = dict(options), dict(house)
            row.saved_at = datetime.now(UTC)
            mark_seen(token, row.saved_at)
            try:
                db.session.commit()
                return name
            except IntegrityError:
                # The same phone saved the same name at the same moment: save over it.
                db.session.rollback()
                if attempt == 2:
                    raise
    raise AssertionError("unreachable")  # pragma: no cover


def _check_room(phone: str) -> None:
    count = db.session.scalar(
        select(func.count()).select_from(SavedRules).where(SavedRules.phone == phone)
    )
    if (count or 0) >= MOST_SAVED:
        raise SavedRulesRefused(
            gettext(
                "this phone keeps %(most)s rules at most: forget one you no longer play "
                "before saving another",
                most=MOST_SAVED,
            )
        )


def add_brought_in(token: str, rules: SavedRules) -> bool:
    """Keep rules brought in from a file of the phone's games in the write under way
    (its lock taken), unless the phone keeps rules of that name already, which stay as
    they are; whether they were kept. SavedRulesRefused for a name that cannot be
    kept, or past the shelf. The caller commits."""
    phone = digest(token)
    name = _check_name(rules.name)
    if db.session.get(SavedRules, (phone, _key(name))) is not None:
        return False
    _check_room(phone)
    rules.phone, rules.key, rules.name = phone, _key(name), name
    db.session.add(rules)
    db.session.flush()  # counted by the next one's room
    return True


def saved_of(token: str) -> list[SavedRules]:
    """The phone's saved rules, the latest saved first."""
    query = (
        select(SavedRules)
        .where(SavedRules.phone == digest(token))
        .order_by(SavedRules.saved_at.desc(), SavedRules.key)
    )
    return list(db.session.scalars(query))


def forget(token: str, name: str) -> bool:
    """Forget the rules saved under ``name``; whether there were any."""
    with one_transaction():
        begin_write()
        gone = db.session.execute(
            delete(SavedRules).where(
                SavedRules.phone == digest(token), SavedRules.key == _key(" ".join(name.split()))
            )
        )
        db.session.commit()
    return bool(getattr(gone, "rowcount", 0))
