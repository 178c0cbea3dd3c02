"""the game's version in a kept answer, so a retry gets its ETag too

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 18:30:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("idempotent_request", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("idempotent_request", schema=None) as batch_op:
        batch_op.drop_column("version")
