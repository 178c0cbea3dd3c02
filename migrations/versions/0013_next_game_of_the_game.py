"""the next game belongs to the game, not to a phone: one for the whole table

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-20 11:00:00.000000

``game.next_game``: the game this one was played again as, set once under the game's
lock; ``game.next_key``: its edit key, sealed for this game's own edit key, so any
phone that may change this game is handed it. Until now each phone kept the game it
had played again as (``phone_game.next_game_id``): the first of those (the earliest
made) becomes the game's, without a sealed key (that phone keeps its own; another
phone with the edit key follows it). Plain ALTER TABLE, not a batch (as 0011).
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

FIRST_NEXT_GAME = """
UPDATE game SET next_game = (
    SELECT kept.next_game_id FROM phone_game AS kept
    JOIN game AS following ON following.id = kept.next_game_id
    WHERE kept.game_id = game.id
    ORDER BY following.created_at, following.id LIMIT 1
)
"""

KEPT_BY_ITS_PHONES = """
UPDATE phone_game SET next_game_id = (
    SELECT played.next_game FROM game AS played WHERE played.id = phone_game.game_id
)
WHERE EXISTS (
    SELECT 1 FROM game AS played
    JOIN phone_game AS following
      ON following.game_id = played.next_game AND following.phone = phone_game.phone
    WHERE played.id = phone_game.game_id
)
"""


def upgrade():
    op.add_column("game", sa.Column("next_game", sa.String(length=32), nullable=True))
    op.add_column("game", sa.Column("next_key", sa.String(length=256), nullable=True))
    op.execute(FIRST_NEXT_GAME)
    op.drop_column("phone_game", "next_game_id")


def downgrade():
    op.add_column("phone_game", sa.Column("next_game_id", sa.String(length=32), nullable=True))
    op.execute(KEPT_BY_ITS_PHONES)
    op.drop_column("game", "next_key")
    op.drop_column("game", "next_game")
