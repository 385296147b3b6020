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


def test_numbers_no_float_holds_fall_back_to_the_defaults(tmp_path):
    """JSON numbers have no limit: a hand edit's long run of zeros (or NaN, which Python's JSON reads)
    gives the default, where turning it into a float stopped Linie before its window opened."""
    path = tmp_path / "settings.json"
    huge = "1" + "0" * 400
    path.write_text(f'{{"volume": {huge}, "animation_speed": -{huge}, "ui_scale": {huge}, "mute": true}}')
    loaded = load_settings(path)
    assert (loaded.volume, loaded.animation_speed, loaded.ui_scale) == (0.7, 1.0, 1.0)
    assert loaded.mute is True  # the fields beside them are read
    path.write_text('{"volume": NaN, "animation_speed": Infinity, "ui_scale": -Infinity}')
    loaded = load_settings(path)
    assert (loaded.volume, loaded.animation_speed, loaded.ui_scale) == (0.7, 1.0, 1.0)


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
    path.write_text(json.dumps({"seat_names": ["Ada", 7, "x" * 40, None, "B", "C", "D", "E"]}))
    assert load_settings(path).seat_names == ["Ada", "", "x" * 16, "", "B", "C"]
    path.write_text(json.dumps({"seat_names": "Ada"}))
    assert load_settings(path).seat_names == []


def test_a_damaged_file_is_kept_aside_before_anything_is_saved_over_it(tmp_path):
    from game.config import read_settings

    path = tmp_path / "settings.json"
    path.write_bytes(b'{"player_name": "Ada", "mute": tru')  # a hand edit cut short
    settings, report = read_settings(path)
    assert settings == Settings() and report.damaged
    assert report.kept_aside == tmp_path / "settings.json.damaged" and not path.exists()
    assert "settings.json.damaged" in report.words()
    assert save_settings(settings, path)
    assert report.kept_aside.read_bytes() == b'{"player_name": "Ada", "mute": tru'  # still there
    path.write_text("[1, 2]")  # JSON, but no settings
    assert read_settings(path)[1].damaged and (tmp_path / "settings.json.damaged").read_text() == "[1, 2]"


def test_a_folder_in_the_settings_file_s_place_is_said(tmp_path):
    from game.config import read_settings

    (tmp_path / "settings.json").mkdir()
    settings, report = read_settings(tmp_path / "settings.json")
    assert settings == Settings() and report.unreadable == "Is a directory" and not report.damaged
    assert report.words() == "The settings file cannot be read (a folder stands in its place): the defaults are in use."


def test_the_settings_screen_says_when_a_change_cannot_be_kept(tmp_path):
    from game.app import App
    from game.scenes.settings import SettingsScene

    blocker = tmp_path / "file"
    blocker.write_text("")
    app = App(settings=Settings(fullscreen=False, mute=True), settings_file=blocker / "settings.json")
    app.push(SettingsScene(app))
    assert app.settings_file_state.words() == ""
    app.stack.top.set_mute(False)
    assert app.settings_file_state.unsaved == "File exists"  # (mkdir of the folder)
    assert app.settings_file_state.words() == ("Settings cannot be saved (a file stands where its folder belongs): "
                                               "your changes hold "
                                               "until Linie closes.")
    app.step(0.02)  # drawn without a fault
    app.settings_file = tmp_path / "settings.json"  # room again: the next change is kept, and the words go
    app.stack.top.set_mute(True)
    assert app.settings_file_state.words() == "" and load_settings(tmp_path / "settings.json").mute is True


def test_a_huge_settings_file_is_damaged_and_never_read_whole(tmp_path, monkeypatch):
    import game.config
    from game.config import read_settings

    monkeypatch.setattr(game.config, "SETTINGS_LIMIT", 64)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"mute": True, "player_name": "Ada" + " " * 100}))  # valid JSON, but too big
    settings, report = read_settings(path)
    assert settings == Settings() and report.damaged and report.kept_aside is not None
    path.write_text(json.dumps({"mute": True}))  # small enough: read
    assert read_settings(path)[0].mute is True


def test_a_window_asked_for_at_launch_is_for_that_run_until_the_player_switches(tmp_path):
    from game.app import App
    from game.scenes.settings import SettingsScene

    path = tmp_path / "settings.json"
    save_settings(Settings(fullscreen=True, mute=True), path)
    app = App(settings=load_settings(path), settings_file=path, fullscreen=False)  # linie --windowed
    assert not app.settings.fullscreen
    app.push(SettingsScene(app))
    app.stack.top.set_mute(False)  # any change saves the settings
    assert load_settings(path).fullscreen and not load_settings(path).mute  # the player's fullscreen is kept
    app.toggle_fullscreen()  # F11: now it is the player's own choice, kept
    app.toggle_fullscreen()
    assert not load_settings(path).fullscreen


def test_a_newer_linies_settings_survive_being_changed_here(tmp_path):
    """A newer version's keys, its higher format number, a language and a text size this version
    does not offer are read as far as they can be and written back as they were, field by field,
    until the player sets that field here: playing an older Linie once loses nothing."""
    path = tmp_path / "settings.json"
    newer = {"format": 9, "gamepad": {"deadzone": 0.2, "layout": ["a", "b"]}, "language": "fr", "ui_scale": 1.75,
             "volume": 0.3, "mute": True}
    path.write_text(json.dumps(newer))
    settings = load_settings(path)
    assert (settings.language, settings.ui_scale, settings.volume, settings.mute) == ("", 1.5, 0.3, True)
    settings.volume = 0.5
    assert save_settings(settings, path)
    kept = json.loads(path.read_text())
    assert {key: kept[key] for key in newer} == {**newer, "volume": 0.5}
    settings = load_settings(path)
    settings.language, settings.ui_scale = "de", 1.0  # the player chose here: theirs now
    assert save_settings(settings, path)
    kept = json.loads(path.read_text())
    assert (kept["language"], kept["ui_scale"], kept["format"], kept["gamepad"]) == ("de", 1.0, 9, newer["gamepad"])
    assert load_settings(path) == settings


def test_settings_saved_by_an_editor_that_writes_a_byte_order_mark_are_read(tmp_path):
    """Notepad (older Windows) starts a UTF-8 file with a BOM: the settings hand-edited there are
    the player's, not a damaged file to set aside."""
    from game.config import read_settings
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"player_name": "Zoë", "volume": 0.2}).encode())
    settings, report = read_settings(path)
    assert (settings.player_name, settings.volume) == ("Zoë", 0.2) and not report.damaged and path.exists()


def test_the_options_last_started_survive_a_damaged_file_and_an_older_linie(tmp_path):
    """Each game's options are read as far as they are plain values (the setup screen checks them
    against what it offers); what is dropped here is written back as it was until a game is started."""
    path = tmp_path / "settings.json"
    stored = {"linie1": {"trip_rule": "three_dice", "die_faces": ["1", "H"], "odd": {"deep": 1}, "nan": "x" * 99},
              "linja": {"first": None}, "bus": "current", "liniell": {"first_player": 1.5}}
    path.write_text(json.dumps({"last_options": stored}))
    loaded = load_settings(path)
    assert loaded.last_options == {"linie1": {"trip_rule": "three_dice", "die_faces": ["1", "H"]},
                                   "linja": {"first": None}, "liniell": {"first_player": 1.5}}
    assert save_settings(loaded, path) and json.loads(path.read_text())["last_options"] == stored
    path.write_text(json.dumps({"mute": True}))  # settings from before the options were remembered
    assert load_settings(path).last_options == {}
