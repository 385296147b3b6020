"""Tweens, timelines, the clock and particles advance only with the dt they are given."""

import pytest

from game.anim import EASINGS, Clock, ParticleSystem, Timeline, Tween, Tweens


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_zero_and_ends_at_one(name):
    curve = EASINGS[name]
    assert curve(0.0) == pytest.approx(0.0, abs=1e-9)
    assert curve(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_interpolates_tuples_and_finishes_with_its_callback():
    seen, done = [], []
    tween = Tween((0.0, 10.0), (10.0, 20.0), 1.0, seen.append, "linear", on_done=lambda: done.append(True))
    tween.update(0.25)
    assert seen[-1] == pytest.approx((2.5, 12.5))
    assert not tween.done
    leftover = tween.update(1.0)
    assert tween.done and done == [True]
    assert seen[-1] == (10.0, 20.0)
    assert leftover == pytest.approx(0.25)


def test_tween_waits_out_its_delay():
    tween = Tween(0.0, 1.0, 1.0, easing="linear", delay=0.5)
    tween.update(0.4)
    assert tween.value == 0.0
    tween.update(0.6)
    assert tween.value == pytest.approx(0.5)


def test_tweens_animate_attributes_and_drop_finished_ones():
    class Sprite:
        x = 0.0
        y = 0.0

    sprite = Sprite()
    tweens = Tweens()
    tweens.to(sprite, 0.5, "linear", x=100.0, y=-50.0)
    tweens.update(0.25)
    assert (sprite.x, sprite.y) == pytest.approx((50.0, -25.0))
    tweens.update(0.5)
    assert (sprite.x, sprite.y) == (100.0, -50.0)
    assert not tweens.busy


def test_timeline_plays_steps_in_order_and_carries_leftover_time():
    log = []
    values = []
    line = (Timeline()
            .call(lambda: log.append("start"))
            .then(Tween(0.0, 1.0, 0.5, values.append, "linear"))
            .wait(0.25)
            .call(lambda: log.append("after wait"))
            .together(Tween(0.0, 1.0, 0.1, easing="linear"), Tween(0.0, 1.0, 0.3, easing="linear"))
            .call(lambda: log.append("end")))
    line.update(0.6)  # the tween ends at 0.5 and 0.1 of the wait passes
    assert log == ["start"]
    line.update(0.2)
    assert log == ["start", "after wait"]
    assert not line.done
    line.update(0.3)
    assert log[-1] == "end" and line.done
    assert values[-1] == 1.0


def test_timeline_finish_runs_everything_left():
    log = []
    line = Timeline().wait(5).call(lambda: log.append(1)).then(Tween(0, 1, 3)).call(lambda: log.append(2))
    line.finish()
    assert log == [1, 2] and line.done


def test_clock_runs_callbacks_in_due_order_including_intervals():
    clock = Clock()
    log = []
    clock.schedule(0.3, lambda: log.append(("once", round(clock.time, 3))))
    clock.schedule_interval(0.25, lambda: log.append(("tick", round(clock.time, 3))))
    clock.update(0.8)
    assert log == [("tick", 0.25), ("once", 0.3), ("tick", 0.5), ("tick", 0.75)]
    clock.unschedule(log.append)
    assert clock.pending() == 1


def test_particles_fall_and_expire():
    system = ParticleSystem(seed=3)
    system.confetti(1920, [(255, 0, 0)], count=20)
    system.burst(100, 100, [(0, 255, 0)], count=10)
    assert len(system) == 30
    before = [p.y for p in system.particles]
    system.update(0.2)
    assert sum(p.y for p in system.particles) > sum(before)
    for _ in range(60):
        system.update(0.1)
    assert len(system) == 0
