"""what a phone keeps (its games, their edit keys) moves from its cookie to a table

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06 10:00:00.000000

The table starts empty: a phone's cookie from before still lists its games and keys,
and referee.storage.phones moves them here the first time the phone comes back.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "phone_game",
        sa.Column("phone", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("how", sa.String(length=16), nullable=False),
        sa.Column("sealed_key", sa.String(length=256), nullable=True),
        sa.Column("next_game_id", sa.String(length=32), nullable=True),
        sa.Column("opened_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("phone", "game_id"),
    )
    with op.batch_alter_table("phone_game", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_phone_game_game_id"), ["game_id"], unique=False)


def downgrade():
    with op.batch_alter_table("phone_game", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_phone_game_game_id"))
    op.drop_table("phone_game")
