"""The address others type to reach this machine, for the lobby and the host screen to show."""

from __future__ import annotations

from net.discovery import local_ipv4_addresses


def lan_address(bind: str = "0.0.0.0") -> str:
    """The address others type to reach this machine (interfaces are listed, nothing is sent)."""
    if bind not in ("0.0.0.0", ""):
        return bind
    try:
        addresses = local_ipv4_addresses()
    except (ImportError, OSError):
        return "127.0.0.1"
    return addresses[0] if addresses else "127.0.0.1"
