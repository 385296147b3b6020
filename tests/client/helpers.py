"""Synthetic input for driving the client headless: clicks, keys, typed text, and time passing."""

from __future__ import annotations

import pygame

from game.app import App


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def key(code: int, mod: int = 0) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)]


def typed(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text]


def run(app: App, seconds: float = 0.05, events: list[pygame.event.Event] | None = None) -> None:
    """Feed ``events`` then let ``seconds`` of game time pass in 1/60 s frames."""
    app.step(1 / 60, events or [])
    for _ in range(max(0, round(seconds * 60) - 1)):
        app.step(1 / 60)


def wait(app: App, seconds: float, frame: float = 0.1) -> None:
    """Let ``seconds`` of game time pass, drawn once per ``frame``: for a wait whose end is what a test
    reads. The updates run at their fixed step all the same; only the frames between go undrawn."""
    for _ in range(max(1, round(seconds / frame))):
        app.step(frame)


def record_drawn_text(monkeypatch) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001 - pytest's MonkeyPatch
    """Every text drawn through ``theme.draw_text`` from now on, with the rect it took: what a test
    reads to see that words fit their room and cover nothing."""
    drawn: list[tuple[str, pygame.Rect]] = []
    _record_text(monkeypatch, lambda text, size, rect: drawn.append((text, rect)))
    return drawn


def record_drawn_sizes(monkeypatch) -> list[tuple[str, int, pygame.Rect]]:  # noqa: ANN001 - pytest's MonkeyPatch
    """As ``record_drawn_text``, with the size each text was asked at: what a test reads to see that
    labels alike read at one size."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    _record_text(monkeypatch, lambda text, size, rect: drawn.append((text, size, rect)))
    return drawn


def list_rows_words(drawn: list[tuple[str, pygame.Rect]], screen, left_of: list[int]  # noqa: ANN001
                    ) -> list[list[tuple[str, pygame.Rect]]]:
    """The words drawn in each of the first rows of a paged list (Saved games, Replays), each row's
    left of ``left_of[row]`` (its buttons), checked to be a title and a detail line each, each at one
    size over the rows: a row of long names must not read smaller than its neighbours."""
    rows = [[(text, rect) for text, rect in drawn if screen.row_rect(index).collidepoint(rect.center)
             and rect.left < left] for index, left in enumerate(left_of)]
    assert all(len(words) == 2 for words in rows), rows  # a title and a detail line each
    assert len({words[0][1].height for words in rows}) == 1, rows  # the titles alike
    assert len({words[1][1].height for words in rows}) == 1, rows  # and the details
    return rows


def _record_text(monkeypatch, keep) -> None:  # noqa: ANN001
    from game.ui import theme

    real = theme.draw_text

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 28,
               *args, **kwargs) -> pygame.Rect:  # noqa: ANN002, ANN003
        rect = real(surface, text, pos, size, *args, **kwargs)
        keep(text, size, rect)
        return rect

    monkeypatch.setattr(theme, "draw_text", record)


SMALLEST_TABLE = {"linie1": 2, "linja": 2, "liniell": 2, "bus": 3}  # players at each game's smallest table


def drawn_words(app: App, monkeypatch) -> list[str]:  # noqa: ANN001 - pytest's MonkeyPatch
    """The texts one frame of the app draws."""
    drawn = record_drawn_text(monkeypatch)
    app.draw()
    monkeypatch.undo()
    return [text for text, _rect in drawn]


def table_where_first(app: App, game: str, name: str, kind: str, others: str, seed: int = 4):  # noqa: ANN201
    """``game``'s smallest table on this screen, whose first decision is ``name``'s (a ``kind`` seat;
    the others ``others``, among Ada and Cleo): the table scene."""
    from game.match import Match, SeatInfo
    from game.tables.launch import TableConfig, start_local_game

    players = SMALLEST_TABLE[game]
    names = ["Ada", "Cleo"][:players - 1]
    names.insert(Match(game, [SeatInfo(f"P{seat}") for seat in range(players)], seed).to_act()[0], name)
    seats = [SeatInfo(each, kind if each == name else others, "easy", index) for index, each in enumerate(names)]
    assert start_local_game(app, TableConfig(game, seats, seed=seed))
    return app.stack.scenes[0]


def past_handover(app: App, table) -> bool:  # noqa: ANN001 - any game's table
    """Let an open handover's deaf moment pass (a game without secrets takes no click in it), as a
    player reading the band naming them would. True if there was one to wait for."""
    if table.deaf <= 0:
        return False
    wait(app, table.deaf + 0.02, frame=0.05)
    return True
