"""how many writes a counted write stands for (docs/deploying.md#limits-and-headers)

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-29 00:00:00.000000

``recent_write.count``: 1 for every write counted so far and every write of one
thing; a file of a phone's games brought in counts its games in one row of kind
"brought", against the games an address may bring in an hour. Plain ALTER TABLE,
not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column(
        "recent_write", sa.Column("count", sa.Integer(), server_default="1", nullable=False)
    )


def downgrade():
    op.drop_column("recent_write", "count")
