"""Play again keeps the seats: the seat of a game's first dealer (docs/rules.md#R78)

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-28 12:00:00.000000

``game.first_dealer``: the seat of deal 1's dealer, 0 (the first player typed) for
every game so far. A game played again used to seat its players turned by one, the
next dealer first; now it keeps the seats, as a paper sheet keeps its columns, and
says who deals first here. Games already played again keep the seats they were
given. Going down, a game played again since deals first from its first seat
again. Plain ALTER TABLE with a server default, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column(
        "game", sa.Column("first_dealer", sa.Integer(), server_default="0", nullable=False)
    )


def downgrade():
    op.drop_column("game", "first_dealer")
