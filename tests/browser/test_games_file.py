"""A family takes its games to a new phone (issue 36, item 12): the history page
downloads them as one file, the new phone (in Spanish, at 390 px) brings it in and
lists the same games, and the same file brought in again is refused in words. The
history page, with its refusal, passes the audit and fits the screen."""

from playwright.sync_api import expect

from .helpers import enter_deal_by_points, start_push
from .test_accessibility import audit


def test_a_phone_s_games_go_to_a_new_phone_by_a_file(new_context, tmp_path):
    old = new_context().new_page()
    start_push(old)
    enter_deal_by_points(old, 1, 0, {1: 10, 3: 5})
    old.goto("/history")
    with old.expect_download() as download:
        old.get_by_role("link", name="Download this phone's games").tap()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("rummy-referee-games-") and saved.name.endswith(".json.gz")

    new = new_context(locale="es").new_page()
    new.goto("/history")
    new.get_by_label("Un archivo de partidas descargado en otro teléfono").set_input_files(saved)
    new.get_by_role("button", name="Traer partidas").tap()
    expect(new.get_by_role("status")).to_have_text(
        "Se trajo 1 partida: ahora es de este teléfono."
    )
    expect(new.locator(".history .games li")).to_have_count(1)
    expect(new.locator(".history .games li")).to_contain_text("Push: Ann, Bob, Cat, Dan")
    expect(new.locator(".history .games li")).to_contain_text("1 de 5")

    new.get_by_label("Un archivo de partidas descargado en otro teléfono").set_input_files(saved)
    new.get_by_role("button", name="Traer partidas").tap()
    expect(new.get_by_role("alert")).to_contain_text(
        "Este teléfono ya guarda una partida de este archivo (Ann, Bob, Cat, Dan)"
    )
    expect(new.locator(".history .games li")).to_have_count(1)
    assert new.evaluate("document.documentElement.scrollWidth") <= 390
    audit(new, "the history, a file refused")
