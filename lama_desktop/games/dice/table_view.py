"""The LAMA Dice table's places and drawing (``DiceTableView``, mixed into ``table.DiceTableScene``): where the rows,
the llama row, the dice tray and the points badges are; the cached layer (felt, llama row mat, the other seats'
rows, plates and tokens, the log) and, each frame over it, the bottom row with its selection, the dice (tumbling
while rolled, with their shadows), the take glow, the status, the buttons, the blow-up's shake and red flash, and
what flies."""

from __future__ import annotations

import math

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import either, language, names, plural, t
from lama_desktop.app.table.pieces import (
    blit_card, card_height, card_image, count_badge, draw_token_stacks, finish, rotated_shadow
)
from lama_desktop.app.widgets import felt_surface
from lama_desktop.games.dice import art as dice_art
from lama_desktop.games.dice.rules import holding
from lama_desktop.games.dice.words import ORDER, card_label, sort_cards
from lama_desktop.app.art.cache import picture_store


class DiceTableView:
    """Where the LAMA Dice table's pieces are, and how they are drawn."""

    # -- geometry --------------------------------------------------------------------------------------------
    def _row_rect(self, seat: int) -> pygame.Rect:
        return self.layout[f"seat{self.pos_of(seat)}.row"]

    def _card_w(self, seat: int) -> int:
        return self.row_w if self.pos_of(seat) == 0 else self.small_w

    def _row_positions(self, seat: int, count: int) -> list[tuple[int, int]]:
        rect = self._row_rect(seat)
        w = self._card_w(seat)
        if count <= 0:
            return []
        gap = self.layout.s(10 if self.pos_of(seat) == 0 else 5)
        mine = self.pos_of(seat) == 0
        # the "pts" badge sits right of an opponent's last card, left of your first: a long row closes up instead
        # of running under it
        keep = self._points_badge_room(mine)
        room = rect.w - keep
        step = min(w + gap, (room - w) / max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        x0 = max(rect.centerx - total / 2, rect.x + keep) + w / 2 if mine else rect.x + w / 2
        y = rect.centery if not mine else rect.y + card_height(w) // 2 + self.layout.s(30)
        return [(round(x0 + i * step), y) for i in range(count)]

    def _points_badge_room(self, mine: bool = False) -> int:
        """Width kept free beside a row for its points badge (two-digit points, any language): right of an
        opponent's row, left of yours (it covered your first card's number)."""
        L = self.layout
        if self.ui is None or L is None:
            return 0
        height = self.ui.s(28) if mine else self._points_badge_h()
        badge = count_badge(self.ui, plural("dice.label.row_points", 88), height)
        return badge.get_width() + L.s(10 if mine else 6)

    def _points_badge_h(self) -> int:
        """An opponent's "pts" badge follows the opponents' share of the UI scale, like their cards."""
        return self.layout.seat_s(1, 24)

    def _advice_rects(self, move) -> list:
        """The advisor's best move on the table: the llama-row card to take, the row's cards to discard, else its
        button (roll, quit, a token)."""
        if move.kind == "take":
            slot = self._llama_positions().get(str(move.args[0]))
            if slot is None:
                return []
            w, h = self.llama_w, card_height(self.llama_w)
            return [pygame.Rect(slot[0] - w // 2, slot[1] - h // 2, w, h)]
        if move.kind == "discard":
            row = self.shown.rows[self.focus]
            positions = self._row_positions(self.focus, len(row))
            wanted = [str(a) for a in move.args]
            w, h = self.row_w, card_height(self.row_w)
            rects = []
            for i, ((x, y), name) in enumerate(zip(positions, row, strict=False)):
                if name in wanted:
                    wanted.remove(name)
                    rects.append(pygame.Rect(x - w // 2, y - h // 2 - self._lift(i), w, h))
            return rects
        return super()._advice_rects(move)

    def _row_card_at(self, pos) -> int:
        if self.layout is None:
            return -1
        row = self.shown.rows[self.focus]
        positions = self._row_positions(self.focus, len(row))
        w, h = self.row_w, card_height(self.row_w)
        for i in range(len(positions) - 1, -1, -1):
            x, y = positions[i]
            lift = self._lift(i)
            if pygame.Rect(x - w // 2, y - h // 2 - lift, w, h).collidepoint(pos):
                return i
        return -1

    def _llama_positions(self) -> dict:
        """Slot centre of each llama-row value (the row keeps its order; a taken card leaves its slot empty)."""
        rect = self.layout["llama_row"]
        w = self.llama_w
        step = (rect.w - w) / 6
        y = rect.y + card_height(w) // 2 + self.layout.s(24)
        return {name: (round(rect.x + w / 2 + i * step), y) for i, name in enumerate(["1", "2", "3", "4", "5", "6",
                                                                                       "L"])}

    def _llama_card_at(self, pos) -> int:
        if self.layout is None:
            return -1
        slots = self._llama_positions()
        w, h = self.llama_w, card_height(self.llama_w)
        for i, name in enumerate(self.shown.llama):
            x, y = slots[name]
            if pygame.Rect(x - w // 2, y - h // 2, w, h).collidepoint(pos):
                return i
        return -1

    # -- drawing ---------------------------------------------------------------------------------------------
    def _render_static(self, size) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.blit(felt_surface(size), (0, 0))
        L, ui = self.layout, self.ui
        # the llama row's mat and the dice tray
        mat = self._llama_mat()
        pygame.draw.rect(surf, (12, 58, 54), mat, border_radius=L.s(18))
        pygame.draw.rect(surf, (150, 200, 188), mat, max(1, L.s(2)), border_radius=L.s(18))
        label = ui.font(15, True).render(t("dice.label.llama_row").upper(), True, (150, 200, 188))
        surf.blit(label, label.get_rect(midtop=(mat.centerx, mat.y + L.s(6))))
        slots = self._llama_positions()
        w, h = self.llama_w, card_height(self.llama_w)
        for name, (x, y) in slots.items():
            r = pygame.Rect(0, 0, w + L.s(6), h + L.s(6))
            r.center = (x, y)
            pygame.draw.rect(surf, (20, 78, 72), r, max(1, L.s(2)), border_radius=L.s(9))
            ghost = ui.font(26, True).render(card_label(name) if name != "L" else "L", True, (40, 100, 92))
            surf.blit(ghost, ghost.get_rect(center=r.center))
        tray = self._dice_rect().inflate(-L.s(20), L.s(4))
        ring = pygame.Surface(tray.size, pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (0, 0, 0, 40), ring.get_rect())
        pygame.draw.ellipse(ring, (255, 255, 255, 30), ring.get_rect(), max(1, L.s(2)))
        surf.blit(ring, tray)
        return surf.convert() if pygame.display.get_surface() else surf

    def _layer_key(self) -> tuple:
        sh, s = self.shown, self.session
        return (self.layout.size, self.focus, sh.round, tuple(tuple(r) for r in sh.rows), tuple(sh.llama),
                tuple(sh.scores), tuple(sh.quit), sh.current, s.thinking, self._log_key(),
                s.is_over, self.colorblind, sh.phase, language())

    def draw_table(self, surface: pygame.Surface) -> None:
        """A cached layer holds what only changes with the model (rows of others, llama row, plates, tokens,
        log); the picture is that layer, then the bottom row, dice, buttons and status, then what flies."""
        size = surface.get_size()
        self._model_layer(size)
        if self.shake > 0:
            amp = self.layout.s(14) * self.shake
            offset = (round(math.sin(self.time * 71) * amp), round(math.cos(self.time * 53) * amp))
            surface.fill((0, 0, 0))
            surface.blit(self._layer, offset)
        else:
            surface.blit(self._layer, (0, 0))
        self._draw_take_glow(surface)
        self._draw_my_row(surface)
        self._draw_dice(surface)
        self._draw_status(surface)
        self._draw_return_buttons(surface, lift=False)
        self._draw_sprites(surface)
        if self.flash > 0:
            veil = self._veil
            if veil is None or veil.get_size() != size:
                veil = self._veil = pygame.Surface(size)
                veil.fill((230, 60, 50))
            veil.set_alpha(round(120 * self.flash))
            surface.blit(veil, (0, 0))

    def _draw_middle(self, layer) -> None:
        self._draw_llama_row(layer)

    def _round_text(self) -> str:
        return t("dice.status.round", round=self.shown.round)

    def _draw_llama_row(self, surface) -> None:
        slots = self._llama_positions()
        for name in self.shown.llama:
            blit_card(surface, name, slots[name], self.llama_w, colorblind=self.colorblind, shadow=True)

    def _draw_take_glow(self, surface) -> None:
        """On a miss, the llama-row cards the player may take glow; the hovered one is lifted."""
        takeable = self.takeable()
        if not takeable:
            return
        slots = self._llama_positions()
        L = self.layout
        pulse = 0.5 + 0.5 * abs(((self.time * 1.5) % 2) - 1)
        for i, name in enumerate(self.shown.llama):
            if name not in takeable:
                continue
            x, y = slots[name]
            lift = L.s(10) if i == self.hover_llama or name == self.llama_choice else 0
            blit_card(surface, name, (x, y - lift), self.llama_w, glow=(255, round(200 + 40 * pulse), 110),
                      colorblind=self.colorblind)

    def _seat_out(self, seat: int) -> bool:
        return self.shown.quit[seat]

    def _plate_badge(self, seat: int) -> str:
        return t("dice.plate.starter") if self.shown.starter == seat else ""

    def _badge_tip(self, seat: int) -> str:
        return t("dice.tip.starter") if self._plate_badge(seat) else ""

    def _draw_row_cards(self, surface, seat: int) -> None:
        sh = self.shown
        row = sh.rows[seat]
        w = self._card_w(seat)
        for (x, y), name in zip(self._row_positions(seat, len(row)), row, strict=False):
            blit_card(surface, None if sh.quit[seat] else name, (x, y), w, colorblind=self.colorblind,
                      shadow=True)

    def _draw_opponent(self, surface, seat: int) -> None:
        L, sh = self.layout, self.shown
        k = self.pos_of(seat)
        plate_rect = L[f"seat{k}.plate"]
        self._blit_plate(surface, seat, plate_rect)
        self._draw_row_cards(surface, seat)
        rect = L[f"seat{k}.row"]
        badge, where = self._points_badge(seat)
        surface.blit(badge, where)
        if sh.quit[seat]:
            tag = self.ui.font(16, True).render(t("dice.plate.out_tag"), True, (255, 240, 220))
            box = tag.get_rect(center=(rect.x + L.s(60), rect.centery))
            pygame.draw.rect(surface, (150, 70, 60), box.inflate(L.s(14), L.s(6)), border_radius=L.s(10))
            surface.blit(tag, box)
        draw_token_stacks(surface, *self._token_stacks(seat), ui=self.ui)

    def _draw_me_seat(self, surface) -> None:
        seat = self.focus
        self._blit_plate(surface, seat, self.layout["seat0.plate"])
        draw_token_stacks(surface, *self._token_stacks(seat), ui=self.ui)

    def _token_stacks(self, seat: int) -> tuple:
        """``draw_token_stacks``' arguments for a seat's tokens (also where the lesson points: ``tokens:<seat>``)."""
        L = self.layout
        k = self.pos_of(seat)
        rect = L[f"seat{k}.tokens"].inflate(-L.s(12 if k == 0 else 4), -L.s(4))
        held = holding(max(0, self.shown.scores[seat]), self.pinks)
        return rect, held, self.pinks, self.token_d if k == 0 else self.small_token_d

    def _draw_my_row(self, surface) -> None:
        L, sh = self.layout, self.shown
        seat = self.focus
        row = sh.rows[seat]
        positions = self._row_positions(seat, len(row))
        choosing = sh.phase == "discard" and self.can_act()
        caps = self.discard_caps() if choosing else {}
        matches = set(sh.dice or ()) if sh.phase == "discard" and sh.current == seat else set()
        for i, ((x, y), name) in enumerate(zip(positions, row, strict=False)):
            lift = self._lift(i)
            glow = None
            dim = False
            if choosing:
                if i in self.selected:
                    glow = (255, 240, 170)
                elif caps.get(name):
                    glow = (255, 214, 110)
                else:
                    dim = True
            elif name in matches:
                glow = (255, 214, 110)
            face = None if sh.quit[seat] else name
            blit_card(surface, face, (x, y - lift), self.row_w, glow=glow, dim=dim, colorblind=self.colorblind,
                      shadow=True)
            if i == self.card_focus and choosing:
                r = pygame.Rect(0, 0, self.row_w + L.s(10), card_height(self.row_w) + L.s(10))
                r.center = (x, y - lift)
                pygame.draw.rect(surface, (255, 250, 230), r, max(2, L.s(3)), border_radius=L.s(12))
        hint_rect = L["seat0.hint"]
        hint = self._hint_text()
        self._hint_rect = None  # the hint line (where it was drawn last)
        if hint:
            img = self.ui.text(hint, 18, (214, 234, 226))
            if img.get_width() > hint_rect.w:
                img = pygame.transform.smoothscale_by(img, hint_rect.w / img.get_width())
            self._hint_rect = surface.blit(img, img.get_rect(midbottom=(hint_rect.centerx, hint_rect.bottom - L.s(4))))
        badge, where = self._points_badge(seat)
        surface.blit(badge, where)

    def _points_badge(self, seat: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The "12 pts" badge of a seat's row (what the row would cost now) and where it is drawn: left of the own
        row, right of an opponent's last card."""
        L, sh = self.layout, self.shown
        row = sh.rows[seat]
        positions = self._row_positions(seat, len(row))
        points = row_points(row)
        if self.pos_of(seat) == 0:
            badge = count_badge(self.ui, plural("dice.label.row_points", points), self.ui.s(28))
            rect = L["seat0.row"]
            if positions:
                left = positions[0][0] - self.row_w // 2 - L.s(10)
                top = positions[0][1] - card_height(self.row_w) // 2
                return badge, badge.get_rect(topright=(max(rect.x + badge.get_width(), left), top))
            return badge, badge.get_rect(midtop=(rect.centerx, rect.y + L.s(40)))
        badge = count_badge(self.ui, plural("dice.label.row_points", points), self._points_badge_h())
        rect = L[f"seat{self.pos_of(seat)}.row"]
        right = positions[-1][0] + self.small_w // 2 + L.s(6) if positions else rect.x
        top = (positions[0][1] - card_height(self.small_w) // 2) if positions else rect.y
        return badge, badge.get_rect(topleft=(min(right, rect.right - badge.get_width()), top))

    def _hint_text(self) -> str:
        sh = self.shown
        if not self.can_act():
            return ""
        if sh.phase == "discard":
            caps = self.discard_caps()
            parts = [t("dice.hint.cap", n=n, card=card_label(name)) for name, n in
                     sorted(caps.items(), key=lambda kv: ORDER.get(kv[0], 9))]
            return t("dice.hint.discard", allowed=names(parts))
        if sh.phase == "take":
            cards = [card_label(c) for c in sort_cards(self.takeable())]
            if len(cards) == 1:
                return t("dice.hint.take_one", card=cards[0])
            return t("dice.hint.take", cards=either(cards))
        if sh.phase == "turn":
            alone = all(sh.quit[s] for s in range(self.n) if s != self.focus)
            return t("dice.hint.alone") if alone else t("dice.hint.turn")
        return ""

    def _draw_dice(self, surface) -> None:
        sh = self.shown
        centers = self._die_centers()
        size = self.die_size
        if self.rolling is not None:
            for i, (face, angle, dy, _) in enumerate(self.rolling):
                img = dice_art.die(face, size)
                img = pygame.transform.rotate(img, angle)
                x, y = centers[i]
                height = min(1.0, -dy / max(1, self.layout.s(70)))
                shadow = _die_shadow(max(8, round(size * (0.8 - 0.3 * height))))
                surface.blit(shadow, shadow.get_rect(center=(x, y + size * 3 // 8)))
                surface.blit(img, img.get_rect(center=(x, round(y + dy))))
            return
        if not sh.dice:
            # before the turn's roll the dice are blank: nothing on them that could be read as a roll
            for x, y in centers:
                img = dice_art.die(None, size)
                surface.blit(img, img.get_rect(center=(x, y)))
            if self.can_act() and sh.phase == "turn":
                pulse = 0.5 + 0.5 * abs(((self.time * 1.2) % 2) - 1)
                r = self._dice_rect().inflate(-self.layout.s(30), 0)
                pygame.draw.rect(surface, (255, round(200 + 40 * pulse), 110), r, max(2, self.layout.s(3)),
                                 border_radius=self.layout.s(24))
            return
        row = set(sh.rows[sh.current]) if 0 <= sh.current < self.n else set()
        llama = set(sh.llama)
        for (x, y), face in zip(centers, sh.dice, strict=False):
            if sh.phase == "discard":
                highlight = face in row
            elif sh.phase == "take":
                highlight = face in llama
            else:
                highlight = sh.phase == "return"
            img = dice_art.die(face, size, highlight=highlight)
            surface.blit(img, img.get_rect(center=(x, y)))

    def _status_text(self) -> str:
        s, sh = self.session, self.shown
        cur = s.current_player
        if s.is_over:
            return t("dice.status.over")
        if not self.idle:
            return t("dice.status.round", round=sh.round)
        mine = self.can_act()
        name = self._name(cur)
        if sh.phase == "discard":
            return t("dice.status.discard_mine") if mine else t("dice.status.discard", name=name)
        if sh.phase == "take":
            return t("dice.status.take_mine") if mine else t("dice.status.take", name=name)
        if sh.phase == "return":
            return t("dice.status.return_mine") if mine else t("dice.status.return", name=name)
        if mine:
            return t("dice.status.your_turn")
        if s.seats[cur].is_bot:
            return t("dice.status.bot_turn", name=name)
        return t("dice.status.turn", name=name)

    def _draw_sprites(self, surface) -> None:
        for sp in self.sprites:
            w = max(4, round(sp.scale))
            if sp.back == "token":
                img = art.token(sp.image, w)
                surface.blit(img, img.get_rect(center=(round(sp.x), round(sp.y))))
                continue
            img = card_image(sp.image, max(self.row_w, w), self.colorblind)
            if img.get_width() != w:
                img = pygame.transform.smoothscale(img, (w, card_height(w)))
            shadow = rotated_shadow(w, 0)
            surface.blit(shadow, shadow.get_rect(center=(round(sp.x) + w // 12, round(sp.y) + w // 8)))
            surface.blit(img, img.get_rect(center=(round(sp.x), round(sp.y))))


_shadows: dict = picture_store()


def _die_shadow(width: int) -> pygame.Surface:
    """A soft oval shadow under a tumbling die (smaller while the die is high)."""
    surf = _shadows.get(width)
    if surf is None:
        surf = pygame.Surface((width, max(4, width // 3)), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (0, 0, 0, 70), surf.get_rect())
        if len(_shadows) > 64:
            _shadows.clear()
        surf = _shadows[width] = finish(surf)
    return surf


def row_points(names) -> int:
    values = {str(n) for n in names}
    return sum(10 if v == "L" else int(v) for v in values)
