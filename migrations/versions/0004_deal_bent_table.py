"""a deal remembers a bent table (docs/rules.md#R63: Caribbean Kalooki doubles its penalties)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-29 10:00:00.000000

Every deal recorded before this was not bent (no game had a bent table), so the
column is false on every existing row, written by the server default.
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("deal", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("bent_table", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade():
    with op.batch_alter_table("deal", schema=None) as batch_op:
        batch_op.drop_column("bent_table")
