"""a phone keeps a table's rules under a name (docs/rules.md#R74)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-10 10:00:00.000000

One row a name a phone saved: the game, its options and its house changes, found
by the phone's token's digest as its games are (phone_game).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "saved_rules",
        sa.Column("phone", sa.String(length=64), nullable=False),
        sa.Column("key", sa.String(length=256), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("variant", sa.String(length=32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("house", sa.JSON(), nullable=False),
        sa.Column("saved_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("phone", "key"),
    )


def downgrade():
    op.drop_table("saved_rules")
