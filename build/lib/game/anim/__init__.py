"""Animation driven by an explicit ``dt``: easing curves, tweens, sequences, a clock, particles.

Nothing here reads a wall clock, so a test can step a scene by exact amounts of time and get the
same frames every run.
"""

from game.anim.clock import Clock
from game.anim.easing import EASINGS, ease
from game.anim.particles import Particle, ParticleSystem
from game.anim.timeline import Timeline
from game.anim.tween import Tween, Tweens

__all__ = ["EASINGS", "Clock", "Particle", "ParticleSystem", "Timeline", "Tween", "Tweens", "ease"]
