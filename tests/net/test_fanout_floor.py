"""The floors ``python -m tools.bench net`` measures the host against answer as they claim: every
client gets at least a frame of the given size per intent, and the least Python host journals each
intent it answers (else its figure would be a floor of less work than it says)."""

from __future__ import annotations

from pathlib import Path

import msgpack

from tools.fanout_floor import Floor

SIZE = 321


def test_the_bare_floor_answers_every_client() -> None:
    floor = Floor(SIZE, 4, think=0.0)
    try:
        samples = floor.measure(3)
    finally:
        floor.close()
    assert len(samples) == 3 and all(sample > 0 for sample in samples)


def test_the_least_python_host_journals_each_intent_and_answers_every_client() -> None:
    floor = Floor(SIZE, 7, think=0.0, least_host_seats=5)
    try:
        samples = floor.measure(4)
        journal = Path(floor.directory.name, "journal").read_bytes()
    finally:
        floor.close()
    assert len(samples) == 4 and all(sample > 0 for sample in samples)
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(journal)
    entries = list(unpacker)
    assert [entry[0] for entry in entries] == [1, 2, 3, 4]
    assert all(entry[2]["kind"] == "place" for entry in entries)
