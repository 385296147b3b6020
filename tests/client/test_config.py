"""Settings live in $XDG_CONFIG_HOME/linie/settings.json and survive damage field by field."""

import json

from game.config import Settings, load_settings, save_settings, settings_path


def test_path_follows_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "linie" / "settings.json"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert settings_path() == tmp_path / "home" / ".config" / "linie" / "settings.json"


def test_round_trip_and_atomic_write(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings = Settings(fullscreen=False, volume=0.35, mute=True, animation_speed=2.0, player_name="Ada")
    assert save_settings(settings)
    assert load_settings() == settings
    assert [p.name for p in (tmp_path / "linie").iterdir()] == ["settings.json"]


def test_damaged_fields_fall_back_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"fullscreen": "yes", "volume": 7, "mute": True, "animation_speed": 1.6,
                                "player_name": "  " + "x" * 40}))
    loaded = load_settings(path)
    assert loaded.fullscreen is True  # default kept: "yes" is not a bool
    assert loaded.volume == 1.0  # clamped
    assert loaded.mute is True
    assert loaded.animation_speed == 1.5  # nearest offered speed
    assert loaded.player_name == "x" * 16


def test_garbage_file_gives_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\x00\xff{not json")
    assert load_settings(path) == Settings()
    assert load_settings(tmp_path / "missing.json") == Settings()


def test_unwritable_location_does_not_raise(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert save_settings(Settings(), blocker / "sub" / "settings.json") is False


def test_the_last_table_chosen_survives_a_damaged_or_older_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"last_game": "bus", "last_seats": {"bus": ["human", "bot:easy", 7, "bot:normal"],
                                                                 "linja": "human", "liniell": ["x" * 99]}}))
    loaded = load_settings(path)
    assert loaded.last_game == "bus"
    assert loaded.last_seats == {"bus": ["human", "bot:easy", "bot:normal"], "liniell": ["x" * 30]}
    path.write_text(json.dumps({"last_game": 3, "last_seats": ["bus"]}))
    assert load_settings(path).last_game == "" and load_settings(path).last_seats == {}
    path.write_text(json.dumps({"mute": True}))  # settings from before the setup screen remembered
    assert load_settings(path).last_seats == {} and load_settings(path).mute is True
