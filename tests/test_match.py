"""The Match authority: turns, versions, the log and replays, saves and corrupt saves."""

import json

import msgpack
import pytest

from game.core.contract import SnapshotError
from game.match import Match, SeatInfo, canonical_bytes, view_hash
from tools.simulate import main as simulate_main
from tools.simulate import play_one


def seats(n):
    return [SeatInfo(f"P{i}", "human") for i in range(n)]


def test_submit_checks_turn_and_seat_and_numbers_changes():
    match = Match("linie1", seats(2), seed=4)
    assert match.submit(1, {"type": "end_turn"}).rejection.code == "match.not_your_turn"
    assert match.submit(7, {"type": "end_turn"}).rejection.code == "match.no_such_seat"
    assert match.submit(True, {"type": "end_turn"}).rejection.code == "match.no_such_seat"
    assert match.version == 0
    seen = []
    match.add_listener(seen.append)
    result = match.submit(0, {"type": "place", "tile": 1, "cell": [5, 5], "rot": 0})
    assert result.ok and match.version == 1 and seen[0].version == 1
    assert match.view(0)["match"]["version"] == 1


def test_undone_actions_leave_the_log():
    match = Match("linie1", seats(2), seed=4)
    match.submit(0, {"type": "place", "tile": 1, "cell": [5, 5], "rot": 0})
    match.submit(0, {"type": "place", "tile": 2, "cell": [9, 9], "rot": 0})
    match.submit(0, {"type": "undo"})
    assert [entry["action"]["cell"] for entry in match.log] == [[5, 5]]
    assert match.version == 3


def test_replay_lines_follow_the_design_format():
    match = Match("linie1", [SeatInfo("Ann", "human"), SeatInfo("Bot", "bot")], seed=11)
    match.submit(0, {"type": "place", "tile": 1, "cell": [4, 10], "rot": 0})
    lines = match.replay_lines()
    assert lines[0] == {"format": "linie-replay", "version": 2, "game": "linie1", "seed": 11,
                        "rules_version": match.game.rules_version,
                        "options": {"die_faces": ["1", "2", "3", "4", "H", "H"], "strict_dead_ends": True,
                                        "trip_rule": "die"},
                        "seats": [{"name": "Ann", "kind": "human", "level": "normal", "colour": 0},
                                  {"name": "Bot", "kind": "bot", "level": "normal", "colour": 0}]}
    assert lines[1]["n"] == 1 and lines[1]["events"][1] == {"type": "stop", "building": "H", "cell": [4, 10]}
    assert lines[-1]["outcome"] is None and len(lines[-1]["secrets"]["seats"]) == 2
    json.dumps(lines)


def test_save_and_load_resume_the_same_game():
    match = Match("linie1", seats(3), seed=21)
    match.submit(0, {"type": "place", "tile": 1, "cell": [5, 5], "rot": 0})
    data = msgpack.unpackb(msgpack.packb(match.save()), raw=False, strict_map_key=False)
    twin = Match.load(data)
    assert twin.version == match.version and twin.log == match.log
    for seat in range(3):
        assert view_hash(twin.view(seat)) == view_hash(match.view(seat))


@pytest.mark.parametrize("damage", [
    lambda d: d.update(format="other"),
    lambda d: d.update(game="chess"),
    lambda d: d.update(rules_version="0"),
    lambda d: d.update(seats="x"),
    lambda d: d.update(seed="x"),
    lambda d: d["state"].update(pile=d["state"]["pile"][:-1]),
    lambda d: d["state"].update(tiles=[[0, 0, 1, 0]]),
    lambda d: d["state"].update(hands=[[99]] * 3),
    lambda d: d["state"].update(lines=[1, 1, 1]),
    lambda d: d["state"].update(phase="dancing"),
    lambda d: d["state"].pop("rng"),
    lambda d: d.update(state=None),
    lambda d: d["state"].update(trips=[{"start": [0, 0]}, None, None]),
])
def test_corrupt_saves_raise_a_typed_error(damage):
    match = Match("linie1", seats(3), seed=21)
    data = match.save()
    damage(data)
    with pytest.raises(SnapshotError):
        Match.load(data)


def test_view_hash_is_canonical():
    left = canonical_bytes({"b": 1, "a": [1, {"y": 2, "x": 3}]})
    assert left == canonical_bytes({"a": [1, {"x": 3, "y": 2}], "b": 1})
    assert view_hash({"a": 1}) != view_hash({"a": 2})
    # the worked example of docs/protocol.md ("View hash"), so another program can check itself
    assert canonical_bytes({"match": {"version": 1}, "board": [1, 2]}) == b'{"board":[1,2],"match":{"version":1}}'
    assert view_hash({"match": {"version": 1}, "board": [1, 2]}) == (
        "b71e7a9aa3630b82a4a78c7d95892f8563d048cc85c87f5f31bc016fdc8a9f8a")


def test_simulate_same_seed_same_replays(tmp_path, capsys):
    simulate_main(["linie1", "--players", "3", "--games", "2", "--seed", "5", "--replays", str(tmp_path / "a")])
    simulate_main(["linie1", "--players", "3", "--games", "2", "--seed", "5", "--replays", str(tmp_path / "b")])
    out = capsys.readouterr().out
    assert out.count("seed 5 (3 players):") == 2 and "total: 2 games" in out
    for name in ("linie1-5.jsonl", "linie1-6.jsonl"):
        a = (tmp_path / "a" / name).read_text()
        b = (tmp_path / "b" / name).read_text()
        assert a == b
        lines = [json.loads(line) for line in a.splitlines()]
        assert lines[0]["format"] == "linie-replay" and "outcome" in lines[-1]
        assert lines[-1]["outcome"]["winners"] or lines[-1]["outcome"]["stalemate"]


def test_simulate_plays_under_a_table_option(tmp_path, capsys):
    simulate_main(["linie1", "--games", "1", "--seed", "3", "--option", "trip_rule=three_dice",
                   "--replays", str(tmp_path)])
    header = json.loads((tmp_path / "linie1-3.jsonl").read_text().splitlines()[0])
    assert header["options"]["trip_rule"] == "three_dice"
    with pytest.raises(SystemExit):
        simulate_main(["linie1", "--games", "1", "--option", "trip_rule=four_dice"])
    with pytest.raises(SystemExit):
        simulate_main(["linie1", "--games", "1", "--option", "nonsense"])


def test_simulate_prints_each_levels_mean_final_score(capsys):
    simulate_main(["bus", "--players", "3", "--games", "1", "--seed", "4", "--levels", "normal,easy", "--quiet"])
    out = capsys.readouterr().out
    scores = play_one("bus", 3, 4, ["normal", "easy", "normal"])[0].outcome()["scores"]
    assert f"final score of easy: mean={scores[1]:.1f} n=1" in out
    assert f"final score of normal: mean={(scores[0] + scores[2]) / 2:.1f} n=2" in out


def test_simulate_plays_a_game_without_table_options(capsys):
    simulate_main(["liniell", "--games", "1", "--seed", "2", "--levels", "greedy,easy", "--quiet"])
    assert "total: 1 games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        simulate_main(["liniell", "--games", "1", "--option", "trip_rule=dice"])
