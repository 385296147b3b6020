"""The show: a table's one animation driver. Updates from the authority become timelines played one
after another, and what is still in flight stays hidden from the board until it lands.

Every table of every game uses it the same way:

- ``play(view, build)`` queues an update: when its turn comes, ``build(timeline)`` fills a timeline
  with the update's effects (measured then, against what is on screen at that moment), and the
  timeline plays. Somewhere in it the game calls ``switch`` (or ``switch_later``) to put the new
  view on screen; at the latest the show switches when the timeline ends.
- ``masks`` is the one masking scheme: an effect that carries something to the board holds a key
  (``("cell", (3, 4))``, ``("marker", 0, 1)``…), optionally with what to show meanwhile, and
  releases it when it lands. Drawing code asks ``masks`` and draws the held value instead. Every
  mask is released when its update ends, so a skipped or broken effect can never hide a thing
  for good.
- ``update(dt)`` takes the table's game time: the animation-speed setting is applied by the table
  base once, for every effect, particle and floating text alike. ``skip()`` plays everything
  queued at once (a click during an animation).
- ``on_settled(view)`` runs when an update has played out, with the view now on screen;
  ``on_shown(view)`` whenever another view goes on screen (a switch mid-update included), so a
  table can keep what it derives from the view in step; ``on_skipped()`` once a ``skip`` has played
  everything to its end, so a table can drop what it would still say of the moments skipped over.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.anim.effect import Effect
from game.anim.particles import ParticleSystem
from game.anim.timeline import Timeline

View = dict[str, Any]
Build = Callable[[Timeline], None]
HIDDEN: Any = object()  # held without a stand-in: draw nothing there


class Masks:
    """What the view on screen says but the board must not show yet, by key."""

    def __init__(self) -> None:
        self._held: dict[Hashable, Any] = {}

    def hold(self, key: Hashable, instead: Any = HIDDEN) -> None:
        """Hide ``key`` until released; ``instead`` is what to show meanwhile (default: nothing).
        Holding a key already held keeps the first stand-in (what was there before any of it)."""
        self._held.setdefault(key, instead)

    def place(self, key: Hashable, instead: Any) -> None:
        """Hold ``key`` with a new stand-in (a tram moving along while its move plays)."""
        self._held[key] = instead

    def release(self, key: Hashable) -> None:
        self._held.pop(key, None)

    def held(self, key: Hashable) -> bool:
        return key in self._held

    def instead(self, key: Hashable, default: Any = None) -> Any:
        """The stand-in held for ``key`` (``HIDDEN`` when nothing stands in), or ``default``."""
        return self._held.get(key, default)

    def keys(self, kind: str) -> list[Hashable]:
        """Every held key whose first part is ``kind`` (keys are tuples like ``("cell", cell)``)."""
        return [key for key in self._held if isinstance(key, tuple) and key and key[0] == kind]

    def clear(self) -> None:
        self._held.clear()

    def __bool__(self) -> bool:
        return bool(self._held)


class Show:
    """Plays a table's updates one at a time (see the module docstring)."""

    def __init__(self, on_settled: Callable[[View], None] | None = None, particles: ParticleSystem | None = None,
                 overlays: list[Any] | None = None, on_shown: Callable[[View], None] | None = None,
                 on_skipped: Callable[[], None] | None = None) -> None:
        self.on_settled = on_settled
        self.on_shown = on_shown
        self.on_skipped = on_skipped
        self._shown: View | None = None
        self.masks = Masks()
        self.particles = particles if particles is not None else ParticleSystem(seed=11)
        self.overlays: list[Any] = overlays if overlays is not None else []  # floating texts and the like
        self._queue: deque[tuple[View, Build]] = deque()
        self._timeline: Timeline | None = None
        self._target: View | None = None  # the view the playing update leads to
        self.played = 0  # updates played to their end (tests and benchmarks count them)

    # -- what is on screen ------------------------------------------------------------------------
    @property
    def shown(self) -> View | None:
        """The view on screen."""
        return self._shown

    @shown.setter
    def shown(self, view: View | None) -> None:
        changed = view is not self._shown
        self._shown = view
        if changed and view is not None and self.on_shown is not None:
            self.on_shown(view)

    @property
    def busy(self) -> bool:
        """An update is playing or waiting: the table takes no moves until the show has caught up."""
        return self._timeline is not None or bool(self._queue)

    @property
    def waiting(self) -> int:
        """How many updates wait behind the one playing: how far the screen is behind its authority."""
        return len(self._queue)

    @property
    def latest(self) -> View | None:
        """The newest view known: the last queued update's, else the one on screen."""
        if self._queue:
            return self._queue[-1][0]
        return self._target if self._target is not None else self.shown

    def reset(self, view: View | None) -> None:
        """Show ``view`` as it is, dropping anything queued (the first view, or a resync)."""
        self._queue.clear()
        self._timeline = None
        self._target = None
        self.masks.clear()
        self.shown = view

    def switch(self, view: View | None = None) -> None:
        """Put the playing update's view (or ``view``) on screen now."""
        target = view if view is not None else self._target
        if target is not None:
            self.shown = target

    def switch_later(self) -> Callable[[], None]:
        """A callback that switches to the playing update's view, for timelines built ahead."""
        target = self._target
        return lambda: self.switch(target)

    # -- playing ----------------------------------------------------------------------------------
    def play(self, view: View, build: Build) -> None:
        """Queue an update that leads to ``view``; ``build`` fills its timeline when it starts."""
        self._queue.append((view, build))
        if self._timeline is None:
            self._next()

    def _next(self) -> None:
        while self._timeline is None and self._queue:
            view, build = self._queue.popleft()
            self._target = view
            timeline = Timeline()
            build(timeline)
            self._timeline = timeline
            if timeline.done:
                self._settle()

    def _settle(self) -> None:
        target = self._target
        self._timeline = None
        self._target = None
        self.masks.clear()
        if target is not None:
            self.shown = target
        self.played += 1
        if self.on_settled is not None and target is not None:
            self.on_settled(target)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of game time (already scaled by the animation speed)."""
        if self._timeline is not None:
            self._timeline.update(dt)
            if self._timeline.done:
                self._settle()
                self._next()
        self.particles.update(dt)
        for overlay in self.overlays:
            overlay.age += dt
        self.overlays = [overlay for overlay in self.overlays if overlay.alive]

    def skip(self) -> None:
        """Play everything queued to its end at once: every effect still ends, every mask is let go."""
        skipped = self.busy
        guard = 0
        while self.busy and guard < 10_000:
            guard += 1
            if self._timeline is None:
                self._next()
                continue
            self._timeline.finish()
            self._settle()
            self._next()
        if skipped and self.on_skipped is not None:
            self.on_skipped()

    # -- drawing ----------------------------------------------------------------------------------
    def running(self) -> list[Effect]:
        return self._timeline.running() if self._timeline is not None else []

    def draw_effects(self, surface: pygame.Surface) -> None:
        """The effects in flight (tiles flying, a die tumbling), but those drawn over the particles."""
        for effect in self.running():
            if not effect.over_particles:
                effect.draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Particles, the effects whose words they must not cross (a winner's banner: the confetti fell
        over "Ada wins!") and floating texts: drawn over everything else of the table."""
        self.particles.draw(surface)
        for effect in self.running():
            if effect.over_particles:
                effect.draw(surface)
        for overlay in self.overlays:
            overlay.draw(surface)
