"""Clients written from docs/protocol.md and the games' pages (docs/wire/, docs/linie1.md, docs/linja.md,
docs/liniell.md, docs/bus.md) alone.

They import nothing from the project (only the standard library and msgpack) and read only the
documented data files ``assets/linie1/components.json`` and ``assets/bus/board.json`` (its streets,
handed to ``BusClient``): if they can play whole games against
``linie-host``, a client in another language written from the same pages can too. ``DocClient``
frames and unframes msgpack maps, numbers its messages, patches views with the documented delta
operations, checks every ``check`` hash with its own canonical JSON, watches as a spectator, and
takes its seat back with its token on a new connection. ``ConformanceClient`` finds Linie 1 moves
with the documented placement rules (a-d; the host is the judge of rule e and of everything else: a
refused move is simply not tried again on that version); ``LinjaClient`` plays one of the moves its
view lists; ``LiniellClient`` and ``BusClient`` try the moves their pages describe, the host judging
what the view does not list (a placement joining two lines of one colour, a street beside another
line).
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import socket
import struct
from pathlib import Path
from typing import Any

import msgpack

EDGES = ("N", "E", "S", "W")
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


class Components:
    """What the docs say the board is made of (assets/linie1/components.json)."""

    def __init__(self, path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        self.size = data["board_size"]
        rows, cols = data["playfield"]["rows"], data["playfield"]["cols"]
        self.playfield = {(r, c) for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)}
        self.buildings = {tuple(b["cell"]) for b in data["buildings"]}
        self.terminal_cells = {tuple(cell) for line in data["lines"] for t in line["terminals"] for cell in t["cells"]}
        self.segments = {t["type"]: [tuple(s) for s in t["segments"]] for t in data["tiles"]}

    def rails(self, tile: int, rot: int) -> set[str]:
        """The edges a tile turned ``rot`` quarter turns clockwise has rails on."""
        return {EDGES[(EDGES.index(edge) + rot) % 4] for segment in self.segments[tile] for edge in segment}


def canonical_hash(view: Any) -> str:
    """docs/protocol.md, View hash: SHA-256 of compact JSON with sorted keys, non-ASCII as is."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def patch(view: Any, operations: list[list[Any]]) -> Any:
    """docs/protocol.md, View deltas: set, del and splice at a path, in order, on a copy."""
    root = {"": copy.deepcopy(view)}
    for operation in operations:
        kind, path = operation[0], [""] + list(operation[1])
        parent: Any = root
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if kind == "set":
            parent[last] = operation[2]
        elif kind == "del":
            del parent[last]
        elif kind == "splice":
            start, count, items = operation[2], operation[3], operation[4]
            parent[last][start:start + count] = items
        else:
            raise ValueError(f"unknown delta operation {kind!r}")
    return root[""]


class Wire:
    """Frames: a 4-byte big-endian length, then one msgpack map."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.next_id = 0
        self.buffer = b""

    def send(self, message: dict[str, Any]) -> int:
        message = {**message, "id": self.next_id}
        self.next_id += 1
        body = msgpack.packb(message, use_bin_type=True)
        self.sock.sendall(struct.pack(">I", len(body)) + body)
        return message["id"]

    def receive(self) -> dict[str, Any]:
        while True:
            if len(self.buffer) >= 4:
                length = struct.unpack(">I", self.buffer[:4])[0]
                if len(self.buffer) >= 4 + length:
                    body, self.buffer = self.buffer[4:4 + length], self.buffer[4 + length:]
                    return msgpack.unpackb(body, raw=False)
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("the host closed the connection")
            self.buffer += data

    def close(self) -> None:
        self.sock.close()


class DocClient:
    """Takes a place at the table (a seat, or watching) and follows the game to its end; a seat plays
    whatever ``choose`` says whenever the view's ``match.to_act`` names it."""

    game = ""
    rules = ""  # the rules version the game's wire page gives

    def __init__(self, port: int, seed: int = 1) -> None:
        self.port = port
        self.wire = Wire(port)
        self.rng = random.Random(seed)
        self.seat: int | None = None
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.version = -1
        self.checks = 0
        self.intents = 0
        self.refused: set[tuple[int, str]] = set()  # (version, the action as JSON) the host refused
        self.pending: dict[int, str] = {}  # intent id -> the action as JSON
        self.sent_for = -1  # the version an intent is out for (one at a time)
        self.phase = "lobby"

    def greet(self) -> None:
        self.wire.send({"type": "hello", "protocol": 2, "name": "Conformance", "rules": {self.game: self.rules}})
        hello = self.wire.receive()
        assert hello["type"] == "hello" and hello["game"] == self.game and hello["rules_version"] == self.rules, hello

    def play(self, seat: int | None, max_frames: int = 200_000, until_version: int | None = None) -> dict[str, Any]:
        """Hello, claim ``seat`` (None: watch), follow the game until the table's phase is over (or
        the view reaches ``until_version``); returns the view then."""
        self.greet()
        self.wire.send({"type": "claim", "seat": seat} if seat is not None else {"type": "spectate"})
        return self.follow(max_frames, until_version)

    def resume(self, max_frames: int = 200_000) -> dict[str, Any]:
        """Vanish without a word (a crash), then take the seat back with its token on a new connection."""
        assert self.token is not None
        self.wire.close()
        self.wire = Wire(self.port)
        self.view, self.version, self.sent_for, self.pending = None, -1, -1, {}
        self.greet()
        self.wire.send({"type": "resume", "token": self.token})
        return self.follow(max_frames)

    def follow(self, max_frames: int, until_version: int | None = None) -> dict[str, Any]:
        for _ in range(max_frames):
            message = self.wire.receive()
            self.receive(message)
            if self.view is not None and until_version is not None and self.version >= until_version:
                return self.view
            if self.phase == "over" and self.view is not None and self.view.get("outcome") is not None:
                self.wire.send({"type": "bye"})
                return self.view
            self.act()
        raise TimeoutError("the game did not end")

    def receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.seat, self.token = message["seat"], message["token"]
        elif kind == "snapshot":
            assert canonical_hash(message["view"]) == message["hash"]
            self.view, self.version, self.phase = message["view"], message["version"], message["phase"]
            assert message["seat"] == self.seat
        elif kind == "update":
            assert message["version"] == self.version + 1, "an update was missed"
            self.view = message["view"] if "view" in message else patch(self.view, message["delta"])
            self.version = message["version"]
            self.sent_for = -1
        elif kind == "check":
            if message["version"] == self.version:
                assert canonical_hash(self.view) == message["hash"], "my view differs from the host's"
                self.checks += 1
        elif kind == "rejected":
            self.refused.add((self.version, self.pending.pop(message["id"])))
            self.sent_for = -1
        elif kind == "status":
            self.phase = message["phase"]
        elif kind == "error":
            assert not message["fatal"], message
            if message["id"] in self.pending:  # a table refusal of an intent: decide again
                self.refused.add((self.version, self.pending.pop(message["id"])))
                self.sent_for = -1

    def act(self) -> None:
        view = self.view
        if view is None or self.seat is None or self.sent_for == self.version:
            return
        if self.seat not in view["match"]["to_act"]:
            return
        action = self.choose(view)
        self.sent_for = self.version
        self.intents += 1
        msg_id = self.wire.send({"type": "intent", "seat": self.seat, "base": self.version, "action": action})
        self.pending[msg_id] = json.dumps(action, sort_keys=True)

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def untried(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        for action in actions:
            if (self.version, json.dumps(action, sort_keys=True)) not in self.refused:
                return action
        raise RuntimeError("the host refused every move this client knows")

    def close(self) -> None:
        self.wire.close()


class LinjaClient(DocClient):
    """docs/linja.md: the view's ``choices`` are the legal moves of the player to act."""

    game, rules = "linja", "1"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        kind = "initial" if view["phase"] == "initial" else "follow"
        moves = [{"type": kind, "from": choice["from"]} for choice in view["choices"]]
        self.rng.shuffle(moves)
        return self.untried(moves)


class ConformanceClient(DocClient):
    """Plays a seat of Linie 1."""

    game, rules = "linie1", "2"

    def __init__(self, port: int, components: Components, seed: int = 1) -> None:
        super().__init__(port, seed)
        self.parts = components

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["phase"] == "roll":
            return {"type": "roll"}
        if view["phase"] == "refill" or not view["must_act"]:
            return {"type": "end_turn"}
        return self.untried([*self.placements(view), *self.exchanges(view), {"type": "end_turn"}])

    def placements(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Placements that rules a-d allow, as docs/linie1.md states them, in a random order."""
        laid = {tuple(t["cell"]): self.parts.rails(t["tile"], t["rot"]) for t in view["board"]["tiles"]}
        hand = sorted(set(view["hands"][self.seat]))
        found = []
        for cell in self.parts.playfield - self.parts.buildings - set(laid):
            for tile in hand:
                for rot in range(4):
                    if self.fits(cell, self.parts.rails(tile, rot), laid):
                        found.append({"type": "place", "tile": tile, "cell": list(cell), "rot": rot})
        self.rng.shuffle(found)
        return found

    def exchanges(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Exchanges that keep every rail of the old tile and add one (rule L3, roughly: the host
        judges the segments and the trees), with the new rails obeying rules a-d."""
        laid = {tuple(t["cell"]): self.parts.rails(t["tile"], t["rot"]) for t in view["board"]["tiles"]}
        hand = sorted(set(view["hands"][self.seat]))
        found = []
        for cell, old in laid.items():
            for tile in hand:
                for rot in range(4):
                    rails = self.parts.rails(tile, rot)
                    if rails > old and self.fits(cell, rails, laid):
                        found.append({"type": "exchange", "tile": tile, "cell": list(cell), "rot": rot})
        self.rng.shuffle(found)
        return found

    def fits(self, cell: tuple[int, int], rails: set[str], laid: dict[tuple[int, int], set[str]]) -> bool:
        for edge in EDGES:
            step = STEP[edge]
            neighbour = (cell[0] + step[0], cell[1] + step[1])
            mine = edge in rails
            if neighbour in laid:
                if mine != (OPPOSITE[edge] in laid[neighbour]):
                    return False  # rule d: rails meet rails, sides meet sides
            elif neighbour in self.parts.terminal_cells:
                if not mine:
                    return False  # rule d: a terminal's rail is continued
            elif mine and (neighbour in self.parts.buildings or neighbour not in self.parts.playfield):
                return False  # rules a and b: no rail into a building or onto the border
        return True


class LiniellClient(DocClient):
    """docs/liniell.md: place the drawn tile next to the field within a 4 x 4 square, then occupy a
    free line through it from the supply, or skip; a connection moves the marker on neither joined
    line. The view does not say which placements join two lines of one colour: the host refuses
    those (``liniell.same_colour_join``) and the next square is tried."""

    game, rules = "liniell", "1"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        assert self.seat is not None and view["current"] == self.seat
        for line in view["lines"]:  # docs/liniell.md: a line's id is its first piece, "x,y,piece"
            assert line["id"] == ",".join(map(str, line["pieces"][0])) and line["pieces"] == sorted(line["pieces"])
        if view["phase"] == "place":
            return self.untried(self.placements(view))
        mine = view["markers"][self.seat]
        if view["phase"] == "connect":
            other = [marker["line"] for marker in mine if marker["line"] != view["connection"]]
            return {"type": "connect_marker", "from": other[0] if other and other[0] is not None else "supply"}
        x, y = view["last"]
        free = [line["id"] for line in view["lines"]
                if line["marker"] is None and any(piece[:2] == [x, y] for piece in line["pieces"])]
        occupations = [{"type": "occupy", "line": line, "from": "supply"} for line in free
                       if any(marker["line"] is None for marker in mine)]
        return self.untried([*occupations, {"type": "skip"}])

    def placements(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        laid = {(tile["x"], tile["y"]) for tile in view["board"]}
        if not laid:
            return [{"type": "place", "x": 0, "y": 0, "rot": self.rng.randrange(4)}]
        squares = {(x + dx, y + dy) for x, y in laid for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - laid
        found = []
        for x, y in sorted(squares):
            xs, ys = [x] + [cell[0] for cell in laid], [y] + [cell[1] for cell in laid]
            if max(xs) - min(xs) < 4 and max(ys) - min(ys) < 4:
                found += [{"type": "place", "x": x, "y": y, "rot": rot} for rot in range(4)]
        self.rng.shuffle(found)
        return found


class BusClient(DocClient):
    """docs/bus.md: the view's ``decision`` says what is due and what it may name; streets come from
    ``assets/bus/board.json`` (the host refuses those that run along the line or beside another).
    It always takes the Clock and stops time, so a table with one time stone a player (the 1999
    edition) ends in a few rounds."""

    game, rules = "bus", "3"

    def __init__(self, port: int, streets: list[list[int]], seed: int = 1) -> None:
        super().__init__(port, seed)
        self.streets = streets

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        decision = view["decision"]
        assert decision["seat"] == self.seat, decision
        due = decision["action"]
        if due == "building":
            return self.untried([{"type": "building", "lot": lot, "kind": self.rng.choice(decision["kinds"])}
                                 for lot in decision["lots"]])
        if due == "street":
            heads = decision.get("heads")
            found = [{"type": "street", "street": street, "head": None if heads is None else head}
                     for street, ends in enumerate(self.streets) for head in (heads or [None])
                     if head is None or head in ends]
            self.rng.shuffle(found)
            return self.untried(found)
        if due == "choose":
            wanted = ["clock"] if "clock" in decision["open"] else []
            passing = [{"type": "pass"}] if decision["can_pass"] else []
            return self.untried([*({"type": "choose", "action": action} for action in wanted), *passing,
                                 *({"type": "choose", "action": action} for action in decision["open"])])
        if due == "passengers":
            return {"type": "passengers", "counts": [decision["amount"], 0]}
        if due == "clock":
            return {"type": "clock", "stop": True}
        crossing_of = {lot["lot"]: lot["crossing"] for lot in view["lots"]}
        return self.untried([{"type": "deliver", "from": int(start), "lot": lot}
                             for start, count in decision["waiting"].items() if count
                             for lot in decision["empty"] if crossing_of[lot] != int(start)])
