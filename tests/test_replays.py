"""Replays read, refused in words, played back through the rules (forwards, backwards, anywhere) and
counted into statistics: for every game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import game.replays
from game.core.registry import available_games, get_game
from game.match import Match, SeatInfo, view_hash
from game.playback import Playback
from game.replay_writer import keep_replay
from game.replays import ReplayError, compute_stats, list_replays, parse_replay, read_replay
from tests.played import easy_game

SEEDS = {"linie1": 3, "linja": 3, "liniell": 3, "bus": 3}


def finished(game: str, seed: int | None = None, players: int | None = None) -> Match:
    definition = get_game(game)
    return easy_game(game, players or definition.min_players, SEEDS[game] if seed is None else seed)


def lines_of(match: Match) -> list[dict[str, Any]]:
    return json.loads(json.dumps(match.replay_lines()))


def body(lines: list[Any]) -> bytes:
    return "".join(json.dumps(line) + "\n" for line in lines).encode()


def write(path: Path, lines: list[Any]) -> Path:
    path.write_bytes(body(lines))
    return path


@pytest.fixture(scope="module")
def matches() -> dict[str, Match]:
    return {game: finished(game) for game in available_games()}


# -- playing back -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", available_games())
def test_every_game_plays_back_to_its_end_and_backwards(game: str, matches: dict[str, Match]) -> None:
    match = matches[game]
    playback = Playback(parse_replay(body(lines_of(match))))
    assert playback.length == len(match.log) > 0
    # forwards to the end: the very game that was played, seen by everyone as they saw it
    while playback.step() is not None:
        pass
    assert playback.at_end and playback.match.outcome() == match.outcome()
    for seat in [None, *range(len(match.seats))]:
        assert view_hash(playback.match.view(seat)) == view_hash(match.view(seat))
    # backwards, one action at a time, each position equal to the same game dealt afresh and played there
    witness = Match(game, [SeatInfo(s.name, s.kind, s.level, s.colour) for s in match.seats], match.seed,
                    match.options)
    expected = [view_hash(witness.view(None))]
    for entry in match.log:
        assert witness.submit(entry["seat"], entry["action"]).ok
        expected.append(view_hash(witness.view(None)))
    for position in range(playback.length - 1, -1, -1):
        playback.seek(position)
        assert playback.position == position and view_hash(playback.match.view(None)) == expected[position]
    playback.seek(playback.length // 2)  # and a jump from the start into the middle
    assert view_hash(playback.match.view(None)) == expected[playback.length // 2]


def test_before_the_end_a_spectator_sees_no_secret_and_after_it_every_secret(matches: dict[str, Match]) -> None:
    match = matches["linie1"]
    playback = Playback(parse_replay(body(lines_of(match))))
    playback.seek(2)
    spectator, seat0 = playback.match.view(None), playback.match.view(0)
    assert spectator["players"][0].get("line") is None and seat0["players"][0].get("line") is not None
    playback.seek(playback.length)
    assert all(player.get("line") is not None for player in playback.match.view(None)["players"])


def test_turns_are_runs_of_one_seat(matches: dict[str, Match]) -> None:
    replay = parse_replay(body(lines_of(matches["linja"])))
    starts = replay.turn_starts
    assert starts[0] == 0 and len(starts) == replay.turns
    for index in range(1, len(replay.steps)):
        assert (index in starts) == (replay.steps[index].seat != replay.steps[index - 1].seat)
    playback = Playback(replay)
    assert playback.turn_start(2) == starts[1] and playback.turn_at(starts[1]) == 2
    assert playback.turn_at(playback.length) == replay.turns


def test_bus_is_counted_in_rounds_each_from_its_first_marker(matches: dict[str, Match]) -> None:
    """Bus players count rounds (a 9-round game was "121 turns"): a round begins with the first action
    the rules take in its marker placing, and the count is the game's last round."""
    match = matches["bus"]
    replay = parse_replay(body(lines_of(match)))
    witness = Match("bus", [SeatInfo(s.name, s.kind, s.level, s.colour) for s in match.seats], match.seed,
                    match.options)
    firsts: dict[int, int] = {}
    for index, entry in enumerate(match.log):
        view = witness.view(None)
        if view["phase"] == "choose":
            firsts.setdefault(view["round"], index)
        assert witness.submit(entry["seat"], entry["action"]).ok
    assert replay.in_rounds and replay.round_starts == list(firsts.values())
    assert replay.length == replay.rounds == match.view(None)["round"] < replay.turns
    assert not parse_replay(body(lines_of(matches["linja"]))).in_rounds


def test_the_viewer_asks_the_rules_whether_the_game_is_over_once_per_position(
        matches: dict[str, Match], monkeypatch: pytest.MonkeyPatch) -> None:
    """Liniell scores the whole field to say it is over; the viewer asks every frame."""
    playback = Playback(parse_replay(body(lines_of(matches["liniell"]))))
    definition = type(playback.game)
    real, asked = definition.outcome, []
    monkeypatch.setattr(definition, "outcome", lambda self, state: asked.append(1) or real(self, state))
    playback.seek(playback.length)
    asked.clear()
    assert all(playback.finished for _frame in range(60)) and len(asked) == 1
    playback.seek(playback.length - 1)  # one action back: the game is under way again
    asked.clear()
    assert not any(playback.finished for _frame in range(60)) and len(asked) == 1
    assert playback.step() is not None
    asked.clear()
    assert all(playback.finished for _frame in range(60)) and len(asked) == 1


# -- refusals in words ------------------------------------------------------------------------------
def refusal(data: bytes) -> str:
    with pytest.raises(ReplayError) as caught:
        Playback(parse_replay(data, "friday.jsonl"))
    return str(caught.value)


def test_a_truncated_replay_is_refused_in_words(matches: dict[str, Match]) -> None:
    data = body(lines_of(matches["linie1"]))
    assert "cut short or not JSON" in refusal(data[:len(data) // 2])  # cut inside a line
    whole_lines = data[:data.rindex(b"\n", 0, len(data) - 1) + 1]  # the result's line lost
    assert "without the game's result: it was cut short" in refusal(whole_lines)
    assert refusal(b"") == "friday.jsonl is empty."


def test_an_edited_replay_is_refused_in_words(matches: dict[str, Match]) -> None:
    lines = lines_of(matches["linie1"])
    moved = json.loads(json.dumps(lines))
    moved[3]["action"]["cell"] = [0, 0]  # a tile laid off the board
    assert refusal(body(moved)).startswith("Action 3 is not allowed by these rules of Linie 1")
    faked = json.loads(json.dumps(lines))
    faked[1]["events"][0]["tile"] = 99  # an event that did not happen
    assert "Action 1 does not do here what the replay recorded: the file was changed" in refusal(body(faked))
    winner = json.loads(json.dumps(lines))
    winner[-1]["outcome"]["winners"] = [1 - winner[-1]["outcome"]["winners"][0]]
    assert "ends differently from the result the replay recorded" in refusal(body(winner))
    reseated = json.loads(json.dumps(lines))
    reseated[5]["seat"] = 7
    assert "action 5 names no seat of the table" in refusal(body(reseated))
    renumbered = json.loads(json.dumps(lines))
    renumbered[4]["n"] = 40
    assert "action 4 was expected there" in refusal(body(renumbered))
    other_rules = json.loads(json.dumps(lines))
    other_rules[0]["rules_version"] = "0"
    other_rules[2]["action"]["cell"] = [0, 0]
    plays = get_game("linie1").rules_version
    assert f"recorded with rules version 0 of Linie 1, and this Linie plays version {plays}" \
        in refusal(body(other_rules))


def test_a_replay_passed_through_an_editor_that_writes_a_byte_order_mark_still_plays(
        matches: dict[str, Match]) -> None:
    lines = lines_of(matches["linja"])
    replay = parse_replay(b"\xef\xbb\xbf" + body(lines))
    assert Playback(replay).length == len(lines) - 2


def test_older_and_newer_replay_versions(matches: dict[str, Match]) -> None:
    lines = lines_of(matches["liniell"])
    old = json.loads(json.dumps(lines))  # version 1: no rules version, no seat levels or colours
    old[0]["version"] = 1
    del old[0]["rules_version"]
    old[0]["seats"] = [{"name": seat["name"], "kind": seat["kind"]} for seat in old[0]["seats"]]
    replay = parse_replay(body(old))
    assert replay.version == 1 and [seat.colour for seat in replay.seats] == [0, 1]  # each seat its own colour
    assert Playback(replay).length == len(lines) - 2
    newer = json.loads(json.dumps(lines))
    newer[0]["version"] = 3
    assert "made by a newer Linie (replay version 3)" in refusal(body(newer))
    never = json.loads(json.dumps(lines))
    never[0]["version"] = 0
    assert "replay version 0, which no version of Linie wrote" in refusal(body(never))


def test_foreign_files_are_refused_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert refusal(b'{"hello": "world"}\n') == "friday.jsonl is not a Linie replay."
    assert refusal(b"\x89PNG\r\n\x1a\n\x00\xff\xfe") == "friday.jsonl is not a text file, so not a Linie replay."
    assert "a saved game, not a replay" in refusal(b"LINIESV1" + bytes(40))
    header = {"format": "linie-replay", "version": 2, "game": "chess", "seed": 1, "options": {}, "seats": []}
    assert "a game this version of Linie does not know (“chess”)" in refusal(body([header, {"outcome": None}]))
    deep = b'{"format": "linie-replay", "version": 2, "game": "linja", "seed": 1, "options": {}, "seats": ' \
           + b"[" * 100_000 + b"]" * 100_000 + b"}\n"
    assert "not a Linie replay" in refusal(deep)
    with pytest.raises(ReplayError, match="There is no file"):
        read_replay(tmp_path / "nowhere.jsonl")
    with pytest.raises(ReplayError, match="is a folder, not a replay file"):
        read_replay(tmp_path)
    monkeypatch.setattr(game.replays, "MAX_BYTES", 1000)
    big = tmp_path / "big.jsonl"
    big.write_bytes(b" " * 5000)
    with pytest.raises(ReplayError, match="too large to be a replay"):
        read_replay(big)


# -- the kept replays and their statistics ----------------------------------------------------------
def named(game: str, names: list[str], seed: int, kinds: list[str] | None = None) -> Match:
    """A bot game to its end, its seats named as players name them."""
    match = finished(game, seed, len(names))
    match.seats = [SeatInfo(name, (kinds or ["human"] * len(names))[index], "easy", index)
                   for index, name in enumerate(names)]
    return match


def test_statistics_from_a_few_kept_replays(tmp_path: Path) -> None:
    games = [named("linie1", ["Ada", "Ben"], 3), named("linie1", ["ben ", "Ada", "Cleo"], 4),
             named("linja", ["Ada", "Bot"], 5, ["human", "bot"]), named("liniell", ["Cleo", "Ada"], 6),
             named("bus", ["Ada", "Ben", "Cleo"], 7)]
    for index, match in enumerate(games):
        write(tmp_path / f"202501{index + 1:02d}-120000-{match.game.name}.jsonl", match.replay_lines())
    (tmp_path / "20240101-000000-linja.jsonl").write_text("{")  # damaged: listed, never counted
    kept = list_replays(tmp_path)
    assert len(kept) == 6 and kept[-1].replay is None and "not a Linie replay" in kept[-1].problem
    assert [item.replay.game for item in kept[:5]] == [m.game.name for m in reversed(games)]  # newest first
    stats = compute_stats(item.replay for item in kept if item.replay is not None)
    assert stats.total == 5
    assert {figures.game: figures.played for figures in stats.games} == {"linie1": 2, "linja": 1, "liniell": 1,
                                                                         "bus": 1}
    linie1 = next(figures for figures in stats.games if figures.game == "linie1")
    turns = [parse_replay(body(lines_of(match))).turns for match in games[:2]]
    assert linie1.average_turns == sum(turns) / 2 and linie1.best_score is None
    bus = next(figures for figures in stats.games if figures.game == "bus")
    assert bus.average_turns == parse_replay(body(lines_of(games[4]))).rounds  # Bus counts rounds
    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    for match in games:
        for seat, info in enumerate(match.seats):
            key = info.name.strip().casefold()
            played[key] = played.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + (seat in match.outcome()["winners"])
    assert {p.name.casefold(): (p.won, p.played) for p in stats.players} == {k: (wins[k], played[k]) for k in played}
    assert [p.name for p in stats.players if p.bot] == ["Bot"]
    trips = [(len(event["route"]), match.seats[event["seat"]].name) for match in games[:2] for entry in match.log
             for event in entry["events"] if event["type"] == "trip"
             and event["seat"] in match.outcome()["winners"]]  # a trip counts once ridden to its end
    assert stats.longest_trip is not None and stats.longest_trip.value == max(length for length, _ in trips)
    assert (stats.longest_trip.value, stats.longest_trip.name) in trips
    for match in games[2:]:
        figures = next(f for f in stats.games if f.game == match.game.name)
        scores = match.outcome()["scores"]
        assert figures.best_score is not None and figures.best_score.value == max(scores)


def test_a_kept_replay_is_listed_and_plays_back(tmp_path: Path) -> None:
    match = named("bus", ["Ada", "Ben", "Cleo"], 3)
    path = keep_replay(match, tmp_path)
    assert path is not None and path.suffix == ".jsonl"
    (item,) = list_replays(tmp_path)
    assert item.replay is not None and item.replay.players == ["Ada", "Ben", "Cleo"]
    assert item.replay.result().endswith(("won", "share the win", "a draw"))
    assert Playback(item.replay).length == len(match.log)


def test_the_list_reads_a_file_again_only_when_it_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.replays as replays

    path = keep_replay(named("linja", ["Ada", "Ben"], 3), tmp_path)
    assert path is not None
    reads: list[Path] = []
    real = replays.read_replay
    monkeypatch.setattr(replays, "read_replay", lambda where: reads.append(where) or real(where))
    (first,) = list_replays(tmp_path)
    (again,) = list_replays(tmp_path)
    assert again is first and len(reads) <= 1  # the second listing reads nothing
    body = path.read_bytes()
    path.write_bytes(body[: len(body) // 2])  # damaged after it was listed: the list must say so
    (damaged,) = list_replays(tmp_path)
    assert damaged.replay is None and damaged.problem and reads[-1] == path
    path.unlink()
    assert list_replays(tmp_path) == [] and path not in replays._READ
