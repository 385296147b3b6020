"""Headless bot games: ``python -m tools.simulate GAME --players N --games G --seed S``.

Prints one line per game (winner or stalemate, turns, ms per turn), a total, and each level's
decision times (median and p99), both on the wall clock and in CPU time of this process: on a
machine shared with other jobs the wall clock measures the load as much as the bot; and, for games
whose outcome has final scores, each level's mean final score. ``--levels``
gives each seat its level (cycled), ``--rotate`` moves the levels round the table each game so no
level always starts, and ``--replays DIR`` writes one replay per game as JSON Lines.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.core.registry import get_game
from game.match import Match, SeatInfo


def play_one(game_name: str, players: int, seed: int, levels: list[str],
             options: dict[str, Any] | None = None, max_actions: int = 20_000) -> tuple[Match, dict[str, Any]]:
    """Play one bot game to its end; returns the match and its figures."""
    seats = [SeatInfo(f"Bot {i + 1}", "bot", levels[i % len(levels)]) for i in range(players)]
    match = Match(game_name, seats, seed, options)
    bots = {i: make_bot(game_name, seats[i].level, seed * 31 + i) for i in range(players)}
    turns = 0
    last_actor = None
    thinking = 0.0
    decisions: list[list[float]] = [[] for _ in range(players)]  # ms per decision, per seat
    cpu: list[list[float]] = [[] for _ in range(players)]  # the same in CPU time
    actions = 0
    while not match.finished:
        if actions >= max_actions:
            raise RuntimeError(f"game {seed} did not end within {max_actions} actions")
        seat = match.to_act()[0]
        if seat != last_actor:
            turns += 1
            last_actor = seat
        started, cpu_started = time.perf_counter(), time.process_time()
        action = bots[seat].decide(match.view(seat))
        took = time.perf_counter() - started
        thinking += took
        decisions[seat].append(1000 * took)
        cpu[seat].append(1000 * (time.process_time() - cpu_started))
        result = match.submit(seat, action)
        if not result.ok:
            raise RuntimeError(f"game {seed}: seat {seat} proposed {action!r}, refused: {result.rejection}")
        actions += 1
    figures = {"turns": turns, "actions": actions, "ms_per_turn": 1000 * thinking / max(turns, 1),
               "decision_ms": decisions, "decision_cpu_ms": cpu}
    return match, figures


def describe(match: Match) -> str:
    outcome = match.outcome() or {}
    winners = outcome.get("winners") or []
    if not winners:
        return "draw" if outcome.get("draw") else "stalemate"
    names = ", ".join(f"seat {w} ({match.seats[w].level})" for w in winners)
    return f"winner {names}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.simulate", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", help="a count, or a range like 2-5 cycled game by game "
                                          "(default: 2, or the game's fewest players if more)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", help="level of every seat")
    parser.add_argument("--levels", help="comma-separated levels per seat, e.g. normal,easy")
    parser.add_argument("--rotate", action="store_true", help="rotate the levels round the table")
    parser.add_argument("--replays", type=Path, help="write one .jsonl replay per game here")
    parser.add_argument("--quiet", action="store_true", help="print only the total")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option, as linie-host takes it (e.g. trip_rule=three_dice)")
    args = parser.parse_args(argv)

    game = get_game(args.game)
    low, _, high = (args.players or str(max(2, game.min_players))).partition("-")
    try:
        counts = list(range(int(low), int(high or low) + 1))
    except ValueError:
        parser.error("--players is a number or a range like 2-5")
    if not counts or not all(game.min_players <= n <= game.max_players for n in counts):
        parser.error(f"{game.title} takes {game.min_players}-{game.max_players} players")
    levels = args.levels.split(",") if args.levels else [args.level]
    options: dict[str, Any] = {}
    for pair in args.option:  # KEY=VALUE, the value read as JSON when it is JSON (as linie-host reads it)
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            parser.error(f"--option wants KEY=VALUE, not {pair!r}")
        try:
            options[key.strip()] = json.loads(value)
        except ValueError:
            options[key.strip()] = value
    validate = getattr(game, "validate_options", None)  # only games with table options have it
    if validate is not None:
        try:
            validate(options or None)
        except ValueError as error:
            parser.error(str(error))
    elif options:
        parser.error(f"{game.title} takes no table options")
    if args.replays:
        args.replays.mkdir(parents=True, exist_ok=True)

    wins_by_level: Counter[str] = Counter()
    results: Counter[str] = Counter()
    total_turns = 0
    total_ms = 0.0
    decision_ms: dict[str, list[float]] = {}
    decision_cpu_ms: dict[str, list[float]] = {}
    scores_by_level: dict[str, list[float]] = {}  # final scores, for games whose outcome has them
    for index in range(args.games):
        seed = args.seed + index
        players = counts[index % len(counts)]
        shift = index % players if args.rotate else 0
        seat_levels = [levels[(i - shift) % len(levels)] for i in range(players)]
        match, figures = play_one(args.game, players, seed, seat_levels, options or None)
        outcome = match.outcome() or {}
        winners = outcome.get("winners") or []
        for winner in winners:
            wins_by_level[seat_levels[winner]] += 1
        results["won" if winners else ("draw" if outcome.get("draw") else "stalemate")] += 1
        for seat, score in enumerate(outcome.get("scores") or []):
            scores_by_level.setdefault(seat_levels[seat], []).append(score)
        for seat, took in enumerate(figures["decision_ms"]):
            decision_ms.setdefault(seat_levels[seat], []).extend(took)
        for seat, took in enumerate(figures["decision_cpu_ms"]):
            decision_cpu_ms.setdefault(seat_levels[seat], []).extend(took)
        total_turns += figures["turns"]
        total_ms += figures["ms_per_turn"] * figures["turns"]
        if not args.quiet:
            print(f"game {index + 1} seed {seed} ({players} players): {describe(match)}, {figures['turns']} turns, "
                  f"{figures['ms_per_turn']:.1f} ms per turn")
        if args.replays:
            path = args.replays / f"{args.game}-{seed}.jsonl"
            path.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n"
                                    for line in match.replay_lines()))
    level_text = ", ".join(f"{level} {count}" for level, count in sorted(wins_by_level.items()))
    print(f"total: {args.games} games, {results['won']} won, {results['draw']} drawn, "
          f"{results['stalemate']} stalemates; wins by level: {level_text or 'none'}; "
          f"{total_ms / max(total_turns, 1):.1f} ms per turn")
    for level, took in sorted(decision_ms.items()):
        wall_median, wall_p99 = median_and_p99(took)
        cpu_median, cpu_p99 = median_and_p99(decision_cpu_ms[level])
        print(f"decisions of {level}: median={wall_median:.1f} p99={wall_p99:.1f} ms n={len(took)}; "
              f"CPU median={cpu_median:.1f} p99={cpu_p99:.1f} ms")
    for level, scores in sorted(scores_by_level.items()):
        print(f"final score of {level}: mean={statistics.mean(scores):.1f} n={len(scores)}")
    return 0


def median_and_p99(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


if __name__ == "__main__":
    sys.exit(main())
