"""The Race to 10 table: the smallest real table the frame drives (``app/table/scene_base.py``).

It fills the frame's hooks and nothing more: the shared hand-of-cards layout (``levels/table_lama_<n>p.tmx``: seats
round the table, the pile and the played cards in the middle, the history and buttons on the right), the seats' name
plates with their scores, your hand as clickable cards, the pile, the last card played, and Play / Draw buttons.

Keys: ←/→ choose a card, Enter or P plays it, 1-3 play that card, D draws; Esc pause. A click plays the card under
the pointer. Events show one after the other (``_ev_play``, ``_ev_draw``), each with a history line; the frame shows
the winners and the results (``_ev_game_end``).
"""

from __future__ import annotations

import pygame

from lama_desktop.app.table.advisor_panel import select_button
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import (blit_card, card_height, count_badge, draw_backs_and_count,
                                           fan_positions, hand_hit_index, lazy)
from lama_desktop.app.table.scene_base import TableEvent, TableScene, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import UI, Button, felt_surface
from lama_desktop.core import i18n
from lama_desktop.core.i18n import plural, t

#: the shared hand-of-cards map (the frame's ``levels/``) this table lays itself out on
LAYOUT = "lama"
#: how long a shown move holds the queue (seconds at animation speed 1)
BEAT = 0.35
#: what a card lifts when pointed at or chosen (reference pixels)
LIFT = 26


class Shown:
    """What the table shows: the bottom seat's view, followed event by event while moves are shown."""

    def __init__(self, view, top=None):
        d = view.to_dict()
        self.hand = [int(v) for v in d["hand"]]
        self.sizes = list(d["hand_sizes"])
        self.pile = int(d["pile"])
        self.scores = list(d["scores"])
        self.current = int(d["current"])
        self.top = top
        self.round = 1


class ToyTableScene(TableScene):
    button_tips = {"play": "toy.tip.button.play", "draw": "toy.tip.button.draw"}
    end_points = 10
    name = "toy_table"

    def __init__(self, session, config=None):
        super().__init__()
        self._setup(session, config)
        humans = session.human_seats
        self.focus = humans[0] if humans else 0
        self.shown = Shown(session.view(self.focus))
        self.hand_focus = -1   # the hand card chosen (keys, pointer or the advisor), -1 none
        self.hover = -1
        self._layer = None
        self._layer_cached_key = None
        self._status_cache = None

    # -- life cycle ----------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        if not self.history.restore():
            self.log.add(lazy.t("toy.log.welcome"), (196, 226, 214))
        if self.session.is_over:
            self._game_end_now()

    def _game_end_now(self) -> None:
        self.queue.append((None, TableEvent("game_end", {})))

    def _build(self, size) -> None:
        self.layout = Layout(load_layout(table_layout_name(LAYOUT, self.n)), size)
        self.ui_scale = table_ui_scale(self.app.settings) if self.app is not None else 1.0
        self.ui = UI(size, self.ui_scale)
        L = self.layout
        L.grow_seats(self.ui_scale, keep=("seat0.hand",))
        self.hand_w = fit(L.s(118 * self.ui_scale), int(L["seat0.hand"].h / 2.0))
        self.pile_w = L.s(118)
        self.back_w = L.seat_s(1, 50)
        self.static = None
        self._layer = None
        self._build_buttons()

    def _build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        rect, gap = L["buttons"], L.s(12)
        bh = (rect.h - 2 * gap) // 3
        specs = (("play", t("toy.button.play"), "P", "primary"), ("draw", t("toy.button.draw"), "D", "secondary"))
        self.buttons = {}
        for i, (name, label, key, style) in enumerate(specs):
            r = pygame.Rect(rect.x, rect.bottom - (2 - i) * bh - (1 - i) * gap, rect.w, bh)
            self.buttons[name] = Button(label, lambda n=name: self.press(n), style=style, size=24, hint=key, rect=r,
                                        name=name)
        self.buttons["menu"] = Button("II", self.open_pause, style="secondary", size=22, rect=L["menu"], name="menu")
        self._skip_buttons()
        self._refresh_buttons()

    # -- what the player may do ----------------------------------------------------------------------------------
    def can_act(self) -> bool:
        s = self.session
        cur = s.current_player
        return self.idle and not s.is_over and cur == self.focus and s.is_human(cur)

    def _refresh_buttons(self) -> None:
        legal = {str(m) for m in self.legal()}
        for name, b in self.buttons.items():
            if name == "play":
                b.enabled = any(m.startswith("play ") for m in legal)
            elif name == "draw":
                b.enabled = "draw" in legal

    def press(self, name: str) -> None:
        if name == "draw":
            self.try_move("draw")
            return
        hand = self.shown.hand
        card = hand[self.hand_focus] if 0 <= self.hand_focus < len(hand) else (max(hand) if hand else None)
        if card is None:
            self._toast_reason(lambda: t("toy.reason.no_card"))
            return
        self.try_move(f"play {card}")

    def _moved(self) -> None:
        self.hand_focus = -1

    # -- input ---------------------------------------------------------------------------------------------------
    def handle_table_event(self, event) -> bool:
        if self.tween.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tween.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
            for b in self.buttons.values():
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._press_button(event.pos, self._why_not):
                return True
            index = self._card_at(event.pos)
            if index >= 0:
                self.hand_focus = index
                self.try_move(f"play {self.shown.hand[index]}")
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release_button(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key) -> bool:
        count = len(self.shown.hand)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            step = 1 if key == pygame.K_RIGHT else -1
            start = 0 if step > 0 else count - 1
            self.hand_focus = start if self.hand_focus < 0 else (self.hand_focus + step) % count
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
            self.press("play")
            return True
        if key == pygame.K_d:
            self.press("draw")
            return True
        if key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.try_move(f"play {key - pygame.K_0}")
            return True
        return False

    def _why_not(self, name: str) -> None:
        """A disabled button pressed: the engine's reason (never the table's guess)."""
        if self.can_act():
            self.try_move(name if name == "draw" else "play 0")
        else:
            self.try_move(name)

    # -- events shown ----------------------------------------------------------------------------------------------
    def _ev_play(self, seat, d) -> None:
        sh = self.shown
        card = int(d["card"])
        if seat == self.focus and card in sh.hand:
            sh.hand.remove(card)
        sh.sizes[seat] = max(0, sh.sizes[seat] - 1)
        sh.scores[seat] = int(d["score"])
        sh.top = card
        sh.current = seat
        self.log.add(lazy.about("toy.log.play", seat, name=self._name(seat), card=card, score=int(d["score"])))
        self._sound("card_play")
        self.tween.after(BEAT, lambda: None)

    def _ev_draw(self, seat, d) -> None:
        sh = self.shown
        sh.pile = int(d["pile"])
        sh.sizes[seat] += 1
        if d.get("card") is not None and seat == self.focus:
            sh.hand = sorted(sh.hand + [int(d["card"])])
            # the event's private card: said to you only ("you": the person at this computer, never a watched seat)
            self.log.add(lazy.about("toy.log.draw", seat, name=self._name(seat), card=int(d["card"])))
        else:
            self.log.add(lazy.about("toy.log.draw", seat, name=self._name(seat)))
        self._sound("card_draw")
        self.tween.after(BEAT / 2, lambda: None)

    def _settle(self) -> None:
        """Idle: the shown model is the engine's view again (the last card played stays on top)."""
        fresh = Shown(self.session.view(self.focus), self.shown.top)
        self.shown = fresh
        if self.hand_focus >= len(fresh.hand):
            self.hand_focus = len(fresh.hand) - 1

    # -- words -----------------------------------------------------------------------------------------------------
    def _status_text(self) -> str:
        s = self.session
        if s.is_over:
            return t("toy.status.over")
        if self.can_act():
            return t("toy.status.your_turn")
        return t("toy.status.turn", name=self._name(s.current_player))

    def _round_text(self) -> str:
        return t("toy.status.goal", goal=self.end_points)

    def _round_tip(self) -> str:
        return t("toy.tip.goal", goal=self.end_points)

    def _wait_text(self, name: str) -> str:
        return t("toy.reason.wait", name=name)

    def _winner_texts(self, winners: list):
        return (i18n.winners("toy.status.wins", winners, self._name),
                lazy.winners("toy.status.wins", winners, self._name))

    # -- drawing ---------------------------------------------------------------------------------------------------
    def _render_static(self, size) -> pygame.Surface:
        surf = pygame.Surface(size)
        surf.blit(felt_surface(size), (0, 0))
        L = self.layout
        ring = L["draw_pile"].union(L["discard"]).inflate(L.s(60), L.s(40))
        glow = pygame.Surface(ring.size, pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (255, 255, 255, 16), glow.get_rect())
        pygame.draw.ellipse(glow, (255, 255, 255, 34), glow.get_rect(), max(1, L.s(2)))
        surf.blit(glow, ring)
        for name, key in (("draw_pile", "toy.label.pile"), ("discard", "toy.label.played")):
            surf.blit(self.ui.text(t(key).upper(), 15, (150, 200, 188), bold=True), self._label_rect(name))
        return surf.convert() if pygame.display.get_surface() else surf

    def _layer_key(self) -> tuple:
        sh, s = self.shown, self.session
        return (self.layout.size, self.focus, tuple(sh.sizes), sh.pile, sh.top, tuple(sh.scores), sh.current,
                s.thinking, s.is_over, self._log_key(), self.colorblind, i18n.language())

    def _draw_middle(self, layer) -> None:
        L, sh = self.layout, self.shown
        pile, played = L["draw_pile"].center, L["discard"].center
        if sh.pile:
            for i in range(min(3, 1 + sh.pile // 8) - 1, -1, -1):
                blit_card(layer, None, (pile[0] - i * L.s(2), pile[1] - i * L.s(2)), self.pile_w)
            badge = count_badge(self.ui, str(sh.pile), self.ui.s(30))
            layer.blit(badge, badge.get_rect(center=(pile[0] + self.pile_w // 2 - L.s(4),
                                                     pile[1] + card_height(self.pile_w) // 2 - L.s(6))))
        else:
            pygame.draw.rect(layer, (10, 48, 46), self._slot(pile), max(1, L.s(2)), border_radius=L.s(10))
        if sh.top is not None:
            blit_card(layer, str(sh.top), played, self.pile_w, angle=-4, colorblind=self.colorblind)
        else:
            pygame.draw.rect(layer, (10, 48, 46), self._slot(played), max(1, L.s(2)), border_radius=L.s(10))

    def _label_rect(self, name: str) -> pygame.Rect:
        """Where a pile's label stands, under its anchor."""
        key = "toy.label.pile" if name == "draw_pile" else "toy.label.played"
        label = self.ui.text(t(key).upper(), 15, (150, 200, 188), bold=True)
        return label.get_rect(midtop=(self.layout[name].centerx, self.layout[name].bottom + self.layout.s(4)))

    def _pile_area(self, name: str) -> pygame.Rect:
        return self._slot(self.layout[name].center).union(self._label_rect(name))

    def _slot(self, center) -> pygame.Rect:
        return pygame.Rect(0, 0, self.pile_w, card_height(self.pile_w)).move(center[0] - self.pile_w // 2,
                                                                              center[1] - card_height(self.pile_w) // 2)

    def _draw_opponent(self, surface, seat: int) -> None:
        k = self.pos_of(seat)
        self._blit_plate(surface, seat, self.layout[f"seat{k}.plate"])
        draw_backs_and_count(surface, self.ui, self.layout[f"seat{k}.hand"], self.shown.sizes[seat], False,
                             self.back_w, self.layout.seat_s(k, 26))

    def _draw_me_seat(self, surface) -> None:
        self._blit_plate(surface, self.focus, self.layout["seat0.plate"])

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self._model_layer(surface.get_size()), (0, 0))
        playable = {m.args[0] for m in self.legal() if m.kind == "play"}
        for index, (x, y, angle) in enumerate(self._positions()):
            card = self.shown.hand[index]
            up = self.layout.s(LIFT) if index in (self.hover, self.hand_focus) else 0
            glow = (255, 214, 110) if index == self.hand_focus and self.can_act() else None
            blit_card(surface, str(card), (x, y - up), self.hand_w, angle=angle, glow=glow,
                      dim=bool(playable) and card not in playable, colorblind=self.colorblind)
        self._draw_status(surface)
        for b in self.buttons.values():
            b.draw(surface, self.ui)

    # -- where the pieces are, and their tips ---------------------------------------------------------------------
    def _positions(self) -> list:
        return fan_positions(len(self.shown.hand), self.layout["seat0.hand"], self.hand_w)

    def _lifts(self) -> list:
        return [self.layout.s(LIFT) if i in (self.hover, self.hand_focus) else 0 for i in range(len(self.shown.hand))]

    def _card_at(self, pos) -> int:
        if self.layout is None:
            return -1
        return hand_hit_index(self._positions(), self.hand_w, pos, self._lifts())

    def _card_rect(self, index: int) -> pygame.Rect:
        x, y, _ = self._positions()[index]
        rect = pygame.Rect(0, 0, self.hand_w, card_height(self.hand_w))
        rect.center = (round(x), round(y - self._lifts()[index]))
        return rect

    def _piece_tip(self, pos) -> Tip | None:
        index = self._card_at(pos)
        if index >= 0:
            return Tip(plural("toy.tip.card", self.shown.hand[index]), tuple(self._card_rect(index)))
        sh, L = self.shown, self.layout
        if self._pile_area("draw_pile").collidepoint(pos):  # a pile, or its label under it
            return Tip(plural("toy.tip.pile", sh.pile), tuple(self._pile_area("draw_pile")))
        if self._pile_area("discard").collidepoint(pos):
            text = t("toy.tip.played", card=sh.top) if sh.top is not None else t("toy.tip.played_none")
            return Tip(text, tuple(self._pile_area("discard")))
        for seat in range(self.n):
            rect = L.get(f"seat{self.pos_of(seat)}.hand")
            if seat != self.focus and rect is not None and rect.collidepoint(pos):
                return Tip(plural("toy.tip.hand", sh.sizes[seat], name=self._name(seat)), tuple(rect))
        return None

    def _card_name(self, card: str) -> int:
        """The table's name of an engine card id: the hand holds the values."""
        return int(card)

    def _advice_rects(self, move) -> list:
        """The advisor's move on the table: the card to play in your hand, else its button."""
        if move.kind == "play" and move.args[0] in self.shown.hand:
            return [self._card_rect(self.shown.hand.index(move.args[0]))]
        return super()._advice_rects(move)

    def _advice_select(self, move) -> bool:
        """A move chosen in the advisor's panel is chosen at the table for you to confirm (Enter or P plays it)."""
        if move.kind == "play" and move.args[0] in self.shown.hand:
            self.hand_focus = self.shown.hand.index(move.args[0])
            return True
        return select_button(self, str(move))

    def _focus_tip(self) -> Tip | None:
        index = self.hand_focus
        if 0 <= index < len(self.shown.hand):
            return Tip(plural("toy.tip.card", self.shown.hand[index]), tuple(self._card_rect(index)))
        return None

    def _tip_pieces(self) -> list:
        return [self._card_rect(i) for i in range(len(self.shown.hand))]


def open_table(app, config, saved=None) -> ToyTableScene:
    return ToyTableScene(open_session(app, config, saved), config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = ToyTableScene
