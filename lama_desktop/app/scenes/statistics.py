"""Statistics per game, read from the archive (``storage.statistics``: the totals kept as each game ends): per
player name (games played, wins, win rate, average points; games with advice and practice games apart) or per
opponent level (the people's games against the strongest bot at their table, or against people only), and beside
them a small chart of the people's win rate over time (``storage.statistics_over_time``, ``stats_chart.py``)."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import decimal, percent, t, t_game
from lama_desktop.app.widgets import Button, Column, Cycler, ListView, draw_panel, felt_surface
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.past_games import PastGamesScene
from lama_desktop.app.scenes.stats_chart import draw_trend
from lama_desktop.app.table.seats import level_text


#: what a rate shows for a player with no counted game (only advised or practice games): no "0%" made of nothing
NO_RATE = "—"
#: the opponents' rows, strongest first (``people``: no bot at the table)
LEVEL_ORDER = ("people", "hard", "medium", "easy", "random")


def rates(row: dict) -> list[str]:
    """The win rate and average points of a statistics row, or a dash each when it counts no game."""
    if not row.get("games"):
        return [NO_RATE, NO_RATE]
    return [percent(row["win_rate"]), decimal(row["average"])]


def capital(text: str) -> str:
    """A level's word starting a row ("hard" in "Bot · hard" heads its row as "Hard")."""
    return text[:1].upper() + text[1:]


def player_table(shown: list[dict]) -> tuple[list, list]:
    """Columns and cells of the players' rows (the advised and practice columns only when a row has some)."""
    columns = [Column(t("common.stats.player"), 0.34), Column(t("common.stats.games"), 0.16, "right"),
               Column(t("common.stats.wins"), 0.16, "right"), Column(t("common.stats.win_rate"), 0.16, "right"),
               Column(t("common.stats.average"), 0.18, "right")]
    cells = [[r["name"], str(r["games"]), str(r["wins"])] + rates(r) for r in shown]
    # games counted apart, never in the win rate: played with the advisor's help, or practice (a move taken back)
    apart = [(key, title) for key, title in (("advised", t("advisor.stats_column")),
                                              ("practice", t("history.stats_column")))
             if any(r.get(key) for r in shown)]
    if apart:
        share = 0.16 if len(apart) == 1 else 0.13
        widths = (0.28, 0.13, 0.13, 0.15, 0.15) if len(apart) == 1 else (0.24, 0.11, 0.11, 0.14, 0.14)
        columns = [Column(c.title, w, c.align) for c, w in zip(columns, widths, strict=False)]
        for key, title in apart:
            columns.append(Column(title, share, "right"))
            for row, r in zip(cells, shown, strict=False):
                row.append(str(r.get(key, 0)))
    return columns, cells


def level_table(found: list[dict]) -> tuple[list, list]:
    """Columns and cells of the people's games per opponent level, strongest first."""
    found = sorted(found, key=lambda r: LEVEL_ORDER.index(r["opponents"]) if r["opponents"] in LEVEL_ORDER else 9)
    columns = [Column(t("common.stats.opponents"), 0.34), Column(t("common.stats.games"), 0.2, "right"),
               Column(t("common.stats.win_rate"), 0.22, "right"), Column(t("common.stats.average"), 0.24, "right")]
    cells = [[t("common.stats.people_only") if r["opponents"] == "people" else capital(level_text(r["opponents"])),
              str(r["games"])] + rates(r) for r in found]
    return columns, cells


class StatisticsScene(MenuScene):
    name = "statistics"

    def __init__(self):
        super().__init__()
        self.filter = None  # a game id, or None for the first game that has results
        self.view = "players"  # or "levels": the people's games per opponent level
        self.trend: list = []  # (date, win rate, games) of the chart, oldest first
        self.chart = pygame.Rect(0, 0, 0, 0)

    def layout(self, ui, size):
        w, h = size
        rows = self.app.storage.statistics()
        games = []
        for row in rows:
            if row["game"] not in games:
                games.append(row["game"])
        if self.filter not in games:
            self.filter = games[0] if games else None
        self.panel = pygame.Rect(0, 0, min(w - ui.s(140), ui.s(1500)), h - ui.s(300))
        self.panel.midtop = (w // 2, ui.s(150))
        inner = self.panel.inflate(-ui.s(60), -ui.s(60))
        first = int((inner.w - ui.s(30)) * 0.44)  # the game's names are short; "By opponent level" is not
        options = [(g, t_game(g)) for g in games] or [(None, t("common.stats.no_games"))]
        self.group.add(Cycler(t("common.setup.game"), options, self.filter, self._set_filter,
                              rect=(inner.x, inner.y, first, ui.s(56)), name="game", enabled=bool(games)))
        second = inner.w - ui.s(30) - first
        self.group.add(Cycler(t("common.stats.show"), [("players", t("common.stats.by_player")),
                                                      ("levels", t("common.stats.by_level"))], self.view,
                              self._set_view, rect=(inner.right - second, inner.y, second, ui.s(56)), name="view",
                              enabled=bool(games)))
        self.chart = pygame.Rect(0, 0, int(inner.w * 0.3), inner.h - ui.s(76))
        self.chart.topright = (inner.right, inner.y + ui.s(76))
        self.trend = self.app.storage.statistics_over_time(self.filter) if self.filter else []
        if self.view == "levels":
            columns, cells = level_table(self.app.storage.statistics_by_level(self.filter) if self.filter else [])
        else:
            columns, cells = player_table([r for r in rows if r["game"] == self.filter])
        self.group.add(ListView(columns, cells, size=22, row_height=48,
                                rect=(inner.x, inner.y + ui.s(76), self.chart.x - ui.s(30) - inner.x,
                                      inner.h - ui.s(76)),
                                empty_text=t("common.stats.empty"), name="list"))
        bw, bh = ui.s(280), ui.s(60)
        back = pygame.Rect(0, 0, bw, bh)
        back.bottomright = (w // 2 - bw // 2 - ui.s(24), h - ui.s(40))
        self.group.add(Button(t("common.button.back"), self.back, style="primary", rect=back, name="back", hint="Esc"))
        past = pygame.Rect(0, 0, bw, bh)
        past.midbottom = (w // 2, h - ui.s(40))
        self.group.add(Button(t("replay.past_games"), self.past_games, rect=past, name="past_games"))
        reset = pygame.Rect(0, 0, bw, bh)
        reset.bottomleft = (w // 2 + bw // 2 + ui.s(24), h - ui.s(40))
        self.group.add(Button(t("common.stats.reset"), self.confirm_reset, rect=reset, name="reset",
                              enabled=bool(rows)))

    def _set_filter(self, game):
        self.filter = game
        self.build()

    def _set_view(self, view):
        self.view = view
        self.build()

    def past_games(self):
        self.stack.push(PastGamesScene())

    def confirm_reset(self):
        self.stack.push(MessageScene(t("common.stats.reset"), t("common.stats.reset_confirm"),
                                     [(t("common.stats.reset"), self.reset, "danger"),
                                      (t("common.button.cancel"), None, "secondary")], icon="question"))

    def reset(self):
        self.app.storage.reset_statistics()
        self.build()

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("common.title.statistics"), (w // 2, ui.s(80)))
        draw_panel(surface, self.panel, ui)
        draw_trend(surface, ui, self.chart, self.trend)
