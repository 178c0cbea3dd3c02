"""every write a stranger can make counts against one allowance an address a minute;
phones have a last-seen

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-20 10:00:00.000000

``recent_write``: a row a write counted (who, as a keyed digest of the address; what;
when), kept a minute. New games were counted by ``game.started_by``; they are counted
here now with the rest, so that column and its index go (a digest no one reads after
its minute; downgraded, games started meanwhile have none and count against nobody).

``phone``: when each phone was last seen, for ``prune``. Every phone the database
knows (by its games or its saved rules) is taken as seen now, when the database is
upgraded: nothing of theirs is pruned before a whole period has passed. Plain ALTER
TABLE for the game table, not a batch (as 0005): on SQLite a batch copies the game
table, and dropping the old copy would take every deal with it (ON DELETE CASCADE).
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "recent_write",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("who", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_recent_write_who_kind_at", "recent_write", ["who", "kind", "at"])
    op.create_index("ix_recent_write_at", "recent_write", ["at"])
    phone = op.create_table(
        "phone",
        sa.Column("phone", sa.String(length=64), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("phone"),
    )
    op.create_index("ix_phone_seen_at", "phone", ["seen_at"])
    known = sa.union(
        sa.select(sa.column("phone")).select_from(sa.table("phone_game")),
        sa.select(sa.column("phone")).select_from(sa.table("saved_rules")),
    ).subquery()
    now = sa.bindparam("now", datetime.now(UTC), type_=sa.DateTime(timezone=True))
    op.execute(phone.insert().from_select(["phone", "seen_at"], sa.select(known.c.phone, now)))
    op.drop_index("ix_game_started_by_created_at", table_name="game")
    op.drop_column("game", "started_by")


def downgrade():
    op.add_column("game", sa.Column("started_by", sa.String(length=32), nullable=True))
    op.create_index("ix_game_started_by_created_at", "game", ["started_by", "created_at"])
    op.drop_index("ix_phone_seen_at", table_name="phone")
    op.drop_table("phone")
    op.drop_index("ix_recent_write_at", table_name="recent_write")
    op.drop_index("ix_recent_write_who_kind_at", table_name="recent_write")
    op.drop_table("recent_write")
