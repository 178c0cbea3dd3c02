"""each player's buys in each deal of a game (docs/rules.md#R77)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 17:00:00.000000

One row a player a deal with a buy: how many discards they bought in it, kept by the
deal's number, so a deal's buys stay with it once it is saved. A new table, so
nothing of a game or its deals is copied (as 0005 and 0008 keep it on SQLite).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "buy",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(length=64), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.CheckConstraint("count >= 1", name="buy_count_positive"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "deal", "player"),
    )


def downgrade():
    op.drop_table("buy")
