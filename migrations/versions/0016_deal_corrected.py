"""a correction leaves a trace on the sheet: how many times a deal was corrected

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-28 12:10:00.000000

``deal.corrected``: how many times the deal was corrected since it was saved, 0 for
every deal so far (a correction made before this was kept no count). Plain ALTER
TABLE with a server default, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade():
    op.add_column("deal", sa.Column("corrected", sa.Integer(), server_default="0", nullable=False))


def downgrade():
    op.drop_column("deal", "corrected")
