"""a game brought from another phone or server knows the game it is a copy of

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28 11:40:00.000000

``game.origin``: the id the game was first given, on a game brought in from a file of
a phone's games (:mod:`referee.storage.games_file`), which gets a fresh id; NULL on
every other game (its own id is its origin). A phone brings a file's games in once:
a file naming a game the phone keeps already, as itself or as a copy, is refused.
Plain ALTER TABLE, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("origin", sa.String(length=32), nullable=True))


def downgrade():
    op.drop_column("game", "origin")
