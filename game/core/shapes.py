"""Action shapes: the fields each action type has, their types, ranges and sizes, and nothing else;
and event fields: what each event a game tells carries.

Every game declares the shapes of its actions (``GameDefinition.action_shapes``) and
``Match.check`` refuses an action of any other shape (``match.malformed_action``) before the game
judges it. So an intent with an extra field, a missing one (a missing ``rot`` is not taken as 0), a
NaN or a 60 KB string never reaches the rules, the log, the journal or a save. The same checks make
the wire's message schemas (``net.protocol``), and the shapes are the wire pages' tables of actions.

Every game also declares the fields of each event it tells (``GameDefinition.event_fields``): the
wire pages list them, so a client written from the docs knows every event it may meet, the rare ones
too, and the tests hold every event any rule makes against them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.contract import action_type, is_int

Check = Callable[[Any], "str | None"]  # None when the value fits, else why not (in words)


def described(check: Check, words: str) -> Check:
    """``check`` with what it accepts in words, for the wire pages (``describe``)."""
    setattr(check, "words", words)  # noqa: B010 - a function attribute: Check is a plain callable
    return check


def describe(check: Check) -> str:
    """What ``check`` accepts, in words (docs/wire/*.md are made from these)."""
    return str(getattr(check, "words", "any value"))


def integer(low: int = 0, high: int = 2**53) -> Check:
    def check(value: Any) -> str | None:
        if not is_int(value):
            return "must be an integer"
        return None if low <= value <= high else f"must be within {low}..{high}"
    return described(check, f"integer {low}..{high}")


def text(max_len: int, min_len: int = 0) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return "must be a string"
        return None if min_len <= len(value) <= max_len else f"must be {min_len}..{max_len} characters"
    return described(check, f"string of {min_len}..{max_len} characters")


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


boolean = described(_boolean, "true or false")


def one_of(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        return None if isinstance(value, str) and value in choices else f"must be one of {choices}"
    return described(check, "one of " + ", ".join(f"`{choice}`" for choice in choices))


def _mapping(value: Any) -> str | None:
    return None if isinstance(value, dict) else "must be a map"


mapping = described(_mapping, "map")


def list_of(item: Check, max_len: int, min_len: int = 0) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, list):
            return "must be a list"
        if not min_len <= len(value) <= max_len:
            return f"must hold {min_len}..{max_len} items" if min_len else f"must hold at most {max_len} items"
        for index, entry in enumerate(value):
            reason = item(entry)
            if reason is not None:
                return f"item {index} {reason}"
        return None
    size = f"{min_len}..{max_len}" if min_len else f"at most {max_len}"
    return described(check, f"list of {size} ({describe(item)})")


def nullable(inner: Check) -> Check:
    def check(value: Any) -> str | None:
        return None if value is None else inner(value)
    return described(check, f"{describe(inner)}, or nil")


def cell(size: int) -> Check:
    """A board cell: a list of two coordinates, each 0..size-1."""
    coordinate = integer(0, size - 1)
    return described(list_of(coordinate, 2, 2), f"cell [row, col], each 0..{size - 1}")


@dataclass(frozen=True)
class Shape:
    """One action type's fields besides ``type``: those it must have and those it may have."""

    required: Mapping[str, Check] = field(default_factory=dict)
    optional: Mapping[str, Check] = field(default_factory=dict)

    def problem(self, message: Mapping[str, Any]) -> str | None:
        """Why ``message`` (an action, or a wire message) does not fit, or None; ``type`` is not a field."""
        for name, check in self.required.items():
            if name not in message:
                return f"needs the field {name!r}"
            reason = check(message[name])
            if reason is not None:
                return f"field {name!r} {reason}"
        for name, value in message.items():
            if name == "type" or name in self.required:
                continue
            check = self.optional.get(name)
            if check is None:
                return f"has no field {str(name)[:32]!r}"
            reason = check(value)
            if reason is not None:
                return f"field {name!r} {reason}"
        return None


def nested(shape: Shape) -> Check:
    """A map inside an action (Linie 1's exchange2 holds two), itself of ``shape``."""
    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return "must be a map"
        return "has no field 'type'" if "type" in value else shape.problem(value)
    fields = ", ".join(f"`{name}`: {describe(check)}" for name, check in shape.required.items())
    return described(check, f"map {{{fields}}}")


def shape_problem(shapes: Mapping[str, Shape], action: Any) -> str | None:
    """Why ``action`` is not of one of ``shapes`` (None when it is)."""
    kind = action_type(action)
    if kind is None:
        return "An action is a map with a string 'type'."
    found = shapes.get(kind)
    if found is None:
        return f"There is no action {kind[:32]!r}; the actions are {', '.join(sorted(shapes))}."
    reason = found.problem(action)
    return None if reason is None else f"A {kind!r} action {reason}."


@dataclass(frozen=True)
class EventFields:
    """The fields besides ``type`` that an event carries always, and those only some carry."""

    always: tuple[str, ...]
    sometimes: tuple[str, ...] = ()

    def problem(self, event: Mapping[str, Any]) -> str | None:
        """Why ``event`` does not fit (None when it does)."""
        keys = set(event) - {"type"}
        missing = set(self.always) - keys
        if missing:
            return f"lacks {', '.join(sorted(missing))}"
        unknown = keys - set(self.always) - set(self.sometimes)
        return f"carries undeclared {', '.join(sorted(unknown))}" if unknown else None


def event(*always: str, sometimes: tuple[str, ...] = ()) -> EventFields:
    return EventFields(always, sometimes)
