"""A wheel (``pip install .``, not only an editable install) carries every data file the game reads."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.core import assets

ROOT = Path(__file__).resolve().parents[1]


def test_every_asset_is_installed_by_a_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data_files = config["tool"]["setuptools"]["data-files"]
    shipped = {path.relative_to(ROOT / "assets") for patterns in data_files.values()
               for pattern in patterns for path in ROOT.glob(pattern) if path.is_file()}
    present = {path.relative_to(ROOT / "assets") for path in (ROOT / "assets").rglob("*") if path.is_file()}
    assert shipped == present
    for target, patterns in data_files.items():  # each lands in share/linie/assets/<its folder>
        assert all(target == "share/linie/" + pattern.rsplit("/", 1)[0] for pattern in patterns)


def test_assets_are_found_beside_the_code_or_where_a_wheel_put_them(tmp_path: Path, monkeypatch) -> None:
    assert assets.find_assets() == ROOT / "assets"  # a clone
    installed = tmp_path / "share" / "linie" / "assets"
    installed.mkdir(parents=True)
    monkeypatch.setattr(assets, "__file__", str(tmp_path / "site" / "game" / "core" / "assets.py"))
    monkeypatch.setattr(assets.sys, "prefix", str(tmp_path))
    assert assets.find_assets() == installed  # a wheel in an environment whose prefix is tmp_path
    monkeypatch.setattr(assets.sys, "prefix", str(tmp_path / "elsewhere"))
    monkeypatch.setattr(assets.site, "getuserbase", lambda: str(tmp_path))
    assert assets.find_assets() == installed  # pip install --user
