"""End of a Llama Land game: the scoring table by source (llama cards, crops, coins, each objective), the totals,
the winner and how a tie was broken (most llama-card points, else shared).

The table comes straight from the engine's ``score_breakdown()`` (nothing is recomputed here). On entering, the
game is recorded in the statistics and its save removed (as ``App.game_over`` does for the other games); Play again
deals a new game with the same seats, Menu goes back to the title.
"""

from __future__ import annotations

import logging

import pygame

from lama_desktop.core.gameconfig import GameResults
from lama_desktop.core.i18n import names as list_names
from lama_desktop.core.i18n import t
from lama_desktop.core.i18n import winners as winners_text
from lama_desktop.games.llama_land.iso import seat_rgb
from lama_desktop.games.llama_land.pieces import CROP_COLORS, OBJ_COLORS, icon
from lama_desktop.app.widgets import GOLD, INK, INK_SOFT, draw_panel, felt_surface
from lama_desktop.app.scenes.base import draw_heading
from lama_desktop.app.scenes.results import EndOfGameScene, local_player

log = logging.getLogger("lama_desktop.app")


def score_rows(breakdown: list[dict], objectives: list[str]) -> list[tuple[str, str, list[int]]]:
    """(key, label, points per seat) for every source, then the total: the table's content."""
    rows = [("llama_cards", t("llama_land.results.llama_cards"), [b["llama_cards"] for b in breakdown]),
            ("crops", t("llama_land.results.crops"), [b["crops"] for b in breakdown]),
            ("coins", t("llama_land.results.coins"), [b["coins"] for b in breakdown])]
    for oid in objectives:
        rows.append((f"objective:{oid}", t(f"llama_land.objective.{oid}.name"),
                     [int(b["objectives_by_card"].get(oid, 0)) for b in breakdown]))
    rows.append(("total", t("llama_land.results.total"), [b["total"] for b in breakdown]))
    return rows


def tie_break_line(scores: list[int], breakdown: list[dict], winners: list[int], names: list[str],
                   me: int | None = None) -> str:
    best = max(scores)
    tied = [s for s, v in enumerate(scores) if v == best]
    if len(tied) == 1:
        return ""
    if len(winners) == 1:
        cards = breakdown[winners[0]]["llama_cards"]
        if winners[0] == me:
            return t("llama_land.results.tie_cards_own", cards=cards)
        return t("llama_land.results.tie_cards", name=names[winners[0]], cards=cards)
    return t("llama_land.results.tie_shared")


class LlamaLandResultsScene(EndOfGameScene):
    name = "llama_land_results"

    def __init__(self, results: GameResults, breakdown: list[dict], objectives: list[str], final: dict | None = None):
        super().__init__()
        self.results = results
        self.breakdown = breakdown
        self.objectives = list(objectives)
        self.final = final or {}
        self.recorded = False

    def enter(self):
        super().enter()
        if self.app is not None:
            self.app.play_sound("win")
            self._record()

    def _record(self) -> None:
        if self.recorded or self.app is None or not getattr(self.app, "writes_files", True):
            return
        self.recorded = True
        end = getattr(self.app, "end_game", None)
        if end is not None:  # archived, counted and its save removed: one transaction
            end(self.results)

    def layout(self, ui, size):
        w, h = size
        self.table = pygame.Rect(ui.s(120), ui.s(170), w - ui.s(240), h - ui.s(320))
        self._add_end_buttons(ui, size, ui.s(36))

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        self._draw_title(surface, ui, w)
        r = self.results
        names = r.names
        winners = r.winners
        rule = ui.text(t("llama_land.results.tie_rule"), 17, (170, 210, 196))
        rows = score_rows(self.breakdown, self.objectives)
        rect = self.table
        n = len(names)
        row_h = min(ui.s(44), (rect.h - ui.s(70)) // max(1, len(rows)))
        height = ui.s(70) + row_h * len(rows) + ui.s(12)
        panel = pygame.Rect(rect.x, rect.y, rect.w, height)
        draw_panel(surface, panel, ui)
        label_w = int(rect.w * 0.34)
        col_w = (rect.w - label_w - ui.s(30)) / n
        self._draw_names(surface, ui, label_w, col_w)
        y = rect.y + ui.s(66)
        for s in winners:  # the winner's column lit from the names down to the total
            cx = rect.x + label_w + col_w * (s + 0.5)
            lit = pygame.Rect(0, 0, int(col_w - ui.s(14)), row_h * len(rows) + ui.s(4))
            lit.midtop = (round(cx), y - ui.s(4))
            pygame.draw.rect(surface, (250, 232, 176), lit, border_radius=ui.s(10))
        for i, (key, label, values) in enumerate(rows):
            line = pygame.Rect(rect.x + ui.s(14), y, rect.w - ui.s(28), row_h)
            total = key == "total"
            if total:
                pygame.draw.rect(surface, (246, 226, 170), line, border_radius=ui.s(8))
            elif i % 2 == 0:
                stripe = pygame.Surface(line.size, pygame.SRCALPHA)
                pygame.draw.rect(stripe, (120, 90, 40, 22), stripe.get_rect(), border_radius=ui.s(8))
                surface.blit(stripe, line.topleft)
            self._draw_row_label(surface, ui, key, label, line, total)
            best = max(values) if values else 0
            for s, v in enumerate(values):
                cx = rect.x + label_w + col_w * (s + 0.5)
                strong = total or (v == best and v > 0)
                color = INK if strong else INK_SOFT
                num = ui.text(str(v), 24 if total else 22, color, bold=strong)
                surface.blit(num, num.get_rect(center=(round(cx), line.centery)))
            y += row_h
        surface.blit(rule, rule.get_rect(midtop=(w // 2, panel.bottom + ui.s(14))))

    def _draw_title(self, surface, ui, w: int) -> None:
        """The heading (who won, or the shared victory) and under it the tie-break line or the subtitle."""
        r = self.results
        names = r.names
        winners = r.winners
        me = local_player(r)
        if len(winners) == 1:
            head = winners_text("common.results.winner", winners, names.__getitem__, me=me)
        else:  # "Shared victory: you and Anna"
            head = t("llama_land.results.shared", names=list_names(
                t("common.you_in_list") if s == me else names[s] for s in sorted(winners, key=lambda s: s != me)))
        draw_heading(surface, ui, head, (w // 2, ui.s(70)), 50)
        tie = tie_break_line(r.scores, self.breakdown, winners, names, me)
        sub = tie or t("llama_land.results.subtitle")
        img = ui.text(sub, 22, (220, 236, 228))
        surface.blit(img, img.get_rect(center=(w // 2, ui.s(128))))

    def _draw_names(self, surface, ui, label_w: int, col_w: float) -> None:
        """The table's header: each player's name on their colour, a crown over the winners'."""
        rect = self.table
        names = self.results.names
        for s in range(len(names)):
            cx = rect.x + label_w + col_w * (s + 0.5)
            color = seat_rgb(s)
            head_rect = pygame.Rect(0, 0, int(col_w - ui.s(14)), ui.s(42))
            head_rect.center = (round(cx), rect.y + ui.s(36))
            pygame.draw.rect(surface, color, head_rect, border_radius=ui.s(10))
            name = ui.text(names[s], 22, (255, 255, 255), bold=True)
            if name.get_width() > head_rect.w - ui.s(30):
                name = pygame.transform.smoothscale_by(name, (head_rect.w - ui.s(30)) / name.get_width())
            surface.blit(name, name.get_rect(center=head_rect.center))
            if s in self.results.winners:
                self._crown(surface, ui, (head_rect.centerx, head_rect.top + ui.s(1)))

    def _draw_row_label(self, surface, ui, key: str, label: str, line: pygame.Rect, total: bool) -> None:
        """A score row's label, after its mark: a crop or coin icon, a llama card, or the objective's colour."""
        x = line.x + ui.s(10)
        dot = None
        if key == "crops":
            dot = icon("corn", ui.s(26))
        elif key == "coins":
            dot = icon("coin", ui.s(26))
        elif key == "llama_cards":
            pygame.draw.rect(surface, CROP_COLORS["cacao"], (x, line.centery - ui.s(13), ui.s(20), ui.s(26)),
                             border_radius=ui.s(4))
            x += ui.s(30)
        elif key.startswith("objective:"):
            oid = key.split(":", 1)[1]
            colour = "blue"
            for o in self.final.get("objectives", []):
                if o["id"] == oid:
                    colour = o["colour"]
            pygame.draw.circle(surface, OBJ_COLORS[colour], (x + ui.s(10), line.centery), ui.s(9))
            x += ui.s(30)
        if dot is not None:
            surface.blit(dot, dot.get_rect(midleft=(x, line.centery)))
            x += ui.s(34)
        txt = ui.text(label, 22 if not total else 24, INK, bold=total)
        surface.blit(txt, txt.get_rect(midleft=(x, line.centery)))

    @staticmethod
    def _crown(surface, ui, base):
        """A gold crown standing on ``base`` (the middle of its lower edge)."""
        x, y = base
        s = ui.s(18)
        pts = [(x - s, y), (x - s * 1.1, y - s * 0.95), (x - s * 0.45, y - s * 0.45), (x, y - s * 1.25),
               (x + s * 0.45, y - s * 0.45), (x + s * 1.1, y - s * 0.95), (x + s, y)]
        pygame.draw.polygon(surface, GOLD, pts)
        pygame.draw.polygon(surface, INK, pts, max(1, ui.s(2)))
        for px, py in (pts[1], pts[3], pts[5]):
            pygame.draw.circle(surface, (255, 240, 200), (round(px), round(py)), max(2, ui.s(3)))

    def draw_dynamic(self, surface, ui):
        pass


__all__ = ["LlamaLandResultsScene", "score_rows", "tie_break_line"]
