"""Particles for celebrations (confetti, sparks), simulated with ``dt`` and a seeded RNG.

Client-side only: the randomness here never touches a game, so ``random.Random`` with a seed is
fine (and keeps screenshots and tests reproducible).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    colour: Colour
    size: float
    spin: float
    angle: float
    shape: str  # "confetti" or "spark"

    @property
    def alive(self) -> bool:
        return self.age < self.life


class ParticleSystem:
    """A bag of particles with gravity and drag; ``burst`` and ``confetti`` add more."""

    def __init__(self, seed: int = 0, gravity: float = 900.0, drag: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.gravity = gravity
        self.drag = drag
        self.particles: list[Particle] = []

    def __len__(self) -> int:
        return len(self.particles)

    def burst(self, x: float, y: float, colours: list[Colour], count: int = 40, speed: float = 520.0,
              life: float = 1.1, shape: str = "spark") -> None:
        """A radial burst: sparks when a stop sign pops, a firework over the winner."""
        for _ in range(count):
            angle = self.rng.uniform(0, 2 * math.pi)
            velocity = speed * self.rng.uniform(0.35, 1.0)
            self.particles.append(Particle(
                x, y, math.cos(angle) * velocity, math.sin(angle) * velocity,
                life * self.rng.uniform(0.6, 1.0), 0.0, self.rng.choice(colours),
                self.rng.uniform(3, 7), self.rng.uniform(-8, 8), self.rng.uniform(0, 6.28), shape))

    def confetti(self, width: int, colours: list[Colour], count: int = 160) -> None:
        """Confetti raining from above the top edge across ``width`` pixels."""
        for _ in range(count):
            self.particles.append(Particle(
                self.rng.uniform(0, width), self.rng.uniform(-400, -10),
                self.rng.uniform(-120, 120), self.rng.uniform(50, 250),
                self.rng.uniform(2.5, 4.5), 0.0, self.rng.choice(colours),
                self.rng.uniform(7, 13), self.rng.uniform(-10, 10), self.rng.uniform(0, 6.28), "confetti"))

    def update(self, dt: float) -> None:
        damping = math.exp(-self.drag * dt)
        for particle in self.particles:
            particle.age += dt
            gravity = self.gravity * (0.25 if particle.shape == "confetti" else 1.0)
            particle.vy += gravity * dt
            particle.vx *= damping
            particle.vy *= damping
            particle.x += particle.vx * dt
            particle.y += particle.vy * dt
            particle.angle += particle.spin * dt
        self.particles = [particle for particle in self.particles if particle.alive]

    def draw(self, surface: pygame.Surface) -> None:
        for particle in self.particles:
            fade = 1.0 - particle.age / particle.life
            if particle.shape == "confetti":
                # A spinning paper strip: its width follows cos(angle) so it seems to flip.
                half_w = max(1.0, abs(math.cos(particle.angle)) * particle.size)
                half_h = particle.size * 0.45
                rect = pygame.Rect(0, 0, int(half_w * 2), int(half_h * 2))
                rect.center = (int(particle.x), int(particle.y))
                pygame.draw.rect(surface, particle.colour, rect, border_radius=2)
            else:
                radius = max(1, int(particle.size * fade))
                pygame.draw.circle(surface, particle.colour, (int(particle.x), int(particle.y)), radius)
