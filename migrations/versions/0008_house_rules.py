"""a game keeps its house rules, a deal its bonuses and penalties (docs/rules.md#R73, R75)

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 14:00:00.000000

``game.house``: the table's changes as given (R68); ``game.rules``: every house key's
value when the game started, so a game reads the same rules forever, whatever later
versions of the app make of its preset (R73). Both are NULL on a game started before
house rules: it has none, and reads exactly as before.

``deal.adjust``: points added to a player's hand for this deal, with their reason
(R75): ``{"Ann": {"points": -10, "reason": "exact cut"}}``; NULL when none.

Plain ALTER TABLE, not a batch (as 0005): on SQLite a batch copies the game table,
and dropping the old copy would take every deal with it (ON DELETE CASCADE).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("house", sa.JSON(), nullable=True))
    op.add_column("game", sa.Column("rules", sa.JSON(), nullable=True))
    op.add_column("deal", sa.Column("adjust", sa.JSON(), nullable=True))


def downgrade():
    op.drop_column("deal", "adjust")
    op.drop_column("game", "rules")
    op.drop_column("game", "house")
