"""Past games: the finished games kept (``storage.past_game_page``), newest first: date, game, players, result.
The list reads a page of rows at a time (no moves read: thousands of games open at once) and the next page as the
scroll or the selection nears its end. Scroll with the wheel or the arrows; a click or Enter opens the game's
replay (``scenes/replay.py``), its record read whole then. A damaged record is set aside by the storage and
reported here (one message each), never a crash."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import names as list_names
from lama_desktop.core.i18n import t, t_game
from lama_desktop.app.widgets import Button, Column, ListView, Tagged, draw_panel, felt_surface
from lama_desktop.app.scenes.base import MenuScene, draw_heading


def result_text(past) -> str:
    """Who won ("Won: Bruno", "Won: Anna and Bruno")."""
    names = past.names
    winners = [names[w] for w in past.winners if 0 <= w < len(names)]
    return t("replay.result", winners=list_names(winners) or "—")


def players_text(past) -> str:
    """Every player with their final score, in seat order: "Anna 35 · Bruno 27 · Carla 53"."""
    scores = list(past.scores) + [None] * max(0, len(past.names) - len(past.scores))
    return " · ".join(name if score is None else t("replay.player_score", name=name, score=score)
                      for name, score in zip(past.names, scores, strict=False))


def game_cell(past) -> Tagged:
    """The game's name, tagged "practice" when a move was taken back and "advice" when a seat asked the advisor
    (both counted apart in the statistics)."""
    tags = []
    if getattr(past, "abandoned", False):
        tags.append(t("replay.tag.abandoned"))
    if past.practice:
        tags.append(t("replay.tag.practice"))
    if past.advised:
        tags.append(t("replay.tag.advised"))
    return Tagged(t_game(past.game_id), tuple(tags))


#: rows read at a time (the first page is what the list's first frame waits for)
PAGE = 60


def row_cells(past) -> list:
    return [past.finished_at.replace("T", " ")[:16], game_cell(past), players_text(past), result_text(past)]


class PastGamesScene(MenuScene):
    name = "past_games"

    def __init__(self):
        super().__init__()
        self.games = None
        self.total = 0

    def enter(self) -> None:
        self.games = None
        super().enter()

    def layout(self, ui, size):
        w, h = size
        if self.games is None:
            self.total = self.app.storage.past_game_count()
            self.games = self.app.storage.past_game_page(0, PAGE)
            self.app.show_reports()  # what the store found damaged, one message each
        self.panel = pygame.Rect(0, 0, min(w - ui.s(140), ui.s(1300)), h - ui.s(300))
        self.panel.midtop = (w // 2, ui.s(150))
        inner = self.panel.inflate(-ui.s(60), -ui.s(60))
        columns = [Column(t("replay.col.date"), 0.17), Column(t("replay.col.game"), 0.26),
                   Column(t("replay.col.players"), 0.37), Column(t("replay.col.result"), 0.20)]
        rows = [row_cells(past) for past in self.games]
        self.group.add(ListView(columns, rows, size=22, row_height=48, rect=inner, on_select=self.open,
                                empty_text=t("replay.no_games"), name="list"))
        bw, bh = ui.s(280), ui.s(60)
        back = pygame.Rect(0, 0, bw, bh)
        back.midbottom = (w // 2, h - ui.s(40))
        self.group.add(Button(t("common.button.back"), self.back, style="primary", rect=back, name="back", hint="Esc"))

    def update(self, dt):
        super().update(dt)
        listing = next((w for w in self.group.widgets if isinstance(w, ListView)), None)
        if listing is None or self.games is None or len(self.games) >= self.total:
            return
        per = getattr(listing, "_per_page", 8)
        if max(listing.scroll + 2 * per, listing.selected + per) >= len(self.games):  # near the end: the next page
            more = self.app.storage.past_game_page(len(self.games), PAGE)
            if not more:
                self.total = len(self.games)
                return
            self.games.extend(more)
            listing.rows.extend(row_cells(past) for past in more)

    def open(self, index: int) -> None:
        if 0 <= index < len(self.games):
            past = self.app.storage.load_past_game(self.games[index].row)
            if past is None:  # damaged: set aside and reported
                self.app.show_reports()
                self.enter()
                return
            self.app.open_replay(past)

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("replay.past_games"), (w // 2, ui.s(80)))
        draw_panel(surface, self.panel, ui)
