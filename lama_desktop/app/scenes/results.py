"""Final results: the winner(s) celebrated, the standings, and a chart of every player's score round by round."""

from __future__ import annotations

import math
import random

import pygame

from lama_desktop.core.gameconfig import GameResults
from lama_desktop.core.i18n import names as list_names
from lama_desktop.core.i18n import plural, t, t_game, winners
from lama_desktop.app.widgets import (
    CREAM, CREAM_DARK, GOLD, GOLD_DARK, INK, INK_SOFT, PAPER_EDGE, Button, blit_center, blit_text_center, draw_panel,
    felt_surface
)
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app.scenes.setup import variant_title
from lama_desktop.engine.registry import get_game

#: one colour per seat in charts and legends (distinct in hue and lightness)
SEAT_COLORS = [(214, 84, 72), (47, 108, 181), (59, 145, 80), (242, 138, 42), (142, 86, 170), (40, 160, 170)]
SEAT_MARKERS = ["circle", "square", "diamond", "triangle", "circle", "square"]


def local_player(results: GameResults) -> int | None:
    """The seat the results speak to ("You win!"): the one human at the table (none in hot-seat: the screen is
    everybody's)."""
    humans = [i for i, seat in enumerate(results.config.seats) if seat.kind == "human"]
    return humans[0] if len(humans) == 1 else None


def winners_line(results: GameResults) -> str:
    return winners("common.results.winner", results.winners, lambda i: results.names[i], me=local_player(results))


def draw_marker(surface, kind, center, r, color):
    x, y = center
    if kind == "square":
        pygame.draw.rect(surface, color, (x - r, y - r, 2 * r, 2 * r), border_radius=max(1, r // 3))
    elif kind == "diamond":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    elif kind == "triangle":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    else:
        pygame.draw.circle(surface, color, center, r)


class EndOfGameScene(MenuScene):
    """A results screen's buttons: Play again (a new game with the same seats) and Menu (Esc), side by side at the
    bottom centre, ``gap`` above the window's bottom."""

    def _add_end_buttons(self, ui, size, gap: int) -> None:
        w, h = size
        bw, bh = ui.s(300), ui.s(62)
        again = pygame.Rect(0, 0, bw, bh)
        again.bottomright = (w // 2 - ui.s(12), h - gap)
        title = pygame.Rect(0, 0, bw, bh)
        title.bottomleft = (w // 2 + ui.s(12), h - gap)
        self.group.add(Button(t("common.results.play_again"), self.play_again, style="primary", rect=again,
                              name="again"))
        self.group.add(Button(t("common.results.to_title"), self.to_title, rect=title, name="title", hint="Esc"))

    def back(self):
        self.to_title()

    def play_again(self):
        self.app.start_game(self.results.config.replay_config())

    def to_title(self):
        self.app.to_title()


class ResultsScene(EndOfGameScene):
    name = "results"

    def __init__(self, results: GameResults):
        super().__init__()
        self.results = results
        self.chart_points: dict[int, list] = {}  # seat -> its line's points as last drawn (the first: the start)
        rng = random.Random(len(results.round_scores) * 7919 + sum(results.scores))
        self.confetti = [(rng.random(), rng.random(), rng.uniform(0.6, 1.4), rng.random() * math.tau,
                          rng.choice([GOLD, (236, 95, 155), (120, 200, 230), CREAM, (140, 210, 120)]))
                         for _ in range(90)]

    def enter(self):
        super().enter()
        self.app.play_sound("win")

    def layout(self, ui, size):
        w, h = size
        top = ui.s(200)
        bottom = h - ui.s(130)
        margin = ui.s(70)
        self.standings = pygame.Rect(margin, top, ui.s(470), bottom - top)
        self.chart = pygame.Rect(self.standings.right + ui.s(36), top, w - margin - self.standings.right - ui.s(36),
                                 bottom - top)
        self._add_end_buttons(ui, size, ui.s(40))

    # drawing ---------------------------------------------------------------------------------------------------
    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        self._draw_standings(surface, ui)
        self._draw_facts(surface, ui)
        self._draw_chart(surface, ui)

    def _order(self):
        r = self.results
        sign = 1 if r.lower_score_wins else -1
        return sorted(range(len(r.scores)), key=lambda s: (sign * r.scores[s], s))

    def _draw_standings(self, surface, ui):
        r = self.results
        rect = self.standings
        row_h = min(ui.s(74), (rect.h - ui.s(100)) // max(1, len(r.scores)))
        draw_panel(surface, pygame.Rect(rect.x, rect.y, rect.w, ui.s(84) + row_h * len(r.scores) + ui.s(14)), ui)
        surface.blit(ui.text(t("common.results.standings"), 28, INK, bold=True), (rect.x + ui.s(32), rect.y + ui.s(24)))
        row_h = min(ui.s(74), (rect.h - ui.s(100)) // max(1, len(r.scores)))
        rect = pygame.Rect(rect.x, rect.y, rect.w, ui.s(84) + row_h * len(r.scores) + ui.s(14))
        self._standings_bottom = rect.bottom
        y = rect.y + ui.s(84)
        rank = 0
        previous = None
        for position, seat in enumerate(self._order()):
            if r.scores[seat] != previous:
                rank = position + 1
                previous = r.scores[seat]
            row = pygame.Rect(rect.x + ui.s(20), y, rect.w - ui.s(40), row_h - ui.s(8))
            winner = seat in r.winners
            pygame.draw.rect(surface, (255, 236, 180) if winner else CREAM_DARK, row, border_radius=ui.s(14))
            if winner:
                pygame.draw.rect(surface, GOLD_DARK, row, max(2, ui.s(3)), border_radius=ui.s(14))
            badge = (row.x + ui.s(34), row.centery)
            pygame.draw.circle(surface, GOLD if winner else PAPER_EDGE, badge, ui.s(22))
            blit_text_center(surface, ui.text(str(rank), 24, INK, bold=True), badge)
            draw_marker(surface, SEAT_MARKERS[seat % 6], (row.x + ui.s(78), row.centery), ui.s(8),
                        SEAT_COLORS[seat % 6])
            name = ui.text(r.names[seat], 26, INK, bold=winner)
            surface.blit(name, name.get_rect(midleft=(row.x + ui.s(98), row.centery)))
            score = ui.text(plural("common.results.points", int(r.scores[seat])), 26, INK, bold=True)
            surface.blit(score, score.get_rect(midright=(row.right - ui.s(20), row.centery)))
            if winner:
                self._crown(surface, ui, (row.x + ui.s(34), row.centery - ui.s(30)))
            y += row_h

    def _draw_facts(self, surface, ui):
        """A small card under the standings: rounds played, rules, and who kept their hands cleanest."""
        r = self.results
        top = self._standings_bottom + ui.s(24)
        rect = pygame.Rect(self.standings.x, top, self.standings.w, self.standings.bottom - top)
        if rect.h < ui.s(120):
            return
        try:
            spec = get_game(r.config.game_id)
            names = [variant_title(spec.id, v) for v in spec.variants if v.id in r.config.variants]
        except ValueError:
            names = list(r.config.variants)
        gains = [[row[s] - (r.round_scores[i - 1][s] if i else 0) for s in range(len(r.scores))]
                 for i, row in enumerate(r.round_scores)]
        clean = [sum(1 for g in gains if g[s] <= 0) for s in range(len(r.scores))]
        best = max(clean) if clean else 0
        lines = [(t("common.results.rounds_played"), str(len(r.round_scores))),
                 (t("common.results.variants"), ", ".join(names) if names else t("common.results.no_variants"))]
        if best > 0:
            who = [r.names[s] for s in range(len(clean)) if clean[s] == best]
            lines.append((t("common.results.clean_rounds"), f"{list_names(who)} ({best})"))
        draw_panel(surface, rect, ui, fill=(246, 236, 214))
        y = rect.y + ui.s(22)
        line_h = ui.s(34)
        for label, value in lines:
            if y + line_h > rect.bottom - ui.s(8):
                break
            surface.blit(ui.text(label, 20, INK_SOFT), (rect.x + ui.s(28), y))
            img = ui.text(value, 20, INK, bold=True)
            room = rect.w - ui.s(56) - ui.text(label, 20, INK_SOFT).get_width() - ui.s(16)
            if img.get_width() > room:
                img = pygame.transform.smoothscale_by(img, max(0.5, room / img.get_width()))
            surface.blit(img, img.get_rect(topright=(rect.right - ui.s(28), y)))
            y += line_h

    @staticmethod
    def _crown(surface, ui, center):
        x, y = center
        s = ui.s(11)
        points = [(x - 2 * s, y + s), (x - 2 * s, y - s), (x - s, y), (x, y - 1.6 * s), (x + s, y), (x + 2 * s, y - s),
                  (x + 2 * s, y + s)]
        pygame.draw.polygon(surface, GOLD, points)
        pygame.draw.polygon(surface, INK, points, max(1, ui.s(2)))

    def _draw_chart(self, surface, ui):
        r = self.results
        rect = self.chart
        draw_panel(surface, rect, ui)
        surface.blit(ui.text(t("common.results.chart"), 28, INK, bold=True), (rect.x + ui.s(32), rect.y + ui.s(24)))
        rounds = len(r.round_scores)
        plot = pygame.Rect(rect.x + ui.s(90), rect.y + ui.s(100), rect.w - ui.s(140), rect.h - ui.s(190))
        top_value = max([r.end_score or 10] + list(r.start_scores) + [v for row in r.round_scores for v in row])
        top_value = int(math.ceil(top_value / 10.0) * 10)
        step = 10 if top_value <= 60 else 20 if top_value <= 120 else 50

        def point(round_index, value):
            x = plot.x + (plot.w * round_index / max(1, rounds))
            y = plot.bottom - plot.h * value / top_value
            return (round(x), round(y))

        for value in range(0, top_value + 1, step):
            y = point(0, value)[1]
            pygame.draw.line(surface, CREAM_DARK, (plot.x, y), (plot.right, y), max(1, ui.s(1)))
            label = ui.text(str(value), 18, INK_SOFT)
            surface.blit(label, label.get_rect(midright=(plot.x - ui.s(12), y)))
        end = r.end_score
        if end and end <= top_value:  # the game-end line
            y = point(0, end)[1]
            for x in range(plot.x, plot.right, ui.s(18)):
                pygame.draw.line(surface, (214, 84, 72), (x, y), (min(plot.right, x + ui.s(10)), y), max(2, ui.s(2)))
            tag = ui.text(t("common.results.end_line", n=end), 16, (190, 70, 60), bold=True)
            # at the left end: the lines start low there, while at the right end the winner's line crosses 40
            self.end_tag_rect = tag.get_rect(bottomleft=(plot.x + ui.s(8), y - ui.s(4)))
            surface.blit(tag, self.end_tag_rect)
        for i in range(rounds + 1):
            x = point(i, 0)[0]
            pygame.draw.line(surface, PAPER_EDGE, (x, plot.bottom), (x, plot.bottom + ui.s(6)), max(1, ui.s(2)))
            if i and (rounds <= 14 or i % 2 == 0):
                label = ui.text(str(i), 18, INK_SOFT)
                surface.blit(label, label.get_rect(midtop=(x, plot.bottom + ui.s(10))))
        pygame.draw.line(surface, INK_SOFT, plot.bottomleft, plot.bottomright, max(1, ui.s(2)))
        axis = ui.text(r.axis_label or t("common.results.rounds_axis"), 18, INK_SOFT)
        surface.blit(axis, axis.get_rect(midright=(plot.x - ui.s(12), plot.bottom + ui.s(22))))
        for seat in range(len(r.scores)):
            color = SEAT_COLORS[seat % 6]
            start = r.start_scores[seat] if seat < len(r.start_scores) else 0  # the real starting position
            points = [point(0, start)] + [point(i + 1, row[seat]) for i, row in enumerate(r.round_scores)]
            self.chart_points[seat] = points
            width = max(3, ui.s(5)) if seat in r.winners else max(2, ui.s(3))
            if len(points) > 1:
                pygame.draw.lines(surface, color, False, points, width)
            for p in points[1:]:
                draw_marker(surface, SEAT_MARKERS[seat % 6], p, ui.s(7), color)
                draw_marker(surface, SEAT_MARKERS[seat % 6], p, ui.s(4), CREAM)
        # legend, right-aligned on the title line
        widths = [ui.s(60) + ui.text(name, 20, INK).get_width() + ui.s(20) for name in r.names]
        x = rect.centerx - (sum(widths) - ui.s(20)) // 2
        y = rect.bottom - ui.s(30)
        for seat, name in enumerate(r.names):
            color = SEAT_COLORS[seat % 6]
            pygame.draw.line(surface, color, (x, y), (x + ui.s(30), y), max(2, ui.s(4)))
            draw_marker(surface, SEAT_MARKERS[seat % 6], (x + ui.s(15), y), ui.s(7), color)
            img = ui.text(name, 20, INK)
            surface.blit(img, img.get_rect(midleft=(x + ui.s(40), y)))
            x += ui.s(60) + img.get_width() + ui.s(20)

    def draw_dynamic(self, surface, ui):
        w, h = surface.get_size()
        self._draw_confetti(surface, ui, w, h)
        r = self.results
        draw_heading(surface, ui, winners_line(r), (w // 2, ui.s(82)), size=56, color=(255, 226, 150))
        sub = plural("common.results.subtitle", len(r.round_scores), game=t_game(r.config.game_id))
        blit_center(surface, ui.text(sub, 24, (220, 232, 222)), (w // 2, ui.s(140)))

    def _draw_confetti(self, surface, ui, w, h):
        if self.time > 6.0:
            return
        fade = 1.0 if self.time < 4.0 else (6.0 - self.time) / 2.0
        size = ui.s(8)
        for fx, fy, speed, phase, color in self.confetti:
            y = (fy * 0.4 - 0.4 + self.time * 0.22 * speed) * h
            if y < -size or y > h:
                continue
            x = fx * w + math.sin(self.time * 2.4 * speed + phase) * ui.s(30)
            c = tuple(int(ch * fade + (1 - fade) * 40) for ch in color)
            wide = size if int(self.time * 8 * speed + phase * 3) % 2 else size // 2 + 1
            pygame.draw.rect(surface, c, (int(x), int(y), wide, size))
