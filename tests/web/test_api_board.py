"""POST /api/board: the houses, the peers the rules add, the cages and the rules of a puzzle, as
the page draws and checks them (rows, columns, boxes or regions, diagonals, windows, chess-move
peers, cages), labels in the answer's language, and the errors of a puzzle that has no board."""

from __future__ import annotations

import pytest

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EMPTY = "." * 81
SIX = "." * 36
#: six regions of a 6x6 jigsaw, row by row (each connected, six cells)
REGIONS_6 = "AAABBB" "AAABBB" "CCDDDD" "CCCCDD" "EEEFFF" "EEEFFF"


def board(client, **body) -> dict:
    r = client.post("/api/board", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def cells_of(house) -> set[tuple[int, int]]:
    return {tuple(rc) for rc in house["cells"]}


def houses_named(data, kind) -> dict[str, set]:
    return {h["name"]: cells_of(h) for h in data["houses"] if h["kind"] == kind}


def peers_of(data, rc) -> set[tuple[int, int]]:
    """The cells that may not repeat ``rc``'s digit: its houses' cells and its extra peers."""
    rc = tuple(rc)
    out = set().union(*(cells_of(h) for h in data["houses"] if rc in cells_of(h)))
    for a, b in data["extra_peers"]:
        if tuple(a) == rc:
            out.add(tuple(b))
        if tuple(b) == rc:
            out.add(tuple(a))
    return out - {rc}


def test_a_classic_board_has_rows_columns_and_boxes_and_no_rules(client):
    data = board(client, puzzle=EASY)
    assert data["size"] == 9 and data["box"] == [3, 3]
    assert [h["kind"] for h in data["houses"]] == ["row"] * 9 + ["column"] * 9 + ["box"] * 9
    assert houses_named(data, "row")["row 3"] == {(3, c) for c in range(1, 10)}
    assert houses_named(data, "column")["column 5"] == {(r, 5) for r in range(1, 10)}
    assert houses_named(data, "box")["box 6"] == {(r, c) for r in (4, 5, 6) for c in (7, 8, 9)}
    assert data["extra_peers"] == [] and data["cages"] == [] and data["rules"] == []
    assert len(peers_of(data, [5, 5])) == 20


def test_x_and_windoku_add_their_houses(client):
    data = board(client, puzzle=EMPTY, variants=["windoku", "diagonal"])
    assert [r["kind"] for r in data["rules"]] == ["x", "windoku"]
    diagonals = houses_named(data, "diagonal")
    assert diagonals == {"diagonal 1": {(i, i) for i in range(1, 10)},
                         "diagonal 2": {(i, 10 - i) for i in range(1, 10)}}
    windows = houses_named(data, "window")
    assert len(windows) == 4
    assert windows["window 1"] == {(r, c) for r in (2, 3, 4) for c in (2, 3, 4)}
    assert windows["window 4"] == {(r, c) for r in (6, 7, 8) for c in (6, 7, 8)}
    # the centre cell sees both diagonals and window-free cells of the classic 20
    assert (1, 1) in peers_of(data, [5, 5]) and (9, 1) in peers_of(data, [5, 5])


def test_anti_knight_and_anti_king_peers_come_as_pairs(client):
    data = board(client, puzzle=EMPTY, variants=["anti-knight", "anti-king"])
    assert [h["kind"] for h in data["houses"]].count("diagonal") == 0
    pairs = {tuple(sorted((tuple(a), tuple(b)))) for a, b in data["extra_peers"]}
    assert len(pairs) == len(data["extra_peers"])  # each pair once
    knight = {(5 + dr, 5 + dc) for dr, dc in
              ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))}
    king = {(5 + dr, 5 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)} - {(5, 5)}
    extra = {b for a, b in pairs if a == (5, 5)} | {a for a, b in pairs if b == (5, 5)}
    assert extra == knight | king
    corner = {b for a, b in pairs if a == (1, 1)}
    assert corner == {(2, 3), (3, 2), (1, 2), (2, 1), (2, 2)}


def test_jigsaw_regions_take_the_boxes_place(client):
    data = board(client, puzzle=SIX, box="2x3", regions=REGIONS_6)
    assert data["size"] == 6 and [r["kind"] for r in data["rules"]] == ["jigsaw"]
    regions = houses_named(data, "region")
    assert "box" not in {h["kind"] for h in data["houses"]} and len(regions) == 6
    assert regions["region C"] == {(3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (4, 4)}
    assert regions["region D"] == {(3, 3), (3, 4), (3, 5), (3, 6), (4, 5), (4, 6)}


def test_killer_cages_and_their_peers(client):
    data = board(client, puzzle=EMPTY, cages=[[3, ["r1c1", "r1c2"]], [17, ["r9c8", "r9c9"]]])
    assert [r["kind"] for r in data["rules"]] == ["killer"]
    assert [(c["sum"], c["cells"]) for c in data["cages"]] == [
        (3, [[1, 1], [1, 2]]), (17, [[9, 8], [9, 9]])]
    assert data["cages"][0]["name"] == "cage 3 (r1c1, r1c2)"
    assert [[1, 1], [1, 2]] in data["extra_peers"]


def test_labels_and_rule_texts_are_in_the_answer_s_language(client):
    body = {"puzzle": EMPTY, "variants": ["x", "anti-knight"], "cages": "3 r1c1 r1c2"}
    en = board(client, **body, lang="en")
    sv = client.post("/api/board", json=body, headers={"Accept-Language": "sv"}).json()
    assert [h["name"] for h in sv["houses"]] == [h["name"] for h in en["houses"]]
    assert sv["houses"][0]["label"] == "rad 1" and en["houses"][0]["label"] == "row 1"
    assert sv["houses"][9]["label"] == "kolumn 1"
    assert sv["cages"][0]["label"] == "bur 3 (r1k1, r1k2)"
    assert sv["cages"][0]["name"] == en["cages"][0]["label"] == "cage 3 (r1c1, r1c2)"
    rules_sv = {r["kind"]: r for r in sv["rules"]}
    assert rules_sv["anti-knight"]["label"] == "antispringare"
    assert rules_sv["x"]["text"] == "X: varje huvuddiagonal har varje siffra en gång"
    assert {r["kind"]: r["text"] for r in en["rules"]}["x"] == (
        "X: each main diagonal holds every digit once")


def test_a_position_object_and_clashing_givens_have_a_board(client):
    clash = "11" + EASY[2:]
    data = board(client, puzzle={"box": [3, 3], "givens": clash, "variants": ["x"]})
    assert [r["kind"] for r in data["rules"]] == ["x"]
    data = board(client, puzzle="." * 256)
    assert data["size"] == 16 and data["box"] == [4, 4] and len(data["houses"]) == 48


@pytest.mark.parametrize("body, words", [
    ({"puzzle": EMPTY, "variants": ["jigsaw"]}, "jigsaw needs its regions"),
    ({"puzzle": SIX, "box": "2x3", "variants": ["windoku"]}, "windoku"),
    ({"puzzle": EMPTY, "variants": ["nonsense"]}, "unknown variant"),
    ({"puzzle": SIX, "box": "2x3", "regions": "A" * 36}, "region"),
    ({"puzzle": EMPTY, "cages": "99 r1c1 r1c2"}, "cage"),
])
def test_a_puzzle_without_a_board_is_refused_with_the_reason(client, body, words):
    r = client.post("/api/board", json=body)
    assert r.status_code == 422, r.text
    assert words in r.json()["error"].lower()
