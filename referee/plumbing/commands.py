"""The ``flask referee ...`` commands for whoever hosts the referee."""

from __future__ import annotations

import click
from flask import Flask
from flask.cli import AppGroup

from ..storage import housekeeping

#: Its commands run inside an app context (AppGroup), on the app's database.
referee = AppGroup("referee", help="Housekeeping of the referee's database.")


@referee.command("prune")
@click.option(
    "--older-than",
    "older_than",
    default=None,
    metavar="DURATION",
    help="Also remove finished games nobody has changed for this long (e.g. 90d), the "
    "games phones only follow and have not opened for as long, and the saved rules and "
    "follows of phones not seen for as long.",
)
@click.option(
    "--unfinished-too",
    is_flag=True,
    help="With --older-than, remove unfinished games left that long as well.",
)
def prune(older_than: str | None, unfinished_too: bool) -> None:
    """Forget kept answers of retried writes past their day and counted writes past
    their minute; with --older-than, remove old finished games and their deals, old
    follows from phones' lists, and what phones not seen for as long kept."""
    if unfinished_too and older_than is None:
        raise click.UsageError("--unfinished-too needs --older-than")
    try:
        limit = None if older_than is None else housekeeping.parse_duration(older_than)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--older-than") from None
    pruned = housekeeping.prune(limit, unfinished_too=unfinished_too)
    click.echo(
        f"removed {pruned.answers} kept answers, {pruned.writes} counted writes and "
        f"{pruned.games} games"
        + (
            f", {pruned.follows} games followed from phones' lists, "
            f"{pruned.saved_rules} saved rules of phones not seen since, and "
            f"{pruned.phones} such phones"
            if older_than
            else ""
        )
    )


def register(app: Flask) -> None:
    app.cli.add_command(referee)
