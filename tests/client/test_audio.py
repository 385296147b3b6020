"""Sounds are synthesised in code and never fail a machine without an audio device."""

import pygame
import pytest

from game.audio import EFFECTS, RATE, SoundBank, synthesise


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_each_effect_is_audible_and_as_long_as_declared(name):
    samples = synthesise(name)
    assert len(samples) == int(EFFECTS[name][0] * RATE)
    assert max(abs(value) for value in samples) > 3000


def test_the_card_slide_is_a_hiss_not_a_constant():
    """Its noise was one value 4096 times over (a fresh generator per sample): a click, then silence."""
    samples = synthesise("draw")
    steps = [abs(after - before) for before, after in zip(samples, samples[1:], strict=False)]
    assert len(set(samples)) > len(samples) // 2 and sum(steps) / len(steps) > 300
    assert abs(sum(samples) / len(samples)) < 0.1 * max(abs(value) for value in samples)  # no offset


def test_no_audio_device_is_silent_not_fatal(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    bank = SoundBank()
    assert not bank.available and bank.sounds == {}
    assert bank.silent_because == "no audio device"  # said, never silently
    assert "no sound device (no audio device): the game plays without sound" in caplog.text
    bank.play("bell")  # nothing happens, nothing raises
    bank.configure(2.0, False)
    assert bank.volume == 1.0


def test_mute_and_volume_gate_playback(monkeypatch):
    played = []

    class FakeSound:
        def set_volume(self, volume):
            played.append(("volume", volume))

        def play(self):
            played.append(("play",))

    bank = SoundBank.__new__(SoundBank)
    bank.volume, bank.mute, bank.available = 0.5, True, True
    bank.sounds = {"click": FakeSound()}
    bank.play("click")
    assert played == []
    bank.configure(0.4, False)
    bank.play("click")
    bank.play("unknown")
    assert played == [("volume", 0.4), ("play",)]


def test_sounds_load_beside_the_first_frames():
    bank = SoundBank(volume=0.5)
    bank.wait_loaded()
    if bank.available:  # the dummy audio driver opens a mixer; a machine without one has none
        assert set(bank.sounds) == set(EFFECTS)
        bank.play("click")


def test_an_effect_in_the_mixers_format_is_made_once_and_as_long_as_the_effect():
    from game.audio import converted

    stereo = converted("click", 2 * RATE, 2)  # twice the rate, two channels: four times the samples
    assert converted("click", 2 * RATE, 2) is stereo  # a second bank (every App has one) makes it no more
    assert len(stereo) == 4 * len(synthesise("click").tobytes())
    assert converted("click", RATE, 1) == synthesise("click").tobytes()


def test_settings_say_by_the_volume_when_there_is_no_sound_device(app, monkeypatch):
    from game.scenes.settings import SettingsScene
    assert SettingsScene(app).volume.tooltip is None  # the dummy driver opens a mixer
    monkeypatch.setattr(app.sounds, "silent_because", "no audio device")
    assert SettingsScene(app).volume.tooltip.startswith("No sound device was found: Linie plays without sound")
