"""Sound effects synthesised in code at start-up: no sound files, no licences, no missing assets.

Each effect is a few lines of additive synthesis (sine/square partials under an envelope) rendered
into 16-bit PCM for ``pygame.mixer.Sound(buffer=...)``. Without an audio device every call is a
silent no-op: the game must never fail because a machine has no sound card.
"""

from __future__ import annotations

import logging
import math
import random
import threading
from array import array
from collections.abc import Callable
from functools import cache

import pygame

RATE = 22050
log = logging.getLogger(__name__)


def _render(seconds: float, sample: Callable[[float], float]) -> array:
    count = int(seconds * RATE)
    out = array("h", bytes(2 * count))
    for index in range(count):
        value = sample(index / RATE)
        out[index] = int(max(-1.0, min(1.0, value)) * 30000)
    return out


def _env(t: float, attack: float, decay: float) -> float:
    """A fast attack then an exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def _tone(freq: float, t: float) -> float:
    return math.sin(2 * math.pi * freq * t)


def _click(t: float) -> float:
    return 0.5 * _env(t, 0.002, 0.012) * _tone(1800, t)


def _hover(t: float) -> float:
    return 0.18 * _env(t, 0.002, 0.015) * _tone(1200, t)


def _rotate(t: float) -> float:
    return 0.35 * _env(t, 0.001, 0.02) * (_tone(900, t) + 0.5 * _tone(2700, t))


def _place(t: float) -> float:
    # A wooden thunk: a low pitch dropping fast, plus a short knock.
    pitch = 180 * math.exp(-t * 12) + 90
    return 0.8 * _env(t, 0.002, 0.06) * _tone(pitch, t) + 0.2 * _env(t, 0.001, 0.008) * _tone(2400, t)


def _error(t: float) -> float:
    square = 1.0 if _tone(140, t) > 0 else -1.0
    return 0.28 * _env(t, 0.005, 0.12) * square * (1 if t < 0.09 or t > 0.13 else 0)


def _draw(t: float) -> float:
    # A card sliding: filtered noise swelling then fading.
    noise = _NOISE[int(t * RATE) % len(_NOISE)]
    return 0.35 * math.sin(math.pi * min(1.0, t / 0.18)) * noise


def _pop(t: float) -> float:
    pitch = 400 + 1400 * min(1.0, t / 0.08)
    return 0.45 * _env(t, 0.003, 0.05) * _tone(pitch, t)


def _dice(t: float) -> float:
    # Five little knocks of a die tumbling, each a bit quieter.
    value = 0.0
    for hit, at in enumerate((0.0, 0.07, 0.15, 0.22, 0.31)):
        if t >= at:
            value += (0.6 - hit * 0.09) * _env(t - at, 0.001, 0.012) * _tone(1300 + 260 * hit, t - at)
    return value


def _bell(t: float) -> float:
    # A tram bell rung twice: inharmonic partials of a struck bell.
    value = 0.0
    for at in (0.0, 0.22):
        if t >= at:
            local = t - at
            decay = _env(local, 0.002, 0.35)
            value += decay * (0.5 * _tone(1320, local) + 0.3 * _tone(3170, local) + 0.2 * _tone(4470, local))
    return 0.55 * value


def _fanfare(t: float) -> float:
    notes = ((0.0, 523.25), (0.14, 659.25), (0.28, 783.99), (0.42, 1046.5))
    value = 0.0
    for index, (at, freq) in enumerate(notes):
        if t >= at:
            local = t - at
            length = 0.9 if index == len(notes) - 1 else 0.16
            gate = 1.0 if local < length else math.exp(-(local - length) / 0.05)
            value += 0.3 * gate * _env(local, 0.01, 0.6) * (_tone(freq, local) + 0.3 * _tone(2 * freq, local))
    return value


def _turn(t: float) -> float:
    return 0.3 * _env(t, 0.005, 0.08) * (_tone(660, t) if t < 0.09 else _tone(880, t))


def _filtered_noise(count: int, smoothing: float = 0.3) -> list[float]:
    """Noise through a one-pole low-pass (a soft hiss, not a hard crackle), at most 1 in size; from a
    fixed seed, so the sound is the same at every start."""
    draw = random.Random(7)
    level, samples = 0.0, []
    for _ in range(count):
        level += smoothing * (draw.uniform(-1, 1) - level)
        samples.append(level)
    peak = max(abs(value) for value in samples)
    return [value / peak for value in samples]


_NOISE = _filtered_noise(4096)

EFFECTS: dict[str, tuple[float, Callable[[float], float]]] = {
    "click": (0.06, _click),
    "hover": (0.05, _hover),
    "rotate": (0.08, _rotate),
    "place": (0.3, _place),
    "error": (0.3, _error),
    "draw": (0.2, _draw),
    "pop": (0.25, _pop),
    "dice": (0.45, _dice),
    "bell": (1.1, _bell),
    "fanfare": (1.6, _fanfare),
    "turn": (0.3, _turn),
}


@cache
def synthesise(name: str) -> array:
    """The mono 16-bit PCM of one effect at ``RATE`` Hz (made once per process)."""
    seconds, sample = EFFECTS[name]
    return _render(seconds, sample)


@cache
def converted(name: str, frequency: int, channels: int) -> bytes:
    """One effect in the mixer's format, made once per process and format however many banks load
    it (each App makes one: a test run makes hundreds, and resampling one takes milliseconds)."""
    return _convert(synthesise(name), frequency, channels)


class SoundBank:
    """The effects as mixer Sounds, or nothing at all when there is no audio device."""

    def __init__(self, volume: float = 0.7, mute: bool = False) -> None:
        self.volume = volume
        self.mute = mute
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.silent_because = self._open()  # why there is no sound ("": there is)
        self.available = not self.silent_because
        self._loader: threading.Thread | None = None
        if self.available:
            # Synthesis takes a few hundred milliseconds: do it beside the first frames, not before.
            self._loader = threading.Thread(target=self._load, name="sound-synthesis", daemon=True)
            self._loader.start()

    def wait_loaded(self, timeout: float = 10.0) -> None:
        if self._loader is not None:
            self._loader.join(timeout)

    @staticmethod
    def _open() -> str:
        """The mixer opened; why not ("": it is), said once in the log (Settings says it by Volume)."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            if pygame.mixer.get_init():
                return ""
            reason = "the mixer did not open"
        except (pygame.error, OSError) as error:
            reason = str(error) or type(error).__name__
        log.warning("no sound device (%s): the game plays without sound", reason)
        return reason

    def _load(self) -> None:
        init = pygame.mixer.get_init()
        if not init:
            return
        frequency, _size, channels = init
        for name in EFFECTS:
            try:
                sound = pygame.mixer.Sound(buffer=converted(name, frequency, channels))
            except (pygame.error, ValueError):
                continue
            self.sounds[name] = sound  # one assignment: the main thread sees a sound whole or not at all

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if self.mute or self.volume <= 0 or sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass

    def configure(self, volume: float, mute: bool) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.mute = mute


def _convert(samples: array, frequency: int, channels: int) -> bytes:
    """Resample (nearest) and duplicate channels so the buffer matches the mixer's format."""
    if frequency != RATE:
        step = RATE / frequency
        count = int(len(samples) / step)
        samples = array("h", (samples[min(len(samples) - 1, int(i * step))] for i in range(count)))
    if channels > 1:
        wide = array("h", bytes(2 * len(samples) * channels))
        for channel in range(channels):
            wide[channel::channels] = samples
        samples = wide
    return samples.tobytes()
