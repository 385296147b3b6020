"""The player's settings, saved as JSON in the user's config folder (``game.paths``).

On Linux ``$XDG_CONFIG_HOME/linie/settings.json``, or ``~/.config/linie/settings.json`` when the
variable is unset. A missing or damaged file never stops the game: every field falls back to its default on
its own, and saving is atomic so a crash mid-write cannot leave half a file behind.
"""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.core.text import clean_text, shows_something
from game.files import read_file, reason_in_words, replace_file
from game.i18n import LANGUAGES, _
from game.paths import config_dir

log = logging.getLogger(__name__)

ANIMATION_SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
UNCHOSEN_NAME = "Player"  # what older settings saved before a name was chosen: counts as none
UI_SCALES = (1.0, 1.25, 1.5)  # text and controls at 100 / 125 / 150 % (``game.ui.theme.set_ui_scale``)
NAME_LIMIT = 16
MAX_SEATS = 6  # the most seats a setup screen offers
SETTINGS_LIMIT = 1024 * 1024  # bytes: settings are a few hundred; a bigger file is damaged


@dataclass
class Settings:
    fullscreen: bool = True
    volume: float = 0.7
    mute: bool = False
    animation_speed: float = 1.0
    player_name: str = ""  # the name the player chose; empty until then (``shown_name`` fills it in)
    keys: dict[str, str] = field(default_factory=dict)  # shortcut -> key name, where moved (``game.ui.keys``)
    hints: bool = True  # first-game hints (``game.tables.coach``)
    hints_seen: dict[str, list[str]] = field(default_factory=dict)  # game -> hints already said
    hints_done: list[str] = field(default_factory=list)  # games played to the end: no more hints
    language: str = ""  # "en", "de"; empty: the system's (``game.i18n.chosen_language``)
    ui_scale: float = 1.0  # text size, one of ``UI_SCALES``: bigger for readers at a distance
    last_game: str = ""  # the game last started from the setup screen, chosen there again next time
    last_seats: dict[str, list[str]] = field(default_factory=dict)  # game -> its seats' kinds ("bot:hard")
    seat_names: list[str] = field(default_factory=list)  # names typed for the setup's seats ("": none), by seat
    # game -> its table options as last started ("trip_rule": "three_dice"), on Play or the LAN host screen
    last_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    # What the file held that this version does not take as it stands (a key a newer Linie added, a
    # language or text size it offers), by key: written back unless the player sets that field here.
    unread: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    as_read: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Settings from parsed JSON, keeping every valid field and defaulting the rest; what this
        version cannot take is kept in ``unread`` (a newer Linie's settings survive an older one)."""
        settings = cls._fields_from(data)
        if isinstance(data, dict):
            read = settings.to_dict()
            settings.unread = {key: value for key, value in data.items() if key not in read or read[key] != value}
            settings.as_read = {key: read[key] for key in settings.unread if key in read}
        return settings

    @classmethod
    def _fields_from(cls, data: Any) -> Settings:
        settings = cls()
        if not isinstance(data, dict):
            return settings
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if isinstance(data.get("mute"), bool):
            settings.mute = data["mute"]
        volume = _finite(data.get("volume"))
        if volume is not None:
            settings.volume = min(1.0, max(0.0, volume))
        speed = _finite(data.get("animation_speed"))
        if speed is not None:
            settings.animation_speed = min(ANIMATION_SPEEDS, key=lambda option: abs(option - speed))
        scale = _finite(data.get("ui_scale"))
        if scale is not None:
            settings.ui_scale = min(UI_SCALES, key=lambda option: abs(option - scale))
        name = clean_text(data.get("player_name"), NAME_LIMIT)
        if shows_something(name) and name != UNCHOSEN_NAME:
            settings.player_name = name
        keys = data.get("keys")
        if isinstance(keys, dict):  # the names are checked against the keyboard once pygame runs
            settings.keys = {str(intent)[:20]: value[:30] for intent, value in list(keys.items())[:20]
                             if isinstance(value, str)}
        if isinstance(data.get("hints"), bool):
            settings.hints = data["hints"]
        seen = data.get("hints_seen")
        if isinstance(seen, dict):
            settings.hints_seen = {str(game)[:20]: [str(key)[:60] for key in keys[:100] if isinstance(key, str)]
                                   for game, keys in list(seen.items())[:20] if isinstance(keys, list)}
        done = data.get("hints_done")
        if isinstance(done, list):
            settings.hints_done = [str(game)[:20] for game in done[:20] if isinstance(game, str)]
        language = data.get("language")
        if isinstance(language, str) and language in LANGUAGES:
            settings.language = language
        if isinstance(data.get("last_game"), str):
            settings.last_game = data["last_game"][:20]
        seats = data.get("last_seats")
        if isinstance(seats, dict):  # the setup screen checks each kind against the game's seats
            settings.last_seats = {str(game)[:20]: [kind[:30] for kind in kinds[:MAX_SEATS] if isinstance(kind, str)]
                                   for game, kinds in list(seats.items())[:20] if isinstance(kinds, list)}
        names = data.get("seat_names")
        if isinstance(names, list):  # friends at one screen find their names at their seats again
            settings.seat_names = [name[:16] if isinstance(name, str) else "" for name in names[:MAX_SEATS]]
        options = data.get("last_options")
        if isinstance(options, dict):  # the setup screen checks each value against what the game offers
            settings.last_options = {str(game)[:20]: {str(key)[:30]: value for key, value in list(chosen.items())[:20]
                                                      if _option_value(value)}
                                     for game, chosen in list(options.items())[:20] if isinstance(chosen, dict)}
        return settings

    def shown_name(self) -> str:
        """The player's name for the screen and new seats: the chosen one, else the word "Player" in
        the language of the screen (so a German screen never greets an unnamed player in English)."""
        return self.player_name or _("Player")

    def to_dict(self) -> dict[str, Any]:
        """The settings as the file keeps them: this version's fields, and what it could not read
        (``unread``) where the player has not set that field since."""
        fields = asdict(self)
        del fields["unread"], fields["as_read"]
        kept = {key: value for key, value in self.unread.items()
                if key not in fields or fields[key] == self.as_read.get(key)}
        return {**fields, **kept}


def _finite(value: Any) -> float | None:
    """A number of the file as a float; None for anything else, NaN, an infinity, or a whole number
    too long for a float (JSON has no limit: "volume": 1 and 400 zeros stopped Linie at start)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _option_value(value: Any) -> bool:
    """Whether a stored table option is a value a setup screen could offer: a plain word, number,
    switch or "random", or a short list of them (a die's faces); anything else is left unread."""
    if isinstance(value, list):
        return len(value) <= 12 and all(_option_value(item) and not isinstance(item, list) for item in value)
    if isinstance(value, str):
        return len(value) <= 60
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, bool | int)


def settings_path() -> Path:
    return config_dir() / "settings.json"


@dataclass
class SettingsFile:
    """What became of the settings file in this run, for the Settings screen to say: a player whose
    changes are not kept, or whose settings were set back to the defaults, is told why."""

    unreadable: str = ""  # why the file could not be read: the defaults are in use
    damaged: bool = False  # the file held no settings (not JSON, cut short): the defaults are in use
    kept_aside: Path | None = None  # where the damaged file was moved, so saving never overwrites it
    unsaved: str = ""  # why the last change could not be saved ("": it was)

    def words(self) -> str:
        """The trouble in the player's language ("" while there is none)."""
        if self.unsaved:
            return _("Settings cannot be saved ({reason}): your changes hold until Linie closes.").format(
                reason=reason_in_words(self.unsaved))
        if self.kept_aside is not None:
            return _("The settings file was damaged: the defaults are in use, and the old file is kept "
                     "as {name}.").format(name=self.kept_aside.name)
        if self.damaged:
            return _("The settings file is damaged: the defaults are in use.")
        if self.unreadable:
            return _("The settings file cannot be read ({reason}): the defaults are in use.").format(
                reason=reason_in_words(self.unreadable))
        return ""


def load_settings(path: Path | None = None) -> Settings:
    return read_settings(path)[0]


def read_settings(path: Path | None = None) -> tuple[Settings, SettingsFile]:
    """The settings, and what went wrong reading them. A file that holds no settings is moved aside
    (``settings.json.damaged``) before anything is saved over it: a hand edit gone wrong is not lost."""
    path = path or settings_path()
    report = SettingsFile()
    try:
        body = read_file(path, SETTINGS_LIMIT)
        if len(body) > SETTINGS_LIMIT:  # never settings: a gigabyte would be read into memory
            raise ValueError("too big")
        data = json.loads(body.decode("utf-8-sig"))  # a BOM: the file saved by an editor that writes one
    except FileNotFoundError:
        return Settings(), report
    except OSError as error:  # a folder in its place, no permission, a symlink loop
        report.unreadable = error.strerror or type(error).__name__
        log.warning("settings in %s ignored (%s): the defaults are used", path, report.unreadable)
        return Settings(), report
    except (ValueError, RecursionError) as error:  # not JSON, not text, absurdly nested, too big
        log.warning("settings in %s ignored (%s): the defaults are used", path, error)
        data = None
    if not isinstance(data, dict):
        report.damaged = True
        aside = path.with_name(path.name + ".damaged")
        try:
            os.replace(path, aside)
        except OSError as error:
            log.warning("the damaged settings file %s stays where it is (%s)", path, error.strerror)
        else:
            report.kept_aside = aside
            log.warning("the damaged settings file is kept as %s", aside)
    return Settings.from_dict(data), report


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; returns False (and keeps playing) when the disk refuses."""
    return not write_settings(settings, path)


def write_settings(settings: Settings, path: Path | None = None) -> str:
    """Write the settings atomically; why not, when the disk refuses ("": written)."""
    path = path or settings_path()
    body = json.dumps(settings.to_dict(), indent=2, sort_keys=True) + "\n"
    try:
        replace_file(path, body.encode(), mode=0o644)
    except OSError as error:
        return error.strerror or type(error).__name__
    return ""
