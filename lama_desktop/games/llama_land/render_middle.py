"""The middle layer of the Llama Land table (redrawn only when the position changes): the felt and the panes, the
terrain stacks, the llama-card columns, the character row and deck, the supply, the objectives and the player
panels; and the light ring on what a click would pick."""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import plural, t
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.pieces import (
    CREAM, INK_SOFT, PAPER_EDGE, character_card, flat_tile, icon, llama_card, objective_card, space_centers
)
from lama_desktop.app.table.pieces import GOLD, INK
from lama_desktop.app.widgets import draw_panel, felt_surface
from lama_desktop.games.llama_land.events import round_number
from lama_desktop.games.llama_land.layout import CROPS


class MiddleMixin:
    """The table's opaque layers: ``_render_static`` (felt and panes) and ``_render_middle`` (the pieces)."""

    def _render_static(self) -> pygame.Surface:
        surf = pygame.Surface(self.size)
        surf.blit(felt_surface(self.size), (0, 0))
        ui = self.ui
        for key, title in (("stacks", "llama_land.ui.stacks"), ("columns", "llama_land.ui.llama_cards"),
                           ("chars", "llama_land.ui.characters"), ("objectives", "llama_land.ui.objectives")):
            rect = self.rects[key]
            pygame.draw.rect(surf, (6, 40, 36), rect, border_radius=ui.s(14))
            pygame.draw.rect(surf, (40, 90, 80), rect, max(1, ui.s(2)), border_radius=ui.s(14))
            label = ui.text(t(title).upper(), 13, (170, 210, 196), bold=True)
            surf.blit(label, (rect.x + ui.s(10), rect.y + ui.s(2)))
        dom = self.rects["domain"]
        shade = pygame.Surface(dom.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 46), shade.get_rect(), border_radius=ui.s(20))
        surf.blit(shade, dom.topleft)
        return surf.convert() if pygame.display.get_surface() else surf

    def _middle_key(self):
        place = self.placer.shape if (self.placer is not None and self.mode == "place") else None
        marker = (self.marker_mode, self.choice) if self.mode == "after" else None
        hut = self.choice if self.mode == "hut" else None
        return (self.version, place, marker, hut, self.shown_seat, self.size, self.session.omniscient)

    def _render_middle(self, surf: pygame.Surface) -> pygame.Surface:
        """The pieces that change only with the position, onto ``surf`` (a copy of the static layer)."""
        secrets = self.session.open_secrets()  # a replay's "All hands open" only: what comes next, shown
        self._draw_stacks(surf, secrets)
        self._draw_columns(surf)
        self._draw_characters(surf, secrets)
        self._draw_supply(surf)
        self._draw_objectives(surf)
        for s in range(self.n):
            self._draw_panel(surf, s)
        return surf

    def _draw_stacks(self, surf, secrets) -> None:
        """The five terrain stacks: each pile's thickness, its top tile (and in a replay's open view the tile under it),
        its number, shape and count; the stack in hand ringed."""
        ui = self.ui
        d = self.d
        r = self.rects
        for i, st in enumerate(d["stacks"]):
            rect = r[f"stack{i}"]
            selected = self.placer is not None and self.mode == "place" and self.placer.shape == st["shape"]
            fill = (255, 248, 226) if selected else CREAM
            for k in range(min(4, (st["count"] + 2) // 3), 0, -1):  # the pile's thickness shows how many are left
                under = rect.move(ui.s(3) * k, ui.s(3) * k)
                pygame.draw.rect(surf, (222 - 12 * k, 208 - 12 * k, 182 - 12 * k), under, border_radius=ui.s(12))
                pygame.draw.rect(surf, (150, 126, 100), under, 1, border_radius=ui.s(12))
            draw_panel(surf, rect, ui, fill=fill, border=GOLD if selected else PAPER_EDGE)
            if selected:
                # inside the card: a ring around it would reach into the pane's title above
                pygame.draw.rect(surf, GOLD, rect, max(2, ui.s(4)), border_radius=ui.s(12))
            upcoming = secrets["next_tiles"][i] if secrets else None
            if st["top"]:
                cell = max(8, min(rect.w // 4 - 1, ui.s(24)))
                x = rect.centerx
                if upcoming:  # the top tile steps left for the one under it
                    cell = max(6, min(rect.w // 6, ui.s(18)))
                    x = rect.x + round(rect.w * 0.36)
                img = flat_tile(st["top"]["icons"], st["top"]["cells"], cell)
                surf.blit(img, img.get_rect(center=(x, rect.y + rect.h * 0.42)))
            elif st.get("covered"):  # face down until the turn ends (so the turn's moves can be taken back)
                back = rect.inflate(-ui.s(14), -ui.s(30)).move(0, -ui.s(6))
                pygame.draw.rect(surf, (120, 150, 110), back, border_radius=ui.s(8))
                pygame.draw.rect(surf, (84, 110, 76), back, max(1, ui.s(2)), border_radius=ui.s(8))
                mark = ui.text("?", 28, (238, 246, 230), bold=True)
                surf.blit(mark, mark.get_rect(center=back.center))
            else:
                empty = ui.text(t("llama_land.ui.empty"), 16, INK_SOFT)
                surf.blit(empty, empty.get_rect(center=(rect.centerx, rect.y + rect.h * 0.42)))
            if upcoming:  # the tile under the top (a replay's open view): small, at the card's right, "next" over it
                small = flat_tile(upcoming["icons"], upcoming["cells"], max(4, min(rect.w // 12, ui.s(10))))
                spot = small.get_rect(center=(rect.right - round(rect.w * 0.17), rect.y + rect.h * 0.46))
                pygame.draw.rect(surf, (232, 220, 196), spot.inflate(ui.s(6), ui.s(6)), border_radius=ui.s(5))
                surf.blit(small, spot)
                word = ui.text_fit(t("llama_land.ui.next"), 12, round(rect.w * 0.34), INK_SOFT, bold=True)
                surf.blit(word, word.get_rect(midbottom=(spot.centerx, spot.top - ui.s(4))))
            count = ui.text(f"×{st['count']}", 18, INK_SOFT, bold=True)
            label_text = f"{i + 1} · {st['shape']}"
            bottom = rect.bottom - ui.s(6)
            surf.blit(count, count.get_rect(bottomright=(rect.right - ui.s(6), bottom)))
            if ui.font(16, True).size(label_text)[0] + ui.s(16) + count.get_width() > rect.w:
                bottom -= count.get_height()  # a narrow card (a large interface): the count under the label
            label = ui.text(label_text, 16, INK, bold=True)
            surf.blit(label, label.get_rect(bottomleft=(rect.x + ui.s(6), bottom)))

    def _draw_columns(self, surf) -> None:
        """The three llama-card columns: the top card, the cards below peeking out, their values and how many are
        left."""
        ui = self.ui
        d = self.d
        r = self.rects
        for i, crop in enumerate(CROPS):
            rect = r[f"column{i}"]
            values = d["llama_columns"][crop]
            under = min(len(values) - 1, 4)
            for k in range(under, 0, -1):  # the cards below peek out
                img = llama_card(ui, crop, values[k], rect.w, rect.h)
                surf.blit(img, (rect.x, rect.y + k * ui.s(5)))
            img = llama_card(ui, crop, values[0] if values else None, rect.w, rect.h)
            surf.blit(img, rect.topleft)
            y = rect.bottom + under * ui.s(5) + ui.s(4)
            room = rect.w + ui.s(4)
            rest = values_range(values[1:])
            if rest:
                txt = ui.text_fit(rest, 12, room, (220, 236, 228))
                surf.blit(txt, txt.get_rect(midtop=(rect.centerx, y)))
            cnt = ui.text_fit(t("llama_land.ui.cards_left", n=len(values)), 12, room, (170, 210, 196), bold=True)
            surf.blit(cnt, cnt.get_rect(midtop=(rect.centerx, y + ui.font(12).get_linesize())))

    def _draw_characters(self, surf, secrets) -> None:
        """The character row and the deck (in a replay's open view the card drawn next over it); ringed while a hut
        lets the player take one."""
        ui = self.ui
        d = self.d
        r = self.rects
        row = d["character_row"]
        for i in range(5):
            rect = r[f"char{i}"]
            if i < len(row):
                img = character_card(ui, row[i], rect.w, rect.h)
                surf.blit(img, rect.topleft)
                if self.mode == "hut":
                    glow = GOLD if self.choice == i else (255, 240, 190)
                    pygame.draw.rect(surf, glow, rect.inflate(ui.s(6), ui.s(6)), max(2, ui.s(3 if self.choice == i
                                                                                         else 2)),
                                     border_radius=ui.s(10))
        gap = d["turn"].get("row_gap", -1)
        if 0 <= gap and d["character_deck"] and len(row) < 5:  # refilled when the turn ends: face down till then
            img = character_card(ui, {"type": "back"}, r[f"char{len(row)}"].w, r[f"char{len(row)}"].h, back=True,
                                 count=None)
            surf.blit(img, r[f"char{len(row)}"].topleft)
        deck = r["char5"]
        if d["character_deck"]:
            img = character_card(ui, {"type": "back"}, deck.w, deck.h, back=True, count=d["character_deck"])
            surf.blit(img, deck.topleft)
            upcoming = secrets["next_character"] if secrets else None
            if upcoming:  # the card drawn next, face up over the deck (its count stays in sight)
                small = character_card(ui, upcoming, deck.w * 4 // 5, deck.h * 3 // 5, named=False)
                surf.blit(small, small.get_rect(topright=(deck.right - ui.s(3), deck.top + ui.s(3))))
            if self.mode == "hut":
                glow = GOLD if self.choice == len(row) else (255, 240, 190)
                pygame.draw.rect(surf, glow, deck.inflate(ui.s(6), ui.s(6)), max(2, ui.s(3)), border_radius=ui.s(10))

    def _draw_supply(self, surf) -> None:
        """The supply line: crops, coins and llamas left, the tiles left and the round (and where each is, for the
        tooltips)."""
        ui = self.ui
        d = self.d
        r = self.rects
        sup = r["supply"]
        x = sup.x + ui.s(6)
        cy = sup.centery
        self._supply_hits = []  # (rect, what): the supply's tokens, the tiles left, the round (tooltips)
        label = ui.text(t("llama_land.ui.supply"), 15, (170, 210, 196), bold=True)
        surf.blit(label, label.get_rect(midleft=(x, cy)))
        x += label.get_width() + ui.s(14)
        isz = ui.s(24)
        for res in ("corn", "cacao", "potato", "coin"):
            img = icon(res, isz)
            surf.blit(img, img.get_rect(midleft=(x, cy)))
            n = d["supply"]["coins" if res == "coin" else res]
            num = ui.text(str(n), 17, CREAM, bold=True)
            surf.blit(num, num.get_rect(midleft=(x + isz + ui.s(4), cy)))
            x += isz + num.get_width() + ui.s(20)
        fig = art.llama_figure(ui.s(28), "cream")
        surf.blit(fig, fig.get_rect(midleft=(x, cy - ui.s(2))))
        num = ui.text(str(d["supply"]["llamas"]), 17, CREAM, bold=True)
        surf.blit(num, num.get_rect(midleft=(x + fig.get_width() + ui.s(4), cy)))
        x += fig.get_width() + num.get_width() + ui.s(24)
        self._supply_hits.append((pygame.Rect(sup.x, sup.y, x - ui.s(12) - sup.x, sup.h), "supply"))
        start = x
        tiles = ui.text(plural("llama_land.ui.tiles_left", d["tiles_left"]), 15, CREAM)
        surf.blit(tiles, tiles.get_rect(midleft=(x, cy)))
        self._label_rects["tiles"] = tiles.get_rect(midleft=(x, cy))
        x += tiles.get_width() + ui.s(20)
        self._supply_hits.append((pygame.Rect(start - ui.s(8), sup.y, x - start, sup.h), "tiles"))
        start = x
        tr = ui.text(t("llama_land.ui.round", n=round_number(d)), 15, CREAM)
        surf.blit(tr, tr.get_rect(midleft=(x, cy)))
        self._label_rects["round"] = tr.get_rect(midleft=(x, cy))
        x += tr.get_width() + ui.s(20)
        if d["triggered"]:
            last = ui.text(t("llama_land.ui.last_round"), 15, GOLD, bold=True)
            surf.blit(last, last.get_rect(midleft=(x, cy)))
            x += last.get_width() + ui.s(20)
        self._supply_hits.append((pygame.Rect(start - ui.s(8), sup.y, x - start, sup.h), "round"))

    def _draw_objectives(self, surf) -> None:
        """The objective cards, their free spaces shown while a marker may go there, the space chosen by the keys
        marked."""
        ui = self.ui
        d = self.d
        r = self.rects
        two = self.n == 2
        marker_moves = self._marker_moves() if (self.mode == "after" and self.marker_mode) else []
        chosen = marker_moves[self.choice % len(marker_moves)] if marker_moves else None
        for i, obj in enumerate(d["objectives"]):
            rect = r[f"obj{i}"]
            spaces = tuple(sorted({m.args[1] for m in marker_moves if m.args[0] == i}))
            o = dict(obj, two_player=two)
            img = objective_card(ui, o, rect.w, rect.h, spaces)
            surf.blit(img, rect.topleft)
            if chosen is not None and chosen.args[0] == i:
                cx, cy2, rad = space_centers(rect, rect.w, rect.h)[chosen.args[1]]
                ghost = pygame.Surface((rad * 2 + 2, rad * 2 + 2), pygame.SRCALPHA)
                pygame.draw.circle(ghost, (*iso.seat_rgb(self.my_seat()), 170), (rad + 1, rad + 1), int(rad * 0.84))
                surf.blit(ghost, (cx - rad - 1, cy2 - rad - 1))
                pygame.draw.circle(surf, (255, 255, 255), (cx, cy2), rad + ui.s(5), max(2, ui.s(3)))
                pygame.draw.circle(surf, INK, (cx, cy2), rad + ui.s(7), max(1, ui.s(1)))
        if not d["objectives"]:
            txt = ui.text(t("llama_land.ui.no_objectives"), 16, (170, 210, 196))
            surf.blit(txt, txt.get_rect(center=r["objectives"].center))

    def _draw_hover(self, surface) -> None:
        """A light ring on what a click would pick (a stack, a character, an objective space)."""
        if not self.can_act():
            return
        pos = self.hover_pos
        ui = self.ui
        ring = None
        if self.mode == "place":
            for i, st in enumerate(self.d["stacks"]):
                if st["count"] and self.rects[f"stack{i}"].collidepoint(pos):
                    ring = self.rects[f"stack{i}"]
        elif self.mode == "hut":
            count = len(self.d["character_row"])
            for i in range(6):
                if (i < count or (i == 5 and self.d["character_deck"])) and self.rects[f"char{i}"].collidepoint(pos):
                    ring = self.rects[f"char{i}"]
        elif self.mode == "after":
            hit = self._objective_space_at(pos)
            if hit is not None and hit[1] is not None:
                index, space = hit
                if any(m.args[0] == index and m.args[1] == space for m in self._marker_moves()):
                    rect = self.rects[f"obj{index}"]
                    cx, cy, rad = space_centers(rect, rect.w, rect.h)[space]
                    pygame.draw.circle(surface, (255, 255, 255), (cx, cy), rad + ui.s(4), max(2, ui.s(3)))
        if ring is not None:
            pygame.draw.rect(surface, (255, 255, 255), ring.inflate(ui.s(8), ui.s(8)), max(2, ui.s(3)),
                             border_radius=ui.s(14))


def values_range(values) -> str:
    """The llama cards under the top one, as the range they run over ("11–5": the next card is worth 11, the last
    5): a column's card is too narrow for their list (up to ten values), which its tooltip gives in full."""
    if not values:
        return ""
    if values[0] == values[-1]:
        return str(values[0])
    return f"{values[0]}–{values[-1]}"
