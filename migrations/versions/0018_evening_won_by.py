"""how a table wins its evening, kept on the evening's first game (docs/rules.md#R78)

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-28 12:30:00.000000

``game.evening_won_by``: "points" (the evening total) or "games" (games won), as the
table chose on the evening's page; None, the referee's way (the evening total), on
every game so far. Plain ALTER TABLE, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("evening_won_by", sa.String(length=8), nullable=True))


def downgrade():
    op.drop_column("game", "evening_won_by")
