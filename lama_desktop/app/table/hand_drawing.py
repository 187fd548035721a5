"""The hand-of-cards table's places and drawing (``HandDrawing``, mixed into ``hand_table.HandTableScene``).

A cached layer holds everything that only changes with the shown model (the felt, the piles, the seats with their
plates, backs and tokens, the board, the log): ``_render_static`` paints what never changes with it, and
``_draw_middle`` / ``_draw_opponent`` / ``_draw_me_seat`` what does. Each frame then draws over that layer the hand
fan (lifts, glow, focus ring, the keys line under it), the status, the buttons, the cards and tokens in flight
(``_draw_sprites``), the rising "+8" floaters, the toasts and the panels.
"""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import about, language, t
from lama_desktop.app.table.pieces import (
    CREAM, GOLD, blit_card, blit_flipping, card_height, card_image, count_badge, draw_backs_and_count, fan_positions,
    finish, rotated_shadow)
from lama_desktop.app import art
from lama_desktop.app.widgets import felt_surface
from lama_desktop.app.art.cache import picture_store
from lama_desktop.app.table.advisor_panel import select_button

#: how the discard pile's top cards lie askew (degrees, by position in the pile)
WOBBLES = (-7, 5, -3, 8, -5, 3)


class HandDrawing:
    """Where the piles, hands and seats of a hand-of-cards table are, and how they are drawn."""

    # -- places on the table ---------------------------------------------------------------------------------
    def _hand_anchor(self, seat: int):
        if self.pos_of(seat) == 0:
            return self.layout["seat0.hand"].center
        return self.layout[f"seat{self.pos_of(seat)}.hand"].center

    def _pile_center(self):
        r = self.layout["draw_pile"]
        return r.centerx, r.centery

    def _discard_center(self, index: int = 0):
        r = self.layout["discard"]
        return r.centerx, r.centery

    def _pile_rect(self) -> pygame.Rect:
        c = self._pile_center()
        return pygame.Rect(0, 0, self.pile_w, card_height(self.pile_w)).move(c[0] - self.pile_w // 2,
                                                                            c[1] - card_height(self.pile_w) // 2)

    def _deal_target(self, seat: int, index: int, size: int):
        if self.pos_of(seat) == 0:
            positions = fan_positions(size, self._fan_rect(), self.hand_w)
            x, y, _ = positions[min(index, len(positions) - 1)]
            return x, y
        return self._hand_anchor(seat)

    def _hand_positions(self):
        return fan_positions(len(self.shown.hand), self._fan_rect(), self.hand_w)

    def _fan_rect(self) -> pygame.Rect:
        """The player's hand anchor less the keys line under it: the cards never sit under that line."""
        rect = self.layout["seat0.hand"].copy()
        rect.h -= self._hint_h()
        return rect

    def _hint_h(self) -> int:
        return self.ui.font(16).get_linesize() + self.layout.s(4)

    def _pile_label_rect(self, name: str) -> pygame.Rect:
        """Where a pile's label ("DRAW PILE") is drawn, under its slot."""
        w, h = self.ui.font(15, True).size(t(f"hand.label.{name}").upper())
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (self.layout[name].centerx, self._slot_rect(name).bottom + self.layout.s(4))
        return rect

    def _slot_rect(self, name: str) -> pygame.Rect:
        L = self.layout
        slot = pygame.Rect(0, 0, self.pile_w + L.s(8), card_height(self.pile_w) + L.s(8))
        slot.center = L[name].center
        return slot

    def _advice_rects(self, move) -> list:
        """The advisor's best move on the table: the card to play in the hand, else its button."""
        if move.kind == "play":
            name = self._card_name(str(move.args[0]))
            positions = self._hand_positions()
            h = card_height(self.hand_w)
            for i, ((x, y, _angle), card) in enumerate(zip(positions, self.shown.hand, strict=False)):
                if card == name:
                    lift = self.lifts[i] if i < len(self.lifts) else 0.0
                    return [pygame.Rect(round(x - self.hand_w / 2), round(y - h / 2 - lift), self.hand_w, h)]
            return []
        return super()._advice_rects(move)

    def _advice_select(self, move) -> bool:
        """A move chosen in the advisor's panel, selected for the player to confirm: the card to play gets the
        keyboard focus (Enter plays it), else the move's button does."""
        if move.kind == "play":
            name = self._card_name(str(move.args[0]))
            index = next((i for i, card in enumerate(self.shown.hand) if card == name), -1)
            if index < 0:
                return False
            for button in self.buttons.values():
                button.focused = False
            self.hand_focus = index
            return True
        return select_button(self, move)

    # -- the cached layer ------------------------------------------------------------------------------------
    def _render_static(self, size) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.blit(felt_surface(size), (0, 0))
        L, ui = self.layout, self.ui
        # a soft ring where the piles sit
        center = L["draw_pile"].union(L["discard"]).inflate(L.s(60), L.s(40))
        ring = pygame.Surface(center.size, pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (255, 255, 255, 16), ring.get_rect())
        pygame.draw.ellipse(ring, (255, 255, 255, 34), ring.get_rect(), max(1, L.s(2)))
        surf.blit(ring, center)
        for name in ("draw_pile", "discard"):
            label = ui.text(t(f"hand.label.{name}").upper(), 15, (150, 200, 188), bold=True)
            surf.blit(label, self._pile_label_rect(name))
        if self.has_board:
            self._draw_board_base(surf)
        return surf.convert() if pygame.display.get_surface() else surf

    def _layer_key(self) -> tuple:
        sh, s = self.shown, self.session
        return (self.layout.size, self.focus, self.revealed, sh.round, tuple(sh.sizes), sh.pile, tuple(sh.discard),
                tuple(sh.scores), tuple(sh.board), self._board_on(), tuple(sh.active), sh.current,
                s.thinking, self._log_key(), s.is_over,
                self.colorblind, language()) + self._layer_extras()

    def _layer_extras(self) -> tuple:
        """What else of the game's own shown model the cached layer draws."""
        return ()

    def _board_on(self) -> bool:
        """The board's event is on: the table's edges glow and the board pulses (never without a board)."""
        return False

    def _draw_middle(self, layer) -> None:
        if self._board_on():
            layer.blit(edge_glow(layer.get_size()), (0, 0))
        self._draw_piles(layer)
        if self.has_board:
            self._draw_board(layer)

    def _round_text(self) -> str:
        return t("hand.status.round", round=self.shown.round)

    def _draw_piles(self, surface) -> None:
        L, sh = self.layout, self.shown
        for name, empty in (("draw_pile", sh.pile <= 0), ("discard", not sh.discard)):
            if empty:  # an empty place keeps its outline
                pygame.draw.rect(surface, (10, 48, 46), self._slot_rect(name), max(1, L.s(2)), border_radius=L.s(10))
        cx, cy = self._pile_center()
        if sh.pile > 0:
            layers = min(4, 1 + sh.pile // 8)
            for i in range(layers - 1, -1, -1):
                blit_card(surface, None, (cx - i * L.s(2), cy - i * L.s(2)), self.pile_w, shadow=i == layers - 1)
            badge = count_badge(self.ui, str(sh.pile), self.ui.s(30))
            surface.blit(badge, badge.get_rect(center=(cx + self.pile_w // 2 - L.s(4),
                                                       cy + card_height(self.pile_w) // 2 - L.s(6))))
        dx, dy = self._discard_center()
        start = max(0, len(sh.discard) - 4)
        for i in range(start, len(sh.discard)):
            k = i - start
            angle = WOBBLES[i % 6]
            blit_card(surface, sh.discard[i], (dx + (k - 1.5) * L.s(3), dy), self.pile_w,
                      angle=angle, colorblind=self.colorblind, shadow=k == 0 or i == len(sh.discard) - 1)

    def _seat_out(self, seat: int) -> bool:
        return not self.shown.active[seat]

    def _draw_opponent(self, surface, seat: int) -> None:
        L, sh = self.layout, self.shown
        k = self.pos_of(seat)
        plate_rect = L[f"seat{k}.plate"]
        self._blit_plate(surface, seat, plate_rect)
        hand_rect = L[f"seat{k}.hand"]
        draw_backs_and_count(surface, self.ui, hand_rect, sh.sizes[seat], not sh.active[seat], self.back_w,
                             L.seat_s(k, 26), faces=self._open_hand(seat), colorblind=self.colorblind)
        self._draw_tokens(surface, seat, self._seat_tokens_rect(k), self.small_token_d, "left")

    def _seat_tokens_rect(self, position: int) -> pygame.Rect:
        """Where the token stacks of the seat at ``position`` stand (and their counts): its layout anchor, short of
        the advisor button's place where a side seat's anchor runs under it (the counts stay uncovered)."""
        L = self.layout
        if position == 0:
            return L["seat0.tokens"].inflate(-L.s(12), -L.s(4))
        rect = L[f"seat{position}.tokens"].inflate(-L.s(8), 0)
        button = self._advice_anchor()[0]
        if button.colliderect(rect) and button.x > rect.x:
            rect.w = button.x - L.s(8) - rect.x
        return rect

    def _open_hand(self, seat: int):
        """Another seat's hand face up (its cards as the table names them), only in a replay's "All hands open"
        view (``session.open_views``: a frozen, omniscient session); None at every other table."""
        views = self.session.open_views()
        return None if views is None else self.shown_type(views[seat], True).hand

    def _draw_me_seat(self, surface) -> None:
        L = self.layout
        seat = self.focus
        plate_rect = L["seat0.plate"]
        self._blit_plate(surface, seat, plate_rect)
        self._draw_tokens(surface, seat, self._seat_tokens_rect(0), self.token_d, "left")

    # -- every frame -----------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        """A cached layer holds everything that only changes with the model (piles, seats, tokens, log); the
        picture is that layer, then the hand, buttons and status (hover / lift states), then what flies."""
        surface.blit(self._model_layer(surface.get_size()), (0, 0))
        if self.has_board and self._board_on():
            self._draw_board_pulse(surface)
        self._draw_pile_hover(surface)
        self._draw_hand(surface)
        self._draw_status(surface)
        self._draw_return_buttons(surface)
        self._draw_sprites(surface)
        self._draw_floaters(surface)

    def _draw_floaters(self, surface) -> None:
        """The points a seat gained at the round's end ("+8"), rising over its plate and fading."""
        for text, x, y, age, color in self.floaters:
            img = self.ui.text(text, 30, color, True)
            shade = self.ui.text(text, 30, (20, 30, 28), True)
            alpha = round(255 * min(1.0, (1.6 - age) / 0.5))
            rise = self.layout.s(40) * min(1.0, age / 0.8)
            for im, dy in ((shade, self.layout.s(2)), (img, 0)):
                im = im.copy()
                im.set_alpha(alpha)
                surface.blit(im, im.get_rect(midbottom=(x, y - rise + dy)))

    def _draw_pile_hover(self, surface) -> None:
        if self.shown.pile <= 0 or not self.can_act():
            return
        if "draw" in {str(m) for m in self.legal()} and self._pile_rect().collidepoint(pygame.mouse.get_pos()):
            L = self.layout
            pygame.draw.rect(surface, GOLD, self._pile_rect().inflate(L.s(8), L.s(8)), max(2, L.s(3)),
                             border_radius=L.s(10))

    def _draw_hand(self, surface) -> None:
        if not self.revealed:
            self._draw_hidden_hand(surface)
            return
        L, sh = self.layout, self.shown
        positions = self._hand_positions()
        mine_turn = self.can_act()
        playable = self.playable_names()
        # every hand open (a replay's "All hands open": an omniscient session): yours too, face up even after you
        # quit (the table turns a quit hand down, as a player lays it down; the open view shows every card)
        face = 1.0 if self.session.omniscient else sh.hand_face
        keys = self._card_keys()
        for i, name in enumerate(sh.hand):
            if sh.landed is not None and i not in sh.landed:
                continue
            x, y, angle = self.slot_pos.get(keys[i], positions[i])
            lift = self.lifts[i] if i < len(self.lifts) else 0.0
            center = (x, y - lift)
            if face < 1.0:
                blit_flipping(surface, name, center, self.hand_w, face, self.colorblind, angle)
                continue
            is_playable = name in playable
            focused = i == self.hand_focus or i == self.hover
            glow = None
            if mine_turn and is_playable:
                glow = (255, 214, 110) if not focused else (255, 240, 170)
            dim = mine_turn and not is_playable
            blit_card(surface, name, center, self.hand_w, angle=angle, dim=dim, glow=glow,
                      colorblind=self.colorblind)
            if i == self.hand_focus:
                r = pygame.Rect(0, 0, self.hand_w + L.s(10), card_height(self.hand_w) + L.s(10))
                r.center = (round(center[0]), round(center[1]))
                pygame.draw.rect(surface, (255, 250, 230), r, max(2, L.s(3)), border_radius=L.s(12))
        self._hint_rect = None  # the keys line (where it was drawn last)
        if mine_turn and sh.hand:
            hint = self.ui.text(self._hand_hint(), 16, (196, 226, 214))
            strip = L["seat0.hand"]
            self._hint_rect = surface.blit(hint, hint.get_rect(midbottom=(strip.centerx, strip.bottom - L.s(2))))

    def _draw_hidden_hand(self, surface) -> None:
        """The hand face down (hot-seat, between two turns), with whose it is."""
        L, sh = self.layout, self.shown
        seat = self.focus
        rect = self._fan_rect()
        count = sh.sizes[seat]
        positions = fan_positions(count, rect, self.hand_w)
        for x, y, angle in positions:
            blit_card(surface, None, (x, y), self.hand_w, angle=angle)
        if count and self.hotseat:
            msg = self.ui.text(about("hand.hidden_hand", seat, name=self._name(seat)), 20, CREAM, True)
            box = msg.get_rect(center=(rect.centerx, rect.y + L.s(20)))
            pygame.draw.rect(surface, (8, 36, 34), box.inflate(L.s(20), L.s(8)), border_radius=L.s(12))
            surface.blit(msg, box)

    def _draw_sprites(self, surface) -> None:
        for sp in self.sprites:
            w = max(4, round(sp.scale))
            if sp.back == "token":
                img = art.token(sp.image, w)
                surface.blit(img, img.get_rect(center=(round(sp.x), round(sp.y))))
                continue
            flip = sp.flip
            angle = round(sp.angle)
            if 0.0 < flip < 1.0:
                base_w = max(self.pile_w, self.hand_w)
                k = w / base_w
                _blit_scaled_flip(surface, sp.image, (sp.x, sp.y), base_w, k, flip, self.colorblind)
            else:
                name = sp.image if flip >= 1.0 else None
                img = card_image(name, max(self.pile_w, self.hand_w, w), self.colorblind)
                if img.get_width() != w:
                    img = pygame.transform.smoothscale(img, (w, card_height(w)))
                if angle:
                    img = pygame.transform.rotate(img, angle)
                shadow = rotated_shadow(w, angle)
                surface.blit(shadow, shadow.get_rect(center=(round(sp.x) + w // 12, round(sp.y) + w // 8)))
                surface.blit(img, img.get_rect(center=(round(sp.x), round(sp.y))))


_glows: dict = picture_store()


def edge_glow(size) -> pygame.Surface:
    """A warm red glow creeping in from the table's edges while the board's event is on."""
    surf = _glows.get(size)
    if surf is None:
        small = pygame.Surface((64, 36), pygame.SRCALPHA)
        for y in range(36):
            for x in range(64):
                d = min(1.0, (((x - 31.5) / 32) ** 2 + ((y - 17.5) / 18) ** 2) ** 0.5)
                small.set_at((x, y), (190, 36, 48, round(105 * max(0.0, d - 0.6) / 0.4)))
        surf = finish(pygame.transform.smoothscale(small, size))
        _glows.clear()
        _glows[size] = surf
    return surf


def _blit_scaled_flip(surface, name, center, base_w, k, flip, colorblind) -> None:
    w = max(4, round(base_w * k))
    squash = abs(flip - 0.5) * 2
    img = card_image(name if flip >= 0.5 else None, base_w, colorblind)
    size = (max(1, round(w * squash)), card_height(w))
    img = pygame.transform.smoothscale(img, size)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))
