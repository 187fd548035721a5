"""The players' panels on the Llama Land table: the name bar, the mini domain, the crops and coins, the kit, the
llama cards and the character chips, and where each part goes."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import plural, t
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.iso import IsoFrame, domain_signature, max_height, render_domain
from lama_desktop.games.llama_land.pieces import CREAM, CROP_COLORS, INK_SOFT, PAPER_EDGE, icon, pictogram
from lama_desktop.app.table.seats import level_text, seat_portrait
from lama_desktop.app.table.pieces import GOLD, INK
from lama_desktop.app.widgets import draw_panel
from lama_desktop.games.llama_land.layout import CROPS, panel_geometry
from lama_desktop.app.art.cache import picture_store


class PanelsMixin:
    """The table's player panels (``_draw_panel``) and their geometry (``_panel_geometry``)."""

    def _draw_panel(self, surf, seat: int) -> None:
        ui = self.ui
        d = self.d
        rect = self.rects[f"panel{seat}"]
        col = d["collections"][seat]
        current = d["current_player"] == seat
        shown = self.shown_seat == seat
        fill = (255, 250, 236) if current else CREAM
        draw_panel(surf, rect, ui, fill=fill, border=GOLD if current else PAPER_EDGE)
        if current:
            pygame.draw.rect(surf, GOLD, rect.inflate(ui.s(6), ui.s(6)), max(2, ui.s(4)), border_radius=ui.s(16))
        color = iso.seat_rgb(seat)
        head_h = ui.s(28)
        bar = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(surf, color, bar, border_top_left_radius=ui.s(12), border_top_right_radius=ui.s(12))
        name = self._name(seat)
        seatinfo = self.session.seat_shown(seat)
        if seatinfo.is_bot:
            name += f" · {level_text(seatinfo.level)}"
        # the seat's llama portrait, as on the other tables' name plates, at the bar's left end
        portrait = seat_portrait(seat, head_h - ui.s(2))
        surf.blit(portrait, portrait.get_rect(midleft=(bar.x + ui.s(4), bar.centery)))
        name_x = bar.x + ui.s(10) + portrait.get_width()
        score = ui.text(plural("llama_land.ui.points", int(d["scores"][seat])), 17, (255, 255, 255), bold=True)
        room = bar.right - ui.s(20) - score.get_width() - name_x
        # a long name gets smaller, then shortened (the panel's tooltip names the player in full)
        img = ui.text_fit(name, 17, room, (255, 255, 255), bold=True)
        surf.blit(img, img.get_rect(midleft=(name_x, bar.centery)))
        surf.blit(score, score.get_rect(midright=(bar.right - ui.s(10), bar.centery)))
        geo = self._panel_geometry(seat)
        # mini domain
        body = geo["body"]
        mini = self._domain_surface(seat, body, margin=0, grid=False, key="mini", max_cell=ui.s(40))
        if shown:  # the domain shown large: a soft plate hugging the mini domain, not the whole column
            kept = self._mini_bounds.get(seat)
            if kept is None or kept[0] is not mini:  # measured once per drawing of the mini domain
                kept = self._mini_bounds[seat] = (mini, mini.get_bounding_rect())
            drawn = kept[1].move(body.topleft).inflate(ui.s(12), ui.s(12)).clip(body)
            pygame.draw.rect(surf, (226, 214, 190), drawn, border_radius=ui.s(10))
        surf.blit(mini, body.topleft)
        # resources
        x0, y, isz, step = geo["x0"], geo["y_res"], geo["isz"], geo["step"]
        x = x0
        for res in (*CROPS, "coin"):
            surf.blit(icon(res, isz), (x, y))
            num = ui.text(str(col["coins"] if res == "coin" else col["crops"][res]), 17, INK, bold=True)
            surf.blit(num, num.get_rect(midleft=(x + isz + ui.s(2), y + isz // 2)))
            x += step
        y = geo["y_info"]
        info = t("llama_land.ui.kit", foundations=col["foundations"], markers=col["markers"])
        img = ui.text_fit(info, 13, rect.right - ui.s(6) - x0, INK_SOFT)
        surf.blit(img, (x0, y))
        y = geo["y_chips"]
        # llama cards as little coloured chips with their values
        chip_w, chip_h = ui.s(22), geo["chip_h"]
        x = x0
        for crop, value in col["llama_cards"][:10]:
            chip = pygame.Rect(x, y, chip_w, chip_h)
            pygame.draw.rect(surf, CROP_COLORS[crop], chip, border_radius=ui.s(4))
            pygame.draw.rect(surf, INK, chip, 1, border_radius=ui.s(4))
            v = ui.text(str(value), 12, INK if crop != "cacao" else CREAM, bold=True)
            surf.blit(v, v.get_rect(center=chip.center))
            x += chip_w + ui.s(2)
            if x + chip_w > rect.right - ui.s(6):
                break
        if not col["llama_cards"]:
            img = ui.text(t("llama_land.ui.no_cards"), 13, INK_SOFT)
            surf.blit(img, (x0, y + ui.s(2)))
        # characters
        for cid, crect in self._char_chip_rects(seat):
            ch = next(c for c in col["characters"] if c["id"] == cid)
            used = cid in d["turn"]["used"] and current
            pygame.draw.rect(surf, (236, 224, 200) if not used else (210, 204, 190), crect, border_radius=ui.s(6))
            pygame.draw.rect(surf, INK, crect, 1, border_radius=ui.s(6))
            pic = _char_glyph(ch, crect.w)
            surf.blit(pic, pic.get_rect(center=crect.center))

    def _domain_surface(self, seat: int, rect: pygame.Rect, *, margin: int, grid: bool, key: str, max_cell: int,
                        skip=frozenset()):
        dom = self.d["domains"][seat]
        sig = domain_signature(dom)
        x0, y0, x1, y1 = dom["bounds"]
        bounds = (x0 - margin, y0 - margin, x1 + margin, y1 + margin)
        cache_key = (key, seat)
        full = (sig, tuple(rect), bounds, skip, max_cell)
        hit = self.domain_cache.get(cache_key)
        if hit is not None and hit[0] == full:
            return hit[1]
        frame = IsoFrame(bounds, pygame.Rect(0, 0, rect.w, rect.h), max_height(dom) + (1 if margin else 0),
                         max_cell=max_cell)
        surf = render_domain(dom, frame, seat, grid=grid, skip=skip)
        self.domain_cache[cache_key] = (full, surf, frame)
        return surf

    def _panel_geometry(self, seat) -> dict:
        """Where a player panel's parts go (``layout.panel_geometry``)."""
        return panel_geometry(self.ui, self.rects[f"panel{seat}"], self.d["collections"][seat]["characters"])

    def _my_char_rects(self):
        me = self.my_seat()
        if me < 0:
            return []
        return self._char_chip_rects(me)

    def _char_chip_rects(self, seat):
        return self._panel_geometry(seat)["chars"]

    def _panel_piece(self, seat: int, kind: str) -> pygame.Rect:
        """In a player's panel: ``crops``, the row of crops and coins; ``markers``, the line of foundations and
        markers left."""
        geo = self._panel_geometry(seat)
        right = self.rects[f"panel{seat}"].right - self.ui.s(4)
        pad = self.ui.s(3)
        if kind == "crops":
            num_w = self.ui.font(17, True).size("88")[0]
            width = min(3 * geo["step"] + geo["isz"] + self.ui.s(2) + num_w, right - geo["x0"]) + 2 * pad
            return pygame.Rect(geo["x0"] - pad, geo["y_res"] - pad, width, geo["isz"] + 2 * pad)
        col = self.d["collections"][seat]
        text = t("llama_land.ui.kit", foundations=col["foundations"], markers=col["markers"])
        width = min(self.ui.font(13).size(text)[0], right - geo["x0"])
        return pygame.Rect(geo["x0"] - pad, geo["y_info"] - pad, width + 2 * pad,
                           self.ui.font(13).get_height() + 2 * pad)


_GLYPHS: dict = picture_store()


def _char_glyph(ch: dict, size: int) -> pygame.Surface:
    key = (ch["type"], tuple(ch.get("crops", [])), size)
    img = _GLYPHS.get(key)
    if img is None:
        pic = pictogram(ch["type"], ch.get("crops", []), max(8, int(size * 0.42)))
        scale = min(1.0, (size - 4) / max(1, pic.get_width()))
        img = pygame.transform.smoothscale_by(pic, scale) if scale < 1 else pic
        _GLYPHS[key] = img
    return img
