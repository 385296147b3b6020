"""How a shot's game moves on before its picture is taken: every seat is played by a bot, the human
seat's by a stand-in."""

from __future__ import annotations

from game.bots import Bot
from game.session import LocalSession


def play_on(session: LocalSession, stand_in: Bot) -> None:
    """One step: the human seat's (seat 0's) action played by ``stand_in`` when it is to act, else
    the bots' until it is."""
    match = session.match
    if match.to_act()[0] == 0:
        session.submit(0, stand_in.decide(match.view(0)))
    else:
        session.run_bots_now()
