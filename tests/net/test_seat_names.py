"""Names at a table are told apart: two players who kept the default name are not both "Player"."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from net.host_thread import HostThread
from net.protocol import MAX_NAME_CHARS
from net.seating import unique_name
from tests.net.conftest import RawPeer


def test_a_name_already_seated_gets_a_number_and_chat_uses_it(host_factory: Callable[..., HostThread],
                                                               raw_peers: Callable[[int], RawPeer]) -> None:
    host = host_factory(seats=3, bots=0)
    ann, bob, cem = raw_peers(host.port), raw_peers(host.port), raw_peers(host.port)
    names = []
    for seat, (peer, name) in enumerate(((ann, "Player"), (bob, "player"), (cem, "Player"))):
        peer.hello(name)
        peer.send({"type": "claim", "seat": seat})
        names.append(peer.expect("welcome", seat=seat)["name"])
    assert names == ["Player", "player 2", "Player 3"]
    bob.send({"type": "chat", "text": "hi"})
    assert ann.expect("chat")["name"] == "player 2"


def test_a_free_name_is_kept_as_typed() -> None:
    assert unique_name("Ann", ["Bob", "Tramina"]) == "Ann"
    assert unique_name("Tramina", ["Bob", "tramina"]) == "Tramina 2"
    assert unique_name("Ann", ["ann", "Ann 2", "ANN 3"]) == "Ann 4"


@given(name=st.text(min_size=1, max_size=MAX_NAME_CHARS), taken=st.lists(st.text(max_size=MAX_NAME_CHARS), max_size=6))
def test_a_unique_name_fits_and_differs_from_every_other(name: str, taken: list[str]) -> None:
    chosen = unique_name(name, taken)
    assert 1 <= len(chosen) <= MAX_NAME_CHARS
    assert chosen.casefold() not in {other.casefold() for other in taken}


def test_a_hostile_name_is_one_line_of_drawable_text_for_everyone(host_factory: Callable[..., HostThread],
                                                                    raw_peers: Callable[[int], RawPeer]) -> None:
    """A line break would forge a line of the host's log, an escape sequence colour its terminal and a
    direction override show another name; a name with nothing left to show is refused."""
    host = host_factory(seats=2, bots=0)
    ann, eve = raw_peers(host.port), raw_peers(host.port)
    ann.hello("Ann")
    ann.send({"type": "claim", "seat": 0})
    ann.expect("welcome", seat=0)
    eve.hello("Eve\nINFO host: forged\x1b[31m\u202e\x00")
    eve.send({"type": "claim", "seat": 1})
    assert eve.expect("welcome", seat=1)["name"] == "Eve INFO host: forged [31m"
    eve.send({"type": "chat", "text": "hi"})
    assert ann.expect("chat")["name"] == "Eve INFO host: forged [31m"
    assert host.call(lambda: host.host.match.seats[1].name) == "Eve INFO host: forged [31m"
    for shows_nothing in (" \t\u200e\x07 ", "\u200b\u200b", "\u200d\u0301\ufeff", "\u3164\u2800"):
        blank = raw_peers(host.port)
        blank.hello(shows_nothing)  # controls, zero-width spaces and joiners, a lone mark, blank fillers
        refused = blank.expect("error")
        assert refused["code"] == "protocol.schema" and refused["fatal"] and blank.closed(), shows_nothing
