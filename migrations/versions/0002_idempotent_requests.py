"""idempotent requests

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 15:13:04.881666

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():

    op.create_table(
        "idempotent_request",
        sa.Column("scope", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("scope", "key"),
    )
    with op.batch_alter_table("idempotent_request", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_idempotent_request_created_at"), ["created_at"], unique=False
        )


def downgrade():

    with op.batch_alter_table("idempotent_request", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_idempotent_request_created_at"))

    op.drop_table("idempotent_request")
