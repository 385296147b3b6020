"""The LAN layer: wire protocol, authoritative host, client connection and zeroconf discovery.

Nothing here knows any game's rules: the host wraps a ``game.match.Match`` and forwards only what
``Match.view`` and ``Match.events_for`` give each seat.
"""

DEFAULT_PORT = 47000  # where a table listens when it can, so an address typed without a port finds it
