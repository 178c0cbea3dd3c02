"""Recording games through the API: the running sheet, scoring and the pot (R30-R34)."""

FOUR = ["Ann", "Bob", "Cat", "Dan"]


class Game:
    """A game created through the API, with its edit key at hand."""

    def __init__(self, client, **body):
        response = client.post("/api/v1/games", json={"players": FOUR} | body)
        assert response.status_code == 201, response.get_json()
        self.client = client
        self.created = response.get_json()
        self.id = self.created["id"]
        self.key = {"X-Edit-Key": self.created["edit_key"]}

    def deal(self, status=201, **body):
        response = self.client.post(f"/api/v1/games/{self.id}/deals", json=body, headers=self.key)
        assert response.status_code == status, response.get_json()
        return response.get_json()

    def replace(self, number, status=200, **body):
        response = self.client.put(
            f"/api/v1/games/{self.id}/deals/{number}", json=body, headers=self.key
        )
        assert response.status_code == status, response.get_json()
        return response.get_json()

    def undo(self, number, status=200):
        response = self.client.delete(f"/api/v1/games/{self.id}/deals/{number}", headers=self.key)
        assert response.status_code == status, response.get_json()
        return response.get_json()

    def get(self):
        response = self.client.get(f"/api/v1/games/{self.id}")
        assert response.status_code == 200
        return response.get_json()


def sheet_rows(game):
    """The sheet as the paper shows it (R34): cards dealt, then each side's total,
    `---` while a total is still at nothing."""
    names = [side["name"] for side in game["sides"]]
    return [
        (row["cards_dealt"], *(row["totals"][n] or "---" for n in names)) for row in game["sheet"]
    ]


def test_the_shove_it_sheet_of_its_rule_text(stored_client):  # R34
    game = Game(stored_client, variant="shove-it")
    game.deal(went_out="Ann", hands={"Bob": "8C 9C 10C", "Dan": "JC"})  # 40
    game.deal(went_out="Dan", points={"Ann": 70, "Cat": 50})  # 120
    game.deal(went_out="Cat", hands={"Bob": "JK", "Dan": "QH"})  # 60
    game.deal(went_out="Bob", hands={"Ann": "AS AH JK JK", "Cat": "KS QS 9D 8D"})  # 140 + 40
    final = game.deal(went_out="Ann", points={"Bob": 100, "Dan": 80})  # 180
    assert sheet_rows(final) == [
        (6, "---", 40),
        (7, 120, 40),
        (8, 120, 100),
        (9, 300, 100),
        (10, 300, 280),
    ]
    assert final["finished"] is True
    assert final["winners"] == ["They"]
    assert final == game.get()


def test_a_new_game_as_api_md_shows(stored_client):
    game = Game(stored_client, variant="push", options={}, teams=["We", "They"])
    body = game.created
    assert body["url"] == f"/games/{game.id}"
    assert body["variant"] == "push"
    assert body["players"] == FOUR
    assert body["sides"] == [
        {"name": "We", "players": ["Ann", "Cat"]},  # R35: seats 1 and 3
        {"name": "They", "players": ["Bob", "Dan"]},
    ]
    assert body["deals"] == []
    assert body["sheet"] == []
    assert body["totals"] == {"We": 0, "They": 0}
    assert body["finished"] is False
    assert body["winners"] == []
    assert "edit_key" not in game.get()


def test_a_deal_as_api_md_shows(stored_client):
    game = Game(stored_client, variant="push")
    body = game.deal(went_out="Ann", hands={"Bob": "AS KD", "Dan": "7C 9H", "Cat": "QS"})
    assert body["deals"] == [
        {
            "deal": 1,
            "cards_dealt": 6,
            "went_out": "Ann",
            "scores": {"We": 0, "They": 35},  # R30: Cat's queen does not count
            "points": {"Ann": None, "Bob": 25, "Cat": None, "Dan": 10},
        }
    ]
    assert body["sheet"] == [
        {"deal": 1, "cards_dealt": 6, "totals": {"We": 0, "They": 35}, "dealer": "Ann"}  # R76
    ]
    assert body["totals"] == {"We": 0, "They": 35}


def test_the_stock_ran_out_so_both_teams_score(stored_client):  # R27, R30
    game = Game(stored_client, variant="push")
    body = game.deal(went_out=None, points={"Ann": 10, "Bob": 20, "Cat": 30, "Dan": 40})
    assert body["deals"][0]["went_out"] is None
    assert body["totals"] == {"We": 40, "They": 60}


def test_the_stock_ran_out_so_every_player_must_be_given(stored_client):
    game = Game(stored_client, variant="push")
    error = game.deal(422, went_out=None, points={"Ann": 10, "Bob": 20, "Cat": 30})["error"]
    assert error == "Dan scores in deal 1: give the cards left in hand, or the points"


def test_individual_scoring_in_push_solo(stored_client):  # R31
    game = Game(stored_client, variant="push-solo", players=["Ann", "Bob", "Cat", "Dan", "Eve"])
    assert [side["name"] for side in game.created["sides"]] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    body = game.deal(
        went_out="Cat", hands={"Ann": "7H 7H 7H"}, points={"Bob": 5, "Dan": 10, "Eve": 20}
    )
    assert body["totals"] == {"Ann": 15, "Bob": 5, "Cat": 0, "Dan": 10, "Eve": 20}  # R3: 3 packs


def test_push_without_partnerships_scores_each_player(stored_client):  # R31 option
    game = Game(stored_client, variant="push", options={"partnerships": False})
    body = game.deal(went_out="Ann", points={"Bob": 5, "Cat": 10, "Dan": 15})
    assert body["totals"] == {"Ann": 0, "Bob": 5, "Cat": 10, "Dan": 15}


def test_six_player_shove_it_sits_teams_in_alternate_seats(stored_client):  # R35
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
    game = Game(stored_client, variant="shove-it", players=players, teams=["North", "South"])
    assert game.created["sides"] == [
        {"name": "North", "players": ["Ann", "Cat", "Eve"]},
        {"name": "South", "players": ["Bob", "Dan", "Fay"]},
    ]
    body = game.deal(
        went_out="Eve", hands={"Bob": "8C 8C 8C", "Dan": "JK", "Fay": "3S"}
    )  # R3: 3 packs
    assert body["totals"] == {"North": 0, "South": 85}


def test_a_tie_shares_the_win(stored_client):  # R32
    game = Game(stored_client, variant="push")
    for went_out, points in [
        ("Ann", {"Bob": 5, "Dan": 5}),
        ("Bob", {"Ann": 10, "Cat": 10}),
        ("Cat", {"Bob": 5, "Dan": 5}),
        ("Dan", {"Ann": 5, "Cat": 5}),
        ("Ann", {"Bob": 5, "Dan": 5}),
    ]:
        body = game.deal(went_out=went_out, points=points)
    assert body["totals"] == {"We": 30, "They": 30}
    assert body["winners"] == ["We", "They"]


def test_cap_it_with_its_pot(stored_client):  # R33
    game = Game(stored_client, variant="cap-it", pot={"stake": 10, "payout": 5})
    assert game.created["pot"] == {"paid_in": 40, "paid_out": {}, "left": 40}
    game.deal(went_out="Ann", points={"Bob": 10, "Cat": 20, "Dan": 30})
    game.deal(went_out="Ann", points={"Bob": 10, "Cat": 20, "Dan": 30})
    game.deal(went_out=None, points={"Ann": 5, "Bob": 10, "Cat": 20, "Dan": 30})  # pays nobody
    body = game.deal(went_out="Bob", points={"Ann": 50, "Cat": 20, "Dan": 30})
    assert body["pot"] == {"paid_in": 40, "paid_out": {"Ann": 10, "Bob": 5}, "left": 25}
    body = game.deal(went_out="Cat", points={"Ann": 50, "Bob": 10, "Dan": 30})
    assert body["totals"] == {"Ann": 105, "Bob": 40, "Cat": 80, "Dan": 150}
    assert body["winners"] == ["Bob"]
    assert body["pot"] == {
        "paid_in": 40,
        "paid_out": {"Ann": 10, "Bob": 5, "Cat": 5},
        "left": 20,
        "winner_share": {"Bob": 20},
    }


def test_cap_it_deals_ten_cards_each_time(stored_client):  # R18
    game = Game(stored_client, variant="cap-it")
    body = game.deal(went_out="Ann", points={"Bob": 10, "Cat": 20, "Dan": 30})
    assert body["deals"][0]["cards_dealt"] == 10
    assert "pot" not in body  # no pot was asked for


def test_a_payout_larger_than_what_is_left_takes_what_is_left(stored_client):  # R33
    game = Game(
        stored_client,
        variant="cap-it",
        players=[*FOUR[:3], "Dan", "Eve"],
        pot={"stake": 1, "payout": 2},
    )
    for _ in range(3):
        body = game.deal(went_out="Ann", points={"Bob": 5, "Cat": 5, "Dan": 5, "Eve": 5})
    assert body["pot"] == {"paid_in": 5, "paid_out": {"Ann": 5}, "left": 0}


def test_a_pot_that_cannot_be_split_evenly_leaves_the_rest_unsplit(stored_client):  # R33
    game = Game(
        stored_client,
        variant="cap-it",
        players=["Ann", "Bob", "Cat", "Dan", "Eve"],
        pot={"stake": 3, "payout": 0},
    )
    for _ in range(5):
        body = game.deal(
            went_out=None, points={"Ann": 5, "Bob": 5, "Cat": 10, "Dan": 10, "Eve": 10}
        )
    assert body["winners"] == ["Ann", "Bob"]
    assert body["pot"]["winner_share"] == {"Ann": 7, "Bob": 7}
    assert body["pot"]["unsplit"] == 1


def test_correcting_deal_2_of_4_changes_every_later_total(stored_client):
    game = Game(stored_client, variant="push")
    game.deal(went_out="Ann", points={"Bob": 10, "Dan": 10})
    game.deal(went_out="Ann", points={"Bob": 20, "Dan": 20})
    game.deal(went_out="Bob", points={"Ann": 5, "Cat": 5})
    game.deal(went_out="Bob", points={"Ann": 5, "Cat": 5})
    assert sheet_rows(game.get()) == [(6, "---", 20), (7, "---", 60), (8, 10, 60), (9, 20, 60)]
    body = game.replace(2, went_out="Bob", hands={"Ann": "AS", "Cat": "KS KD"})
    assert sheet_rows(body) == [(6, "---", 20), (7, 35, 20), (8, 45, 20), (9, 55, 20)]
    assert body["deals"][1]["went_out"] == "Bob"
    assert body == game.get()


def test_undo_the_last_deal(stored_client):
    game = Game(stored_client, variant="push")
    game.deal(went_out="Ann", points={"Bob": 10, "Dan": 10})
    game.deal(went_out="Bob", points={"Ann": 10, "Cat": 10})
    body = game.undo(2)
    assert [deal["deal"] for deal in body["deals"]] == [1]
    assert body["totals"] == {"We": 0, "They": 20}
    again = game.deal(went_out="Cat", points={"Bob": 5, "Dan": 5})
    assert again["totals"] == {"We": 0, "They": 30}


def test_only_the_last_deal_can_be_undone(stored_client):
    game = Game(stored_client, variant="push")
    game.deal(went_out="Ann", points={"Bob": 10, "Dan": 10})
    game.deal(went_out="Bob", points={"Ann": 10, "Cat": 10})
    assert game.undo(1, 409)["error"] == "only the last deal, deal 2, can be undone"
    assert (
        game.undo(3, 404)["error"] == "there is no deal 3 in this game; deals 1 to 2 are recorded"
    )


def test_a_sixth_deal_is_a_conflict(stored_client):
    game = Game(stored_client, variant="push")
    for _ in range(5):
        game.deal(went_out="Ann", points={"Bob": 10, "Dan": 10})
    before = game.get()
    error = game.deal(409, went_out="Ann", points={"Bob": 10, "Dan": 10})["error"]
    assert error.startswith("the game is over: all 5 deals are recorded")
    assert game.get() == before


def test_replacing_a_deal_not_yet_played_is_not_found(stored_client):
    game = Game(stored_client, variant="push")
    assert game.replace(1, 404, went_out="Ann", points={"Bob": 5, "Dan": 5})["error"] == (
        "there is no deal 1 in this game; no deal is recorded yet"
    )


def test_names_are_trimmed_and_kept_as_typed(stored_client):
    game = Game(
        stored_client,
        variant="push",
        players=["  Ann ", "Bob", "Cat", "Dan"],
        teams=[" Us ", "Them"],
    )
    assert game.created["players"] == FOUR
    assert game.created["sides"][0]["name"] == "Us"
    body = game.deal(went_out=" Ann", points={"Bob ": 5, "Dan": 5})
    assert body["deals"][0]["went_out"] == "Ann"
