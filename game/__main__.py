"""``linie`` / ``python -m game``: the arcade client (fullscreen unless told otherwise)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from types import ModuleType

from game.display_loss import log_when_the_display_goes
from game.i18n import ENVIRONMENT, LANGUAGES, _, chosen_language, set_language
from game.logs import LEVELS, console_never_fails, setup_logging
from game.version import program_version


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_("expected WIDTHxHEIGHT, e.g. 1280x720, not {text!r}").format(
            text=text)) from None
    if not (320 <= width <= 16384 and 240 <= height <= 16384):
        raise argparse.ArgumentTypeError(_("a window between 320x240 and 16384x16384, please"))
    return width, height


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="linie", description=_("Line-building board games on one screen or a LAN."))
    parser.add_argument("--version", action="version", version=f"linie {program_version()}")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help=_("open in a window (F11 toggles)"))
    mode.add_argument("--fullscreen", action="store_true", help=_("open fullscreen (the default)"))
    parser.add_argument("--size", type=parse_size, metavar="WxH", help=_("window size, e.g. 1280x720"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES),
                        help=_("speak this language this time (else Settings → Language, else the system's)"))
    parser.add_argument("--log-level", default="INFO", type=str.upper, choices=LEVELS,
                        help=_("what the log file keeps (default INFO; the file is linie.log in the user's log "
                               "folder)"))
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    console_never_fails()  # the German help on an ASCII terminal, a name in the log on any console
    set_language(chosen_language(""))  # the terminal's language for the help and its refusals (LINIE_LANG wins)
    args = parse_args(argv)
    try:
        return play(args)
    except KeyboardInterrupt:  # Ctrl+C before the window opened: nothing to close, nothing to say
        return 130


def play(args: argparse.Namespace) -> int:
    """Open the window and play until it closes (a signal to quit closes it too)."""
    if args.lang:
        os.environ[ENVIRONMENT] = args.lang  # above the setting, for this run only
    log_path = setup_logging("linie", args.log_level)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Lazy on purpose: ``linie --help`` answers without loading pygame and every screen.
    import pygame

    from game.app import App, NoWindow
    from game.audio import RATE

    if (missing := no_screen(pygame)) is not None:
        print(f"linie: {missing}", file=sys.stderr)
        return 1
    pygame.mixer.pre_init(RATE, -16, 1, 512)  # the format the sounds are made in: no conversion
    fullscreen = True if args.fullscreen else False if (args.windowed or args.size) else None
    try:
        app = App(fullscreen=fullscreen, window_size=args.size, log_path=log_path)
    except NoWindow as error:
        logging.getLogger("linie").info("no window could be opened: %s", error)  # the file; the console hears:
        print("linie: " + _("this screen cannot show the game's window ({reason})").format(reason=error),
              file=sys.stderr)
        return 1
    app.quit_on_signals()  # after SDL's start, which takes SIGTERM when nobody else has
    driver = pygame.display.get_driver()
    watched = log_when_the_display_goes(driver)
    logging.getLogger("linie").info("the window is open (%s driver%s)", driver,
                                    ", its loss is logged" if watched else "")
    app.run()
    return 0


def no_screen(pygame: ModuleType) -> str | None:
    """Why no window can open, in words (None: one can). Without a display (no ``DISPLAY`` or
    ``WAYLAND_DISPLAY``: a terminal over ssh, a service) SDL falls back to drawing off screen, and
    the game ran on, unseen and unstoppable but by a signal. A driver asked for by name
    (``SDL_VIDEODRIVER=offscreen``, as tests and tools ask) is the asker's business."""
    try:
        pygame.display.init()
    except pygame.error as error:
        return _("no screen to open a window on ({reason}); linie-host hosts a table without one").format(
            reason=error)
    if pygame.display.get_driver() != "offscreen" or os.environ.get("SDL_VIDEODRIVER"):
        return None
    pygame.display.quit()
    named = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY")
    reason = (_("the display {name} does not answer").format(name=named) if named
              else _("no display: DISPLAY and WAYLAND_DISPLAY are not set"))
    return _("no screen to open a window on ({reason}); linie-host hosts a table without one").format(reason=reason)


if __name__ == "__main__":
    sys.exit(main())
