"""a game remembers who started it (a keyed digest of the address), for the limit on
new games that every worker and every server share

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 20:40:00.000000

Games made before this have no starter: they count against nobody's limit. Plain
ALTER TABLE, not a batch: on SQLite a batch would copy the game table, and dropping
the old copy would take every deal with it (ON DELETE CASCADE).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("started_by", sa.String(length=32), nullable=True))
    op.create_index("ix_game_started_by_created_at", "game", ["started_by", "created_at"])


def downgrade():
    op.drop_index("ix_game_started_by_created_at", table_name="game")
    op.drop_column("game", "started_by")
