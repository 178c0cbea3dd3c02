"""games and deals

Revision ID: 0001
Revises: (none)
Create Date: 2026-11-22 14:11:12.702429

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():

    op.create_table(
        "game",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("edit_key_hash", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=True),
        sa.Column("pot_stake", sa.Integer(), nullable=True),
        sa.Column("pot_payout", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "deal",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("went_out", sa.String(length=64), nullable=True),
        sa.Column("hands", sa.JSON(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("number >= 1", name="deal_number_positive"),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "number"),
    )


def downgrade():

    op.drop_table("deal")
    op.drop_table("game")
