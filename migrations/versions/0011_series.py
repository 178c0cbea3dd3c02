"""a game played again belongs to the evening of the game it came from (docs/rules.md#R78)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 17:10:00.000000

``game.series``: the id of the first game of the evening, on a game started with
Play again; NULL on a first game (and on every game before this). Plain ALTER TABLE,
not a batch (as 0005 and 0008): on SQLite a batch copies the game table, and dropping
the old copy would take every deal with it (ON DELETE CASCADE).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("series", sa.String(length=32), nullable=True))
    op.create_index("ix_game_series", "game", ["series"])


def downgrade():
    op.drop_index("ix_game_series", table_name="game")
    op.drop_column("game", "series")
