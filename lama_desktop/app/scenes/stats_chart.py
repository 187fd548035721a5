"""The statistics screen's small chart: the people's win rate of a game over time, from the archive
(``core/store/statistics.over_time``: equal runs of their games, oldest first), as a line over a 0–100% scale
with the first and last run's dates under it; a line of words instead while there is nothing to draw."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import percent, t
from lama_desktop.app.widgets import GOLD, INK, INK_SOFT

GRID = (226, 214, 190)


def draw_trend(surface, ui, rect: pygame.Rect, trend: list) -> None:
    if rect.w <= 0 or rect.h <= 0:
        return
    title = ui.wrap(t("common.stats.chart_title"), 19, rect.w, max_lines=2)
    y = rect.y
    for line in title:
        surface.blit(ui.text(line, 19, INK, bold=True), (rect.x, y))
        y += ui.font(19, True).get_linesize()
    if len(trend) < 2:
        y += ui.s(12)
        for line in ui.wrap(t("common.stats.chart_empty"), 17, rect.w, max_lines=5):
            surface.blit(ui.text(line, 17, INK_SOFT), (rect.x, y))
            y += ui.font(17).get_linesize()
        return
    label_w = max(ui.font(15).size(percent(v))[0] for v in (0.0, 0.5, 1.0)) + ui.s(8)
    date_h = ui.font(15).get_linesize()
    plot = pygame.Rect(rect.x + label_w, y + ui.s(14), rect.w - label_w - ui.s(6),
                       rect.bottom - date_h - ui.s(8) - (y + ui.s(14)))
    if plot.h < ui.s(40):
        return
    for value in (0.0, 0.5, 1.0):
        gy = plot.bottom - round(value * plot.h)
        pygame.draw.line(surface, GRID, (plot.x, gy), (plot.right, gy), max(1, ui.s(1)))
        label = ui.text(percent(value), 15, INK_SOFT)
        surface.blit(label, label.get_rect(midright=(plot.x - ui.s(6), gy)))
    step = plot.w / (len(trend) - 1)
    points = [(round(plot.x + i * step), plot.bottom - round(rate * plot.h)) for i, (_d, rate, _n) in
              enumerate(trend)]
    pygame.draw.lines(surface, GOLD, False, points, max(2, ui.s(4)))
    for point in points:
        pygame.draw.circle(surface, INK, point, max(2, ui.s(5)))
    for when, anchor in ((trend[0][0], "topleft"), (trend[-1][0], "topright")):
        label = ui.text(str(when)[:10], 15, INK_SOFT)
        x = plot.x if anchor == "topleft" else plot.right
        surface.blit(label, label.get_rect(**{anchor: (x, plot.bottom + ui.s(6))}))
