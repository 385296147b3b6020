"""The wire page of each game, ``docs/wire/<game>.md``, made from the code so it cannot drift.

``python -m tools.wire_pages`` writes them; ``--check`` exits 1 when a page is out of date (a test
runs it). A page holds what a client needs beyond docs/protocol.md: the rules version and options,
whose turn it is, every action with its fields (the game's declared shapes), the view's keys and
what they hold, every event with its fields (as the game declares them), and every refusal code
with its message (read from the rules' source). The meaning of each rule is on the game's own page.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.bots import make_bot
from game.core.registry import get_game
from game.core.shapes import describe
from game.match import Match, SeatInfo

ROOT = Path(__file__).resolve().parents[1]
WIRE = ROOT / "docs" / "wire"
GAMES = {"linie1": 3, "linja": 2, "liniell": 2, "bus": 3}  # game -> seats in the sample games
RULES_PAGES = {"linie1": "linie1.md", "linja": "linja.md", "liniell": "liniell.md", "bus": "bus.md"}
SEEDS = (1, 2, 3)
# Games short enough to sample more of: rare values (a Liniell route ending at the edge, whose end has
# no colour) then show on the page.
MORE_SEEDS: dict[str, tuple[int, ...]] = {"liniell": (4, 5, 6)}
# Table options that bring actions, events and view values of their own: one more game under each.
VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {"linie1": ({"trip_rule": "pace"}, {"trip_rule": "three_dice"})}
# The helpers the rules build their refusals with: the code is the first string argument (after the
# game's name for ``reject``), then the message, then the parameters as keywords.
REFUSERS = {"rejection": 0, "_no": 0, "refuse": 0, "reject": 1}
MESSAGE_START = 110  # characters of a message shown
UNSEEN = "what it holds otherwise is on the game's page"
# Codes the Match answers with its own before the rules see the intent (docs/protocol.md).
MATCH_FIRST = {"not_your_turn": "match.not_your_turn", "game_over": "match.game_over", "bad_seat": "match.no_such_seat"}


class Refusal:
    """One refusal code of the rules: the start of its message and the parameters it carries."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.params: set[str] = set()


def _text(node: ast.expr) -> str | None:
    """A message as written: f-string fields as ``{expression}``; None when it is not a string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else
                       "{" + ast.unparse(part.value) + "}"  # type: ignore[attr-defined]
                       for part in node.values)
    return None


def refusal_codes(game: str) -> dict[str, Refusal]:
    """``<game>.<code>`` -> its message and parameters, for every refusal in the game's rules."""
    found: dict[str, Refusal] = {}
    for path in sorted((ROOT / "game" / "core" / game).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in REFUSERS or len(node.args) < REFUSERS[name] + 2:
                continue
            code, message = (_text(arg) for arg in node.args[REFUSERS[name]:REFUSERS[name] + 2])
            if code is None or message is None or not code.replace("_", "").isalnum():
                continue
            refusal = found.setdefault(f"{game}.{code}", Refusal(message))
            refusal.params.update(keyword.arg for keyword in node.keywords if keyword.arg)
    return dict(sorted(found.items()))


def kind_of(value: Any) -> str:
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "map"
    return type(value).__name__


class Shape:
    """The kinds of value seen at one place of the views, and what maps and lists there held."""

    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.maps = 0  # how many maps were seen here
        self.fields: dict[str, Shape] = {}
        self.present: dict[str, int] = {}  # field -> in how many of those maps
        self.items: Shape | None = None

    def add(self, value: Any) -> None:
        self.kinds.add(kind_of(value))
        if isinstance(value, dict):
            self.maps += 1
            for name, item in value.items():
                self.fields.setdefault(name, Shape()).add(item)
                self.present[name] = self.present.get(name, 0) + 1
        elif isinstance(value, list):
            for item in value:
                if self.items is None:
                    self.items = Shape()
                self.items.add(item)

    def describe(self) -> str:
        """``list of map {`a`: int, `b` (not always): nil or str}``: every level the views showed.

        A place the sample games only ever left nil, or a list they always left empty, is said to be
        so: a client must not read "nil" as "always nil" (the game's page says what it holds then)."""
        if self.kinds == {"nil"}:
            return f"nil in every sample game ({UNSEEN})"
        parts = []
        for kind in sorted(self.kinds):
            if kind == "list" and self.items is None:
                parts.append(f"list, empty in every sample game ({UNSEEN})")
            elif kind == "list":
                parts.append(f"list of {self.items.describe()}")
            elif kind == "map" and self.fields and all(name.isdigit() for name in self.fields):
                values = Shape()
                for field in self.fields.values():
                    values.kinds |= field.kinds
                parts.append(f"map of decimal strings (numbers as keys) to {values.describe()}")
            elif kind == "map" and self.fields:
                fields = ", ".join(
                    f"`{name}`{'' if self.present[name] == self.maps else ' (not always)'}: {field.describe()}"
                    for name, field in self.fields.items())
                parts.append(f"map {{{fields}}}")
            else:
                parts.append(kind)
        return " or ".join(parts)


class Summary:
    """The kinds of value seen at each key of a view, every level down."""

    def __init__(self) -> None:
        self.keys: dict[str, Shape] = {}
        self.spectator_differs: set[str] = set()
        self.event_floats: set[str] = set()  # "type.field" of events that carried a float

    def add_events(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self.event_floats.update(f"{event['type']}.{name}" for name, value in event.items()
                                     if isinstance(value, float))

    def add(self, view: dict[str, Any], spectator: dict[str, Any]) -> None:
        for key, value in view.items():
            self.keys.setdefault(key, Shape()).add(value)
            if spectator.get(key) != value:
                self.spectator_differs.add(key)

    def lines(self) -> Iterator[str]:
        for key, shape in self.keys.items():
            note = " — differs for a spectator (a secret of this seat)" if key in self.spectator_differs else ""
            yield f"| `{key}` | {shape.describe().replace('|', '/')}{note} |"


def sample(game: str) -> Summary:
    """Whole bot games: the view's keys and kinds."""
    summary = Summary()
    seats = GAMES[game]
    games = [(seed, None) for seed in SEEDS + MORE_SEEDS.get(game, ())]
    games += [(SEEDS[0], options) for options in VARIANTS.get(game, ())]
    for seed, options in games:
        match = Match(game, [SeatInfo(f"Bot {seat}", "bot", "easy") for seat in range(seats)], seed, options)
        bots = [make_bot(game, "easy", seed * 10 + seat) for seat in range(seats)]
        match.add_listener(lambda change, match=match: summary.add_events(match.events_for(change, 0)))
        while True:
            summary.add(match.view(0), match.view(None))
            if match.finished or match.version >= 3000:
                break
            seat = match.to_act()[0]
            match.submit(seat, bots[seat].decide(match.view(seat)))
    return summary


def page(game: str) -> str:
    definition = get_game(game)
    summary = sample(game)
    out = [f"# {definition.title} on the wire (`{game}`)", "",
           "Generated by `python -m tools.wire_pages` from the code; a test fails when it is out of date. "
           f"The frames, the handshake and the `match.*` and `net.*` codes are in `../protocol.md`; what "
           f"each rule means is on the game's page, `../{RULES_PAGES[game]}`.", "",
           f"- **Rules version** (the hello's `rules_version`): `{definition.rules_version}`.",
           f"- **Seats:** {definition.min_players}" + (f"–{definition.max_players}" if definition.max_players
                                                         != definition.min_players else "") + ".",
           f"- **Options** (defaults): `{json.dumps(definition.default_options(), sort_keys=True)}`.",
           "- **Whose turn:** the seats in the view's `match.to_act`. A seat may send an `intent` when it is "
           "in that list, with `base` = `match.version`; any other intent is refused and changes nothing.",
           "- Views and actions hold no floats, and every map key is an ASCII string, so the view hash "
           "(canonical JSON, `../protocol.md`) is the same in any language. "
           + ("Events are not hashed; they hold no floats either." if not summary.event_floats else
              "Events are not hashed; floats (msgpack float 64) are only in "
              + ", ".join(f"`{name}`" for name in sorted(summary.event_floats)) + "."), "",
           "## Actions", "",
           "An action is a map with a string `type` and exactly the fields below (an unknown or missing field "
           "is `match.malformed_action`).", "",
           "| type | fields |", "|---|---|"]
    for kind, shape in definition.action_shapes.items():
        fields = [f"`{name}`: {describe(check)}" for name, check in shape.required.items()]
        fields += [f"`{name}` (optional): {describe(check)}" for name, check in shape.optional.items()]
        out.append(f"| `{kind}` | {'; '.join(fields) or '—'} |")
    out += ["", "## The view", "",
            "What a seat's `snapshot` and `update` carry (seat 0 over whole bot games"
            + (", and one under each of " + ", ".join(f"`{json.dumps(o)}`" for o in VARIANTS[game])
               if game in VARIANTS else "")
            + "; a spectator's view has the same keys). `match` is added by the table: "
            "`{version, game, seats, to_act}`.", "",
            "| key | holds |", "|---|---|", *summary.lines(), "",
            "## Events", "",
            "An `update`'s `events`, as the receiving seat may see them (secrets filtered): every type "
            "the rules tell, the rare ones too, with the fields besides `type` that each always carries "
            "and those only some carry.", "",
            "| type | fields | sometimes |", "|---|---|---|"]
    out += [f"| `{kind}` | {', '.join(f'`{name}`' for name in fields.always) or '—'} | "
            f"{', '.join(f'`{name}`' for name in fields.sometimes) or '—'} |"
            for kind, fields in sorted(definition.event_fields.items())]
    out += ["", "## Refusals", "",
            "A `rejected` frame's `rejection.code` for an intent the rules refuse, and the `params` it "
            "carries for a sentence in the player's language (the message is English for logs; `{…}` "
            "stands for a value filled in). The Match checks first (`../protocol.md`): a seat not in "
            "`to_act`, a finished game and an action not of the shapes above get its `match.*` codes, so "
            "the rules' own codes for those cases are never sent (they are marked; the rules' refusals "
            "of a wrong shape, such as `malformed`, are not sent either while the shapes above hold).", "",
            "| code | params | message |", "|---|---|---|"]
    for code, refusal in refusal_codes(game).items():
        message = refusal.message if len(refusal.message) <= MESSAGE_START else refusal.message[:MESSAGE_START] + "…"
        params = ", ".join(f"`{name}`" for name in sorted(refusal.params)) or "—"
        instead = MATCH_FIRST.get(code.split(".", 1)[1])
        if instead:
            message = f"never sent: `{instead}` comes first. {message}"
        out.append(f"| `{code}` | {params} | {message.replace('|', '/')} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.wire_pages", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if a page is out of date, write nothing")
    args = parser.parse_args(argv)
    stale = []
    for game in GAMES:
        path = WIRE / f"{game}.md"
        text = page(game)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python -m tools.wire_pages):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
