"""Undo can be redone: the deals taken back, kept until a new deal is saved

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-28 12:20:00.000000

``game.undone``: the deals taken back with Undo, as they were kept (JSON, the last
undone last), so Redo puts the last one back; None, nothing to redo, on every game
so far. Plain ALTER TABLE, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("game", sa.Column("undone", sa.JSON(), nullable=True))


def downgrade():
    op.drop_column("game", "undone")
