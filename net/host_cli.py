"""``linie-host``: a dedicated, headless LAN host.

    linie-host --game linie1 --seats 4 --bots 1 [--port P] [--bind ADDR] [--name "Table"]
               [--resume FILE] [--save FILE]

Prints the address and table name, logs joins, leaves and errors, advertises the table over
zeroconf (``--bind 127.0.0.1`` limits both the TCP server and zeroconf to that address) and
autosaves after every action. Ctrl-C closes the table with a goodbye to everyone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.bots import bot_levels
from game.core.contract import SnapshotError
from game.core.registry import UnknownGame, available_games, get_game
from game.files import reason_in_words
from game.i18n import _, chosen_language, ngettext, set_language
from game.logs import LEVELS, console_never_fails, setup_logging
from game.paths import NoHome, data_dir, replays_dir
from game.version import program_version
from net import DEFAULT_PORT
from net.discovery import Advertiser, local_ipv4_addresses
from net.host import Host, HostConfig
from net.savefile import JournalDamage, check_writable
from net.show_replays import SHOW_REPLAYS_KEPT

log = logging.getLogger("linie.host")


def default_save_path(port: int) -> Path:
    """``host-PORT.save`` in the data folder (``$XDG_DATA_HOME/linie``); ``NoHome`` without one."""
    return data_dir() / f"host-{port}.save"


def default_replays() -> Path | None:
    """The client's replays folder, where its Replays screen finds the game; None when this user has
    no home folder (a container's user): no replay is kept unless ``--replays`` names a folder."""
    try:
        return replays_dir()
    except NoHome:
        return None


def port_number(text: str) -> int:
    """A TCP port as ``--port`` takes it: 0 (any free port) to 65535; else refused in words (a port
    past them reached the socket and ended the host with a traceback)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("a port from 0 (any free port) to 65535, not {text!r}").format(text=text))
    return port


def seconds_up_to(most: float) -> Callable[[str], float]:
    """A number of seconds from 0 to ``most``, as ``--bot-delay`` and ``--bot-takeover`` take them:
    NaN (a timer that never fires: bots that never moved), infinity and negatives refused in words."""
    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 <= value <= most:  # False for NaN too
            raise argparse.ArgumentTypeError(_("a number of seconds from 0 to {most}, not {text!r}").format(
                most=f"{most:g}", text=text))
        return value
    return seconds


def games_to_keep(text: str) -> int:
    """How many show games' replays ``--show-replays`` keeps: 1 to 100000, else refused in words."""
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not 1 <= count <= 100_000:
        raise argparse.ArgumentTypeError(_("a whole number from 1 to 100000, not {text!r}").format(text=text))
    return count


def seed_number(text: str) -> int:
    """A seed the saves can hold (within a signed 64-bit number; a longer one ended the host as it saved)."""
    try:
        seed = int(text)
    except ValueError:
        seed = 10**18
    if not -(10**18) < seed < 10**18:
        raise argparse.ArgumentTypeError(_("a whole number of at most 18 digits, not {text!r}").format(text=text))
    return seed


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="linie-host", description=_("A dedicated, headless LAN host for one table."))
    parser.add_argument(
        "--version",
        action="version",
        version=f"linie-host {program_version()}",
    )
    parser.add_argument(
        "--game", default="linie1", help=_("one of: {games}").format(games=", ".join(available_games()))
    )
    parser.add_argument("--seats", type=int, help=_("seats at the table (default: 4, or as many as the game takes)"))
    parser.add_argument("--bots", type=int, default=0, help=_("how many of the seats are bots (the last ones)"))
    parser.add_argument("--level", default="normal", help=_("the bots' level"))
    parser.add_argument(
        "--port",
        type=port_number,
        help=_("TCP port (default: {port} when free, else any free port)").format(port=DEFAULT_PORT),
    )
    parser.add_argument("--bind", default="0.0.0.0", help=_("address to listen and advertise on"))
    parser.add_argument("--name", help=_("the table's name (default: 'Linie table', or the saved one)"))
    parser.add_argument("--resume", type=Path, help=_("resume the table saved in this file"))
    parser.add_argument(
        "--accept-damage",
        action="store_true",
        help=_("resume a save whose journal is damaged from its last good action"),
    )
    parser.add_argument(
        "--save", type=Path, help=_("autosave here (default: the resumed file, or $XDG_DATA_HOME/linie/host-PORT.save)")
    )
    parser.add_argument(
        "--replays",
        type=Path,
        help=_(
            "keep the finished game's replay in this folder "
            "(default: the replays folder the game's Replays screen lists)"
        ),
    )
    parser.add_argument(
        "--show-replays",
        type=games_to_keep,
        default=SHOW_REPLAYS_KEPT,
        metavar="GAMES",
        help=_("a table of bots only keeps the replays of its newest GAMES games (default {count}); "
               "games with people are always kept").format(count=SHOW_REPLAYS_KEPT),
    )
    parser.add_argument("--seed", type=seed_number, help=_("deal from this seed (default: random)"))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help=_(
            "a game option, e.g. trip_rule=pace or trip_rule=three_dice for Linie 1 (the value "
            "is read as JSON when it is JSON, else as text); may be given more than once"
        ),
    )
    parser.add_argument(
        "--manual-start",
        action="store_true",
        help=_("do not start when the last seat is taken; start once every seated player is Ready"),
    )
    parser.add_argument(
        "--bot-takeover",
        type=seconds_up_to(24 * 3600),
        default=90.0,
        metavar="SECONDS",
        help=_("a bot plays an absent player's seat after this long, until they are back (default 90; 0 turns it off)"),
    )
    parser.add_argument("--bot-delay", type=seconds_up_to(60), default=0.6, help=_("seconds a bot waits before moving"))
    parser.add_argument("--no-discovery", action="store_true", help=_("do not advertise on the LAN"))
    parser.add_argument("-q", "--quiet", action="store_true", help=_("print warnings and errors only"))
    parser.add_argument(
        "--log-level",
        default="INFO",
        type=str.upper,
        choices=LEVELS,
        help=_("what the log file keeps (default INFO; linie-host.log in the user's log folder)"),
    )
    return parser.parse_args(argv)


def build_host(args: argparse.Namespace) -> Host:
    """The table from the arguments; exits with a readable message when they cannot work."""
    config = HostConfig(
        name=args.name or HostConfig.name,
        bot_level=args.level,
        autostart=not args.manual_start,
        bot_takeover_after=args.bot_takeover or None,
        bot_delay=args.bot_delay,
        save_path=args.save or args.resume,
        replays=args.replays or default_replays(),
        show_replays_kept=args.show_replays,
    )
    if config.save_path is not None and (problem := check_writable(config.save_path)) is not None:
        if args.resume is not None and args.save is None:  # a save on a read-only disk may go on elsewhere
            sys.exit(_("linie-host: cannot save to {save_path}: {problem} (add --save FILE to continue the game in "
                       "another file)").format(save_path=config.save_path, problem=problem))
        sys.exit(
            _("linie-host: cannot save to {save_path}: {problem}").format(save_path=config.save_path, problem=problem)
        )
    if args.resume is not None:
        try:
            return Host.resume(args.resume, config, keep_name=args.name is None, accept_damage=args.accept_damage)
        except JournalDamage as damage:
            last = _("action {number}").format(number=damage.good[-1]["v"]) if damage.good else _("the full save")
            sys.exit(
                _("linie-host: cannot resume {file}: {damage}. Add --accept-damage to continue from {last}.").format(
                    file=args.resume, damage=damage, last=last
                )
            )
        except SnapshotError as error:
            sys.exit(_("linie-host: cannot resume {file}: {error}").format(file=args.resume, error=error))
    try:
        game = get_game(args.game)
    except UnknownGame:
        sys.exit(
            _("linie-host: no game {game!r}; choose from {games}").format(
                game=args.game, games=", ".join(available_games())
            )
        )
    seats = default_seats(game.min_players, game.max_players) if args.seats is None else args.seats
    if not game.min_players <= seats <= game.max_players:
        if game.min_players == game.max_players:  # "Linja takes 2 seats", never "2-2"
            sys.exit(_("linie-host: {title} takes {count} seats").format(title=game.title, count=game.min_players))
        sys.exit(
            _("linie-host: {title} takes {min_players}-{max_players} seats").format(
                title=game.title, min_players=game.min_players, max_players=game.max_players
            )
        )
    if not 0 <= args.bots <= seats:
        sys.exit(_("linie-host: --bots must be between 0 and --seats"))
    if args.bots:
        try:
            levels = bot_levels(game.name)
        except ImportError:
            sys.exit(_("linie-host: there are no bots for {title} yet").format(title=game.title))
        if args.level not in levels:
            sys.exit(_("linie-host: bot levels are {levels}").format(levels=", ".join(levels)))
    options = parse_options(args.option)
    try:  # the game checks its options as it deals
        return Host.new(game.name, seats, config, bots=args.bots, seed=args.seed, options=options)
    except ValueError as error:
        # A value that reads as JSON may be meant as text: Bus's edition=1999 is "1999", not 1999.
        texts = {key: text for key, text in option_texts(args.option).items() if options[key] != text}
        if texts:
            with contextlib.suppress(ValueError):
                return Host.new(game.name, seats, config, bots=args.bots, seed=args.seed, options={**options, **texts})
        sys.exit(f"linie-host: {error}")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as game options: the value as JSON when it parses (true, 3, ["1","H"]),
    else as the text itself (pace). ``build_host`` tries the text too where the game refuses JSON's."""
    options: dict[str, Any] = {}
    for key, value in option_texts(pairs).items():
        try:
            options[key] = json.loads(value)
        except (ValueError, RecursionError):  # not JSON, or nested past the parser: the text, for the game to judge
            options[key] = value
    return options


def option_texts(pairs: list[str]) -> dict[str, str]:
    """``KEY=VALUE`` pairs as written: key -> the text after the ``=``."""
    texts: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            sys.exit(_("linie-host: --option wants KEY=VALUE, not {pair!r}").format(pair=pair))
        texts[key.strip()] = value
    return texts


def default_seats(least: int, most: int) -> int:
    """Four seats where the game allows them, else as near as it does (Linja and Liniell: two)."""
    return max(least, min(4, most))


def replays_note(replays: Path | None) -> str | None:
    """What the operator must hear at the start when the replays folder cannot take a replay (a file
    in its place, a read-only disk): the finished game then waits in the save, told only at its end."""
    if replays is None or (problem := check_writable(replays / "replay.jsonl")) is None:
        return None
    return _("  the replay cannot be kept there now ({problem}): the save keeps the finished game "
             "until it can").format(problem=reason_in_words(problem))


def closing_signals() -> list[signal.Signals]:
    """The signals that close the table as Ctrl+C does (its last save, goodbye to everyone, the port
    freed): SIGINT, SIGTERM, and SIGHUP, the terminal it ran in closing (which ended the process with
    no goodbye). One ignored as the host started stays ignored (``nohup linie-host``)."""
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]  # Windows has no SIGHUP
    return [number for number in numbers if signal.getsignal(number) is not signal.SIG_IGN]


async def serve(host: Host, args: argparse.Namespace) -> None:
    try:
        port = await host.serve(args.bind, args.port)  # no --port: the default one when it is free
    except OSError as error:  # only here: a trouble later is not one of listening
        sys.exit(
            _("linie-host: cannot listen on {address}:{port}: {reason}").format(
                address=args.bind, port=DEFAULT_PORT if args.port is None else args.port, reason=error.strerror
            )
        )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in closing_signals():  # before anything is printed: a table that says it listens closes cleanly
        with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers in asyncio
            loop.add_signal_handler(signum, stop.set)
    if host.config.save_path is None:
        try:
            path = default_save_path(port)
        except NoHome:
            await host.close(goodbye=False)
            sys.exit(_("linie-host: this user has no home folder to save the table in: choose a file with --save "
                       "(or set HOME)"))
        if (problem := check_writable(path)) is not None:
            await host.close(goodbye=False)
            sys.exit(
                _("linie-host: cannot save to {path}: {problem} (choose a file with --save)").format(
                    path=path, problem=problem
                )
            )
        host.save_to(path)
    advertiser = None
    try:
        addresses = [args.bind] if args.bind != "0.0.0.0" else local_ipv4_addresses()
        info = host.table_info()
        print(
            _("Linie host: table {table!r} - {title}, {seats} seats, {phase}").format(
                table=info["table"], title=host.match.game.title, seats=info["seats_total"], phase=info["phase"]
            ),
            flush=True,
        )
        for address in addresses:
            print(_("  listening on {address}:{port}").format(address=address, port=port), flush=True)
        print(f"  autosave: {host.config.save_path}", flush=True)
        if host.config.replays is not None:
            print(_("  replay of the finished game: {replays}").format(replays=host.config.replays), flush=True)
            if host.seating.bots_only():
                kept = host.config.show_replays_kept
                print(ngettext("  a table of bots: the replay of its newest game is kept, older ones removed "
                               "(--show-replays)",
                               "  a table of bots: the replays of its newest {count} games are kept, older ones "
                               "removed (--show-replays)", kept).format(count=kept), flush=True)
        else:
            print(_("  no replay is kept: this user has no home folder (--replays DIR keeps them there)"), flush=True)
        if (note := replays_note(host.config.replays)) is not None:
            print(note, flush=True)
        if not args.no_discovery:
            advertiser = Advertiser(port, info, args.bind)
            host.table_listeners.append(advertiser.update)
        await stop.wait()
    finally:
        log.info("closing the table")
        await host.close(goodbye=True)
        if advertiser is not None:
            await asyncio.to_thread(advertiser.close)


def main(argv: list[str] | None = None) -> int:
    console_never_fails()  # a table's name, a guest's, the German help: whatever the console's encoding
    set_language(chosen_language(""))  # the terminal's language (LANG, LANGUAGE; LINIE_LANG overrides)
    args = parse_args(argv)
    log_path = setup_logging("linie-host", args.log_level, "WARNING" if args.quiet else "INFO")
    if log_path is not None:
        log.info("logging to %s", log_path)
    host = build_host(args)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(host, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
