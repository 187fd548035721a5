""""Learn to play" on the Llama Land table (docs/APP.md, "Tutorials"): the pieces a lesson points at, what its
narrator box would rather not cover, and the final scoring card a lesson's finished game shows on the table."""

from __future__ import annotations

import math

import pygame

from lama_desktop.core.i18n import about, t
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.pieces import PAPER_EDGE, space_centers
from lama_desktop.app.table.narrator import shared_protect
from lama_desktop.app.table.pieces import INK
from lama_desktop.app.widgets import draw_panel
from lama_desktop.games.llama_land.engine.state import SHAPES
from lama_desktop.games.llama_land.layout import CROPS
from lama_desktop.games.llama_land.results import score_rows


class LessonMixin:
    """The table's lesson geometry (``tutorial_rect``, ``tutorial_clear``) and a lesson's final scores."""

    def tutorial_rect(self, name: str) -> pygame.Rect | None:
        """The on-screen rect of the piece ``name`` as drawn now, or None when it is not shown. Llama Land's
        pieces: ``domain`` (the big domain's panel), ``spot:X,Y`` (cell X, Y of the big domain: its top face, at
        level 1 outside the domain; a click on its middle picks that cell), ``legend`` (the placement legend),
        ``stacks``, ``stack:<i or shape>``, ``llamas`` (the llama-card columns), ``column:<crop>``, ``characters``
        (the row and the deck), ``character:<i>`` / ``character:deck``, ``supply``, ``round``, ``objectives``,
        ``objective:<i>``, ``space:<i>,<s>`` (space s of objective card i), ``plate:<seat>`` (a player's panel),
        ``crops`` / ``crops:<seat>`` (the crops and coins held), ``markers`` / ``markers:<seat>`` (foundations and
        markers left), ``log``, ``button:<name>`` (``feed``, ``marker``, ``end``, ``rotate``, ``confirm``...),
        ``advisor``, ``scores`` (the final scoring card of a lesson's finished game), and while the feeding or
        characters choice is open ``feed:<crop>`` (the row feeding that crop with the fewest coins) and
        ``choice:<i>``."""
        if self.ui is None or not self.rects:
            return None
        kind, _, arg = name.partition(":")
        r = self.rects
        plain = {"domain": "domain", "stacks": "stacks", "llamas": "columns", "characters": "chars",
                 "supply": "supply", "objectives": "objectives", "log": "log"}
        if kind in plain and not arg:
            return pygame.Rect(r[plain[kind]])
        try:
            if kind == "spot":
                x, y = (int(v) for v in arg.split(","))
                return self._spot_rect(x, y)
            if kind == "stack":
                index = SHAPES.index(arg) if arg in SHAPES else int(arg)
                return pygame.Rect(r[f"stack{index}"]) if 0 <= index < len(SHAPES) else None
            if kind == "column":
                return pygame.Rect(r[f"column{CROPS.index(arg)}"]) if arg in CROPS else None
            if kind == "character":
                if arg == "deck":
                    return pygame.Rect(r["char5"]) if self.d["character_deck"] else None
                index = int(arg)
                return pygame.Rect(r[f"char{index}"]) if 0 <= index < len(self.d["character_row"]) else None
            if kind == "objective":
                rect = r.get(f"obj{int(arg)}")
                return pygame.Rect(rect) if rect is not None else None
            if kind == "space":
                index, space = (int(v) for v in arg.split(","))
                rect = r.get(f"obj{index}")
                if rect is None or not 0 <= space < 3:
                    return None
                cx, cy, rad = space_centers(rect, rect.w, rect.h)[space]
                return pygame.Rect(cx - rad, cy - rad, 2 * rad + 1, 2 * rad + 1)
            if kind == "plate":
                rect = r.get(f"panel{int(arg)}")
                return pygame.Rect(rect) if rect is not None else None
            if kind in ("crops", "markers"):
                seat = int(arg) if arg else (self.viewer if self.viewer is not None else 0)
                return self._panel_piece(seat, kind) if 0 <= seat < self.n else None
        except (ValueError, KeyError, IndexError):
            return None
        if kind == "scores" and not arg:  # a lesson's final scoring card
            layout = self._final_scores_layout()
            return pygame.Rect(layout[0]) if layout is not None else None
        if kind == "round" and not arg:
            rect = self._label_rects.get("round")
            return pygame.Rect(rect) if rect is not None else None
        if kind == "legend" and not arg:
            shown = (self.mode == "place" and self.placer is not None and not self.foundation_mode
                     and self.my_seat() == self.shown_seat and self.inspect is None and self.can_act())
            return self.legend.rect() if shown else None
        if kind == "button":
            button = self.buttons.get(arg)
            return pygame.Rect(button.rect) if button is not None and button.rect is not None else None
        if kind == "advisor" and not arg:
            rect = self.advisor.button.rect
            return pygame.Rect(rect) if rect is not None and rect.w > 0 else None
        if kind in ("feed", "choice") and self.choices.overlay is not None:
            rows = self.choices.overlay.rows
            if kind == "choice":
                index = int(arg) if arg.isdigit() else -1
            else:  # the row feeding that crop with the fewest coins
                feeds = [(int(m.split()[2]), i) for i, m in enumerate(self.choices.moves)
                         if m.split()[:2] == ["feed", arg]]
                index = min(feeds)[1] if feeds else -1
            return pygame.Rect(rows[index]) if 0 <= index < len(rows) else None
        return None

    def tutorial_clear(self) -> list[pygame.Rect]:
        """What a lesson's narrator box would rather not cover (it goes where it covers least of these): the big
        domain as drawn (its cells, the icons standing on them, the spots around), the status line, the buttons and
        the learner's panel; the stacks, llama cards, characters, objectives, log and the others' panels may give
        way (the box never covers the piece it points at)."""
        if self.ui is None or not self.rects:
            return []
        clear = [pygame.Rect(self.rects["status"]), pygame.Rect(self.rects["buttons"])]
        if self.viewer is not None:
            clear.append(pygame.Rect(self.rects[f"panel{self.viewer}"]))
        frame = self.camera.big_frame()
        heights = self.camera.big_heights()
        if heights:
            tops = [frame.top_rhombus(x, y, h) for (x, y), h in heights.items()]
            xs = [px for top in tops for px, _ in top]
            ys = [py for top in tops for _, py in top]
            drawn = pygame.Rect(min(xs), min(ys) - frame.headroom, max(xs) - min(xs),
                                max(ys) - min(ys) + frame.headroom + frame.rise)
            clear.append(drawn.inflate(frame.cell, frame.cell // 2).clip(self.rects["domain"]))
        return clear

    def tutorial_uncrossed(self) -> list[pygame.Rect]:
        """What a lesson's arrow never runs across, though the box may cover it: the cards with words on them
        (terrain stacks, llama-card columns, characters, objectives), the players' panels and the domain's title
        ("Your domain")."""
        if self.ui is None or not self.rects:
            return []
        names = [n for n in self.rects if n.startswith(("stack", "column", "char", "obj", "panel"))
                 and n not in ("stacks", "columns", "chars", "objectives", "panels")]
        ui, dom = self.ui, self.rects["domain"]
        title = about("llama_land.ui.domain_of", self.shown_seat, name=self._name(self.shown_seat))
        width, height = ui.font(20, True).size(str(title))
        return [pygame.Rect(self.rects[n]) for n in names] + [pygame.Rect(dom.x, dom.y + ui.s(12), width + ui.s(16),
                                                                          height)]

    def tutorial_protect(self, point=None) -> list[tuple[str, pygame.Rect]]:
        """What a lesson's box and arrow never cover on a step pointing at ``point``: the history, every button,
        each player's bar (name and points), the placement legend while it shows (the hint of the tile you place), the
        final scoring card, and what holds the piece (the objective card of ``space:i,s``: its name and what it
        asks)."""
        if self.ui is None or not self.rects:
            return []
        out = shared_protect(self)
        head_h = self.ui.s(28)  # each player's bar: their name and points (``render_panels``)
        out += [(f"panel_head:{s}", pygame.Rect(self.rects[f"panel{s}"].x, self.rects[f"panel{s}"].y,
                                                self.rects[f"panel{s}"].w, head_h))
                for s in range(self.n) if f"panel{s}" in self.rects]
        for name in ("legend", "scores"):
            rect = self.tutorial_rect(name)
            if rect is not None:
                out.append((name, rect))
        kind, _, arg = (point or "").partition(":")
        if kind == "space":
            card = self.tutorial_rect(f"objective:{arg.split(',')[0]}")
            if card is not None:
                out.append(("objective", card))
        return out

    def _lesson_points_at(self, name: str) -> bool:
        """A lesson's narrator shows a step pointing at the piece ``name`` now."""
        lesson = self.session.lesson
        return lesson is not None and lesson.shown and lesson.current.point == name

    def _spot_rect(self, x: int, y: int) -> pygame.Rect | None:
        """The bounding box of cell (x, y)'s top face on the big domain (level 1 where the domain has no cell),
        inside the domain's panel; None when that cell is off the panel."""
        frame = self.camera.big_frame()
        heights = self.camera.big_heights()
        pts = frame.top_rhombus(x, y, heights.get((x, y), 1))
        xs, ys = [px for px, _ in pts], [py for _, py in pts]
        rect = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                           math.ceil(max(ys) - min(ys)) + 1)
        return rect if self.rects["domain"].contains(rect) else None

    def _final_score_rows(self):
        """(label, points per seat) of the final scoring: llama cards, crops, coins, each objective that paid
        someone, the total; None unless a lesson's game is over (a real game leaves for the results screen)."""
        if self.session.lesson is None or not self.session.is_over:
            return None
        breakdown = self.d["breakdown"]
        rows = score_rows(breakdown, [o["id"] for o in self.d["objectives"]])
        return [(label, points) for key, label, points in rows if not key.startswith("objective:") or any(points)]

    def _final_scores_layout(self):
        """(card rect, row height, label column width, seat column width) of the scoring card: in the domain's
        panel, right-aligned above the status line."""
        rows = self._final_score_rows()
        if rows is None:
            return None
        ui = self.ui
        pad, row_h = ui.s(14), ui.font(17).get_linesize() + ui.s(6)
        label_w = max(ui.font(17).size(label)[0] for label, _ in rows)
        seat_w = max(ui.s(70), max(ui.font(17, True).size(self._name(s))[0] for s in range(self.n)) + ui.s(16))
        title_h = ui.font(17, True).get_linesize() + ui.s(8)
        dom, status = self.rects["domain"], self.rects["status"]
        width = min(dom.w - ui.s(32), 2 * pad + label_w + self.n * seat_w)
        label_w = width - 2 * pad - self.n * seat_w
        height = 2 * pad + title_h + row_h * (len(rows) + 1)
        rect = pygame.Rect(0, 0, width, height)
        rect.bottomright = (dom.right - ui.s(16), status.y - ui.s(12))
        rect.top = max(rect.top, dom.y + ui.s(44))
        return rect, row_h, label_w, seat_w

    def _draw_final_scores(self, surface) -> None:
        layout = self._final_scores_layout()
        if layout is None:
            return
        rect, row_h, label_w, seat_w = layout
        ui = self.ui
        rows = self._final_score_rows()
        draw_panel(surface, rect, ui)
        pad = ui.s(14)
        title = ui.text_fit(t("llama_land.results.subtitle"), 17, rect.w - 2 * pad, INK, bold=True)
        surface.blit(title, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + ui.font(17, True).get_linesize() + ui.s(8)
        x0 = rect.x + pad + label_w
        for s in range(self.n):  # the seats' names over their columns, in their colours
            name = ui.text_fit(self._name(s), 17, seat_w - ui.s(6), iso.seat_rgb(s), bold=True)
            surface.blit(name, name.get_rect(midtop=(x0 + s * seat_w + seat_w // 2, y)))
        y += row_h
        for i, (label, points) in enumerate(rows):
            last = i == len(rows) - 1
            if last:
                pygame.draw.line(surface, PAPER_EDGE, (rect.x + pad, y - ui.s(3)), (rect.right - pad, y - ui.s(3)),
                                 max(1, ui.s(2)))
            img = ui.text_fit(label, 17, label_w - ui.s(8), INK, bold=last)
            surface.blit(img, (rect.x + pad, y))
            for s, value in enumerate(points):
                num = ui.text(str(value), 17, INK, bold=last)
                surface.blit(num, num.get_rect(midtop=(x0 + s * seat_w + seat_w // 2, y)))
            y += row_h
