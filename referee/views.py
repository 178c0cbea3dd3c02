"""The pages people use at the table."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("views", __name__)


@bp.get("/")
def home() -> str:
    return render_template("home.html")
