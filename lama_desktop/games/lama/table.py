"""The L.A.M.A. table (``lama`` and ``lama-party``, with Drama, Lama 20 and llama scoring).

Data flows one way: a click or key becomes a move → ``session.play(move)`` (the engine validates it; a refusal
shows its reason) → the applied moves' events are animated one after the other from a *shown* model (what the
table displays), which is re-synchronised with the engine's view whenever the animation queue is empty. Bots
move through ``session.poll(busy)``: never while something is still moving, and paced by the settings.

Seats are drawn clockwise from the bottom (``seat0`` in the layout is the player whose hand is shown). With one
human, that human sits at the bottom and their hand is always face up. With two or more humans (hot-seat) the
table turns to the human whose turn it is, after the privacy screen ("Pass to Anna"); their hand is turned face
down as soon as their turn is over.

Keys: ←/→ move over the hand (and the return-token choice), Enter/Space plays the focused card, D draw,
Q quit, T take the Drama board, Esc pause. A click or key while cards move skips the animation.
"""

from __future__ import annotations

import logging

import pygame

from lama_desktop.app import art
from lama_desktop.app.gameconfig import GameConfig
from lama_desktop.app.i18n import about, language, plural, t
from lama_desktop.app.i18n import winners as i18n_winners
from lama_desktop.app.session import GameSession
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import CREAM, GOLD, Toast, blit_card, blit_flipping, card_height, card_image, count_badge, draw_backs_and_count, draw_token_stacks, fan_positions, finish, hand_hit_index, lazy, rotated_shadow
from lama_desktop.app.table.scene_base import TableEvent, TableScene, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import UI, Button, felt_surface
from lama_desktop.engine.core import Event, Move
from lama_desktop.games.lama.words import card_label
from lama_desktop.games.lama.engine import CARD_NAMES, DRAMA_THRESHOLD, END_POINTS, LLAMA_POINTS, PINK_LLAMA_POINTS, holdings

log = logging.getLogger("lama_desktop.table")

CARD_ORDER = {name: i for i, name in enumerate(["1", "1+", "2", "2+", "3", "3+", "4", "4+", "5", "5+", "6", "6+",
                                                 "L", "P"])}
#: seconds between two dealt cards, a play's glide, a draw's flight (before the animation-speed setting)
DEAL_STEP = 0.09
PLAY_TIME = 0.26
DRAW_TIME = 0.34
TOKEN_TIME = 0.42


def sort_hand(names) -> list[str]:
    return sorted(names, key=lambda n: CARD_ORDER.get(n, 99))


def card_text(name: str):
    """``card_label`` for a log line: translated when the log is drawn."""
    if name == "L":
        return lazy.t("lama.card.llama")
    if name == "P":
        return lazy.t("lama.card.pink_llama")
    if name.endswith("+"):
        return lazy.t("lama.card.plus", value=name[:-1])
    return name


class Shown:
    """What the table displays; follows the events during animations, equals the view when idle."""

    def __init__(self, view, reveal: bool):
        d = view.to_dict()
        self.hand = sort_hand(d["hand"]) if reveal else []
        self.sizes = list(d["hand_sizes"])
        self.pile = int(d["pile"])
        self.discard = [CARD_NAMES[c] for c in view.discard[-5:]]
        self.scores = list(d["scores"])
        self.board = list(d["board"])
        self.drama = bool(d["drama"])
        self.active = list(d["active"])
        self.current = int(d["current"])
        self.phase = d["phase"]
        self.round = int(d["round"])
        self.dealer = int(d["dealer"])
        self.hand_face = 1.0 if self.active[view.seat] else 0.0  # 1 face up, 0 turned down (after a quit)
        self.landed: set | None = None  # while dealing: which of ``hand``'s places hold a card yet


class LamaTableScene(TableScene):
    button_tips = {"draw": "tooltips.button.lama.draw", "quit": "tooltips.button.lama.quit",
                   "take": "tooltips.button.lama.take"}
    end_points = END_POINTS
    name = "lama_table"
    #: the table's picture of the engine's view (the Cadabra table has its own)
    shown_type = Shown
    #: the events whose mover becomes the current player as they are shown
    movers = ("play", "draw", "quit", "drama_take")
    first_option = "first_dealer"

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__()
        self._setup(session, config)
        self.pinks = session.game_id == "lama-party" or "lama20" in self.variants
        self.drama_variant = "drama" in self.variants
        self.hand_focus = -1
        self.hover = -1
        self.button_focus = -1
        self.lifts: list[float] = []
        self.floaters: list[list] = []  # [text, x, y, age, color]: "+8" rising over a plate
        self.slot_pos: dict = {}  # (card, n-th of that card) -> displayed (x, y, angle), easing to its place
        self.privacy_open = False
        humans = session.human_seats
        self.hotseat = len(humans) >= 2
        self.focus = humans[0] if humans else 0
        self.revealed = not self.hotseat
        self.shown = self.shown_type(session.view(self.focus), self.revealed)
        self.pressed_card = -1
        self._round_ending: dict | None = None  # a round_end whose summary waits for the token given back

    # -- lifecycle -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        game = lazy.t(f"common.games.{self.session.game_id}")
        restored = self.history.restore()  # Continue (or an undo): the history the save kept
        if not restored:
            self.log.add(lazy.t("lama.log.welcome", game=game), (196, 226, 214))
        if self.session.is_over:  # killed after the last move: straight to the results
            self.queue.append((None, _GameEnd()))
            return
        view = self.session.view(self.focus)
        if not view.round_log and all(size == 6 for size in view.hand_sizes) and view.phase == "playing":
            self._queue_deal(view)
        elif not restored and self.session.lesson is None:  # a lesson starts mid-round: nothing was resumed
            self.log.add(lazy.t("lama.log.resumed", round=self.shown.round))
            for seat, move, _top in view.round_log[-10:]:  # what happened so far this round
                self._log_move(seat, move)

    def _log_move(self, seat: int, move: Move) -> None:
        name = self._name(seat)
        if move.kind == "play":
            self.log.add(lazy.about("lama.log.play", seat, name=name, card=card_text(str(move.args[0]))), seat=seat)
        elif move.kind == "draw":
            self.log.add(lazy.about("lama.log.draw", seat, name=name), seat=seat)
        elif move.kind == "quit":
            self.log.add(lazy.about("lama.log.quit", seat, name=name), (246, 200, 160), seat=seat)

    def _queue_deal(self, view) -> None:
        d = view.to_dict()
        self.queue.append((d["dealer"], TableEvent("deal", {
            "round": d["round"], "dealer": d["dealer"], "starter": d["current"], "top": d["top"],
            "hand_sizes": d["hand_sizes"], "pile": d["pile"]})))

    def exit(self) -> None:
        self._set_cursor(False)
        self.close()

    def _build(self, size) -> None:
        self.layout = Layout(load_layout(table_layout_name("lama", self.n)), size)
        self.ui_scale = table_ui_scale(self.app.settings) if self.app is not None else 1.0
        self.ui = UI(size, self.ui_scale)
        L = self.layout
        # the plates, the opponents' cards and every seat's tokens follow the UI scale as far as the table has room
        L.grow_seats(self.ui_scale, keep=("seat0.hand",))
        # the hand follows the UI scale, as far as the hand's anchor leaves room for the fan, its arc and the lift
        self.hand_w = fit(L.s(118 * self.ui_scale), int(L["seat0.hand"].h / 2.0))
        self.pile_w = L.s(118)
        self.back_w = L.seat_s(1, 50)
        self.token_d = L.seat_s(0, 46)
        self.small_token_d = L.seat_s(1, 34)
        self.static = None
        self._build_buttons()
        self._prewarm()

    def _prewarm(self) -> None:
        """Render every card face this game can show once (SVG), so no frame stalls on a first appearance."""
        names = ["1", "2", "3", "4", "5", "6", "L"]
        if self.session.game_id == "lama-party":
            names += ["1+", "2+", "3+", "4+", "5+", "6+", "P"]
        for name in names:
            card_image(name, self.hand_w, self.colorblind)
            if self.pile_w != self.hand_w:
                card_image(name, self.pile_w, self.colorblind)
        card_image(None, self.hand_w)
        card_image(None, self.back_w)

    def _build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        rect = L["buttons"]
        gap = L.s(12)
        self.buttons = {}
        if self.shown.phase == "returning":
            kinds = [d for d in (20, 10, 1) if holdings(self.shown.scores[self.shown.current], self.pinks)[d]]
            specs = [(f"return {d}", t("lama.button.return", value=d), {20: "P", 10: "B", 1: "W"}[d])
                     for d in kinds]
        else:
            specs = [("draw", t("lama.button.draw"), "D"), ("quit", t("lama.button.quit"), "Q")]
            if self.drama_variant:
                specs.append(("take", t("lama.button.take"), "T"))
        rows = 3
        bh = (rect.h - gap * (rows - 1)) // rows
        top = rect.bottom - len(specs) * bh - (len(specs) - 1) * gap
        for i, (move, label, key) in enumerate(specs):
            r = pygame.Rect(rect.x, top + i * (bh + gap), rect.w, bh)
            style = "primary" if move in ("draw", "take") or move.startswith("return") else "secondary"
            b = Button(label, lambda m=move: self.try_move(m), style=style, size=24, hint=key, rect=r, name=move)
            self.buttons[move] = b
        m = L["menu"]
        self.buttons["menu"] = Button("II", self.open_pause, style="secondary", size=22, rect=m, name="menu")
        self._skip_buttons()
        self._refresh_buttons()

    # -- derived state ---------------------------------------------------------------------------------------
    def seat_at(self, position: int) -> int:
        return (position + self.focus) % self.n

    def _held(self) -> bool:
        return self.privacy_open

    def can_act(self) -> bool:
        s = self.session
        cur = s.current_player
        return (self.idle and not s.is_over and cur == self.focus and s.is_human(cur) and self.revealed)

    def playable_names(self) -> set[str]:
        return {str(m.args[0]) for m in self.legal() if m.kind == "play"}

    def _refresh_buttons(self) -> None:
        legal = {str(m) for m in self.legal()}
        for name, b in self.buttons.items():
            if name not in ("menu", "skip"):
                b.enabled = name in legal

    # -- input -----------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if self._narrator_event(event):  # a lesson's narrator first (Next, its buttons)
            return True
        self.tooltip.event(event)
        if self.history.handle_event(event) or self.advisor.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        if self._skip_event(event):
            return True
        if self.tween.busy and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,))):
            self.tween.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
            over_button = False
            for b in self.buttons.values():
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
                over_button = over_button or b.hovered
            actionable = over_button or (self.hover >= 0 and self.can_act()) or (
                self.can_act() and self._pile_rect().collidepoint(event.pos))
            self._set_cursor(actionable)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._press_button(event.pos, self.try_move):  # a disabled button: the engine's reason
                return True
            index = self._card_at(event.pos)
            if index >= 0:
                self.pressed_card = index
                return True
            if self._pile_rect().collidepoint(event.pos):
                self.try_move("draw")
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._release_button(event.pos):
                return True
            index = self._card_at(event.pos)
            if index >= 0 and index == self.pressed_card:
                self.pressed_card = -1
                self.play_card(index)
                return True
            self.pressed_card = -1
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event) -> bool:
        key = event.key
        returning = self.shown.phase == "returning"
        if returning:
            choices = [n for n in self.buttons if n.startswith("return")]
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and choices:
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.button_focus = (self.button_focus + step) % len(choices)
                for i, n in enumerate(choices):
                    self.buttons[n].focused = i == self.button_focus
                return True
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and choices:
                self.try_move(choices[max(0, self.button_focus)])
                return True
            letters = {pygame.K_p: "return 20", pygame.K_b: "return 10", pygame.K_w: "return 1"}
            if key in letters:
                self.try_move(letters[key])
                return True
            return False
        if key == pygame.K_TAB:  # Tab walks over the action buttons (then back to the hand)
            order = [n for n in ("draw", "quit", "take", "menu") if n in self.buttons and self.buttons[n].enabled]
            current = next((i for i, n in enumerate(order) if self.buttons[n].focused), -1)
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            nxt = current + step
            for b in self.buttons.values():
                b.focused = False
            if 0 <= nxt < len(order):
                self.buttons[order[nxt]].focused = True
                self.hand_focus = -1
            return True
        focused_button = next((b for b in self.buttons.values() if b.focused), None)
        if focused_button is not None and key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._sound("click")
            focused_button.activate()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            for b in self.buttons.values():
                b.focused = False
            stops = self._focus_stops()
            if stops:
                step = 1 if key == pygame.K_RIGHT else -1
                if self.hand_focus < 0:
                    self.hand_focus = stops[0] if step > 0 else stops[-1]
                else:  # the next stop in that direction, round the hand
                    ahead = [i for i in stops if (i - self.hand_focus) * step > 0]
                    self.hand_focus = (min(ahead) if step > 0 else max(ahead)) if ahead else (
                        stops[0] if step > 0 else stops[-1])
            return True
        if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            if 0 <= self.hand_focus < len(self.shown.hand):
                self.play_card(self.hand_focus)
            else:  # the first Enter shows where it would play: on a playable card, not just the leftmost
                playable = {str(m).split(" ", 1)[1] for m in self.legal() if m.kind == "play"}  # "play 3+" -> 3+
                self.hand_focus = next((i for i, name in enumerate(self.shown.hand) if name in playable),
                                       0 if self.shown.hand else -1)
            return True
        letters = {pygame.K_d: "draw", pygame.K_q: "quit", pygame.K_t: "take"}
        if key in letters:
            if key == pygame.K_t and not self.drama_variant:
                return False
            self.try_move(letters[key])
            return True
        return False

    def _focus_stops(self) -> list[int]:
        """Where the arrow keys stop in the hand: on the player's turn only the cards that can be played (every
        card when none can, or while waiting: to look at them)."""
        hand = self.shown.hand
        if self.can_act():
            playable = self.playable_names()
            stops = [i for i, name in enumerate(hand) if name in playable]
            if stops:
                return stops
        return list(range(len(hand)))

    def _keep_focus_playable(self) -> None:
        """The keyboard focus never rests on a card that cannot be played: it moves to the nearest that can."""
        if self.hand_focus < 0 or not self.can_act():
            return
        stops = self._focus_stops()
        if self.hand_focus in stops:
            return
        self.hand_focus = min(stops, key=lambda i: (abs(i - self.hand_focus), i)) if stops else -1

    def _card_at(self, pos) -> int:
        if not self.revealed or self.layout is None:
            return -1
        positions = self._hand_positions()
        return hand_hit_index(positions, self.hand_w, pos, self.lifts)

    # tooltips ---------------------------------------------------------------------------------------------------
    def _card_tip(self, name: str) -> str:
        """What a card does and costs, from the game's data."""
        if name == "L":
            return t("tooltips.lama.llama", points=LLAMA_POINTS)
        if name == "P":
            return t("tooltips.lama.pink_llama", points=PINK_LLAMA_POINTS)
        value = int(name.rstrip("+"))
        if name.endswith("+"):
            return t("tooltips.lama.plus", value=value)
        return t("tooltips.lama.card_one") if value == 1 else t("tooltips.lama.card", value=value, before=value - 1)

    def _hand_card_rect(self, index: int) -> pygame.Rect:
        x, y, _ = self._hand_positions()[index]
        rect = pygame.Rect(0, 0, self.hand_w, card_height(self.hand_w))
        rect.center = (round(x), round(y - self.lifts[index]))
        return rect

    def _piece_tip(self, pos):
        sh, L = self.shown, self.layout
        index = self._card_at(pos)
        if 0 <= index < len(sh.hand):
            return Tip(self._card_tip(sh.hand[index]), tuple(self._hand_card_rect(index)))
        for name in ("draw_pile", "discard"):  # a pile, or its label under it
            slot, label = self._slot_rect(name), self._pile_label_rect(name)
            if slot.collidepoint(pos) or label.collidepoint(pos):
                return Tip(self._pile_tip(name), tuple(slot), (tuple(label),))
        if self.drama_variant and L.get("drama_board") is not None and L["drama_board"].collidepoint(pos):
            return Tip(t("tooltips.lama.drama_board", n=len(sh.board), threshold=DRAMA_THRESHOLD),
                       tuple(L["drama_board"]))
        for seat in range(self.n):
            rect = L.get(f"seat{self.pos_of(seat)}.tokens")
            if rect is not None and rect.collidepoint(pos):
                return Tip(self._tokens_tip(seat), tuple(rect))
            rect = L.get(f"seat{self.pos_of(seat)}.hand")
            if seat != self.focus and rect is not None and rect.collidepoint(pos):
                return Tip(plural("tooltips.lama.hand", sh.sizes[seat], name=self._name(seat)), tuple(rect))
        return None

    def _pile_tip(self, name: str) -> str:
        sh = self.shown
        if name == "draw_pile":
            return plural("tooltips.lama.pile", sh.pile)
        if not sh.discard:
            return t("tooltips.lama.discard")
        return t("tooltips.lama.discard") + "\n" + self._card_tip(sh.discard[-1])

    def _tokens_tip(self, seat: int) -> str:
        points = max(0, int(self.shown.scores[seat]))
        key = "tooltips.lama.tokens_pink" if self.pinks else "tooltips.lama.tokens"
        return plural("tooltips.common.points", points) + "\n" + t(key, end=END_POINTS)

    # the pieces a lesson points at (``tutorial/``; docs/APP.md, "Tutorials") ----------------------------------------
    def tutorial_rect(self, name: str):
        """``hand`` (the cards in the hand), ``hand:<card>`` (the first such card, the part of it a click plays),
        ``pile`` (the draw pile), ``discard``, ``board`` (the Drama board), then what every table answers."""
        if self.layout is None or self.ui is None:
            return None
        kind, _, arg = name.partition(":")
        hand = self.shown.hand if self.revealed else []
        if kind == "hand":
            if not hand:
                return None
            if not arg:
                rects = [self._hand_card_rect(i) for i in range(len(hand))]
                return rects[0].unionall(rects[1:])
            if arg not in hand:
                return None
            index = hand.index(arg)
            rect = self._hand_card_rect(index)
            if self._card_at(rect.center) != index and index + 1 < len(hand):
                # the next card lies over this one's middle: the visible strip is what a click plays
                rect.w = max(self.layout.s(12), self._hand_card_rect(index + 1).left - rect.left)
            return rect
        if kind == "pile" and not arg:
            return self._pile_rect() if self.shown.pile > 0 else None
        if kind == "discard" and not arg:
            return self._slot_rect("discard")
        if kind == "board" and not arg:
            return pygame.Rect(self.layout["drama_board"]) if self.drama_variant else None
        return super().tutorial_rect(name)

    def _tip_pieces(self) -> list:
        """Each card of your hand, the two piles and the drama board: a tip about one keeps clear of the others."""
        if self.layout is None:
            return []
        shown = min(len(self.shown.hand), len(self.lifts))  # a hand being dealt or played: the cards drawn now
        cards = [self._hand_card_rect(i) for i in range(shown)]
        if self.drama_variant and self.layout.get("drama_board") is not None:
            cards.append(self.layout["drama_board"])
        return cards + [self._slot_rect(name) for name in ("draw_pile", "discard")]

    def _focus_tip(self):
        if 0 <= self.hand_focus < len(self.shown.hand) and self.revealed and self.layout is not None:
            return Tip(self._card_tip(self.shown.hand[self.hand_focus]), tuple(self._hand_card_rect(self.hand_focus)))
        return None

    def play_card(self, index: int) -> None:
        if 0 <= index < len(self.shown.hand):
            self.try_move(f"play {self.shown.hand[index]}")

    def _wait_text(self, name: str) -> str:
        return t("lama.reason.wait", name=name)

    def _moved(self) -> None:
        if self.hand_focus >= len(self.shown.hand) - 1:
            self.hand_focus = len(self.shown.hand) - 2 if self.hand_focus >= 0 else -1

    def _set_cursor(self, hand: bool) -> None:
        if hand == getattr(self, "_hand_cursor", False):
            return
        self._hand_cursor = hand
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:  # no cursor support (dummy driver)
            pass

    def pause(self) -> None:
        super().pause()
        self._set_cursor(False)

    def _refused(self, reason: str) -> str:
        return t("lama.reason.refused", reason=reason)

    # -- frame -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.tween.update(dt)
        self.age_toasts(dt)
        for floater in self.floaters:
            floater[3] += dt * self.tween.speed
        self.floaters = [f for f in self.floaters if f[3] < 1.6]
        if not self.finished:
            self._take_moves()
        self._update_lifts(dt)
        self._update_skip()
        self._refresh_buttons()
        self.advisor.update(dt)
        self.history.update(dt)
        self._update_tooltip(dt)
        self._narrator_update(dt)

    def _after_played(self, played) -> None:
        if self.hotseat and played.seat == self.focus and not self.session.is_over:
            self.queue.append((played.seat, TableEvent("hide", {})))

    def _settle(self) -> None:
        """Idle: sync the shown model with the engine, then hand the turn to a human (privacy if hot-seat)."""
        s = self.session
        cur = s.current_player
        if self.hotseat and cur >= 0 and s.is_human(cur) and (cur != self.focus or not self.revealed):
            self._open_privacy(cur)
            return
        phase_before = self.shown.phase
        fresh = self.shown_type(s.view(self.focus), self.revealed)
        fresh.hand_face = self.shown.hand_face if not fresh.active[self.focus] else 1.0
        self.shown = fresh
        if len(self.lifts) != len(self.shown.hand):
            self.lifts = [0.0] * len(self.shown.hand)
        if phase_before != fresh.phase or (fresh.phase == "returning") != any(
                n.startswith("return") for n in self.buttons):
            self._build_buttons()
        if self.hand_focus >= len(self.shown.hand):
            self.hand_focus = len(self.shown.hand) - 1
        self._keep_focus_playable()
        my_turn = self.can_act()
        if my_turn and not getattr(self, "_was_my_turn", False):
            self._sound("turn")
        self._was_my_turn = my_turn

    def _open_privacy(self, seat: int) -> None:
        from lama_desktop.app.scenes.privacy import PrivacyScene

        self.revealed = False
        self.privacy_open = True

        def ready():
            self.privacy_open = False
            self.focus = seat
            self.revealed = True
            self.shown = self.shown_type(self.session.view(seat), True)
            self.lifts = [0.0] * len(self.shown.hand)
            self.hand_focus = -1
            self.static = None
            self._build_buttons()

        self.stack.push(PrivacyScene(self.session.seats[seat].name, ready,
                                     self.session.human_seats.index(seat)))

    def _update_lifts(self, dt: float) -> None:
        hand = self.shown.hand
        if len(self.lifts) != len(hand):
            self.lifts = (self.lifts + [0.0] * len(hand))[:len(hand)]
        playable = self.playable_names()
        L = self.layout
        k = min(1.0, dt * 16)
        for i, name in enumerate(hand):
            target = 0.0
            if name in playable:
                target += L.s(30)
            if i == self.hover or i == self.hand_focus:
                target += L.s(16) if (name in playable or not self.can_act()) else L.s(6)
            self.lifts[i] += (target - self.lifts[i]) * k
        # cards glide to their places when the fan opens or closes (after a play or a draw)
        slots = {}
        k = min(1.0, dt * 12)
        for key, (x, y, angle) in zip(self._card_keys(), self._hand_positions(), strict=False):
            old = self.slot_pos.get(key)
            if old is None:
                slots[key] = (x, y, angle)
            else:
                slots[key] = (old[0] + (x - old[0]) * k, old[1] + (y - old[1]) * k, angle)
        self.slot_pos = slots

    def _card_keys(self) -> list:
        seen: dict = {}
        keys = []
        for name in self.shown.hand:
            seen[name] = seen.get(name, 0) + 1
            keys.append((name, seen[name]))
        return keys

    # -- event animations -------------------------------------------------------------------------------------
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

    def _ev_deal(self, _dealer, d) -> None:
        # who deals and who is dealt to first are in the event's data (a table-made deal has no seat)
        sh = self.shown
        n = self.n
        sizes = list(d["hand_sizes"])
        total = sum(sizes)
        sh.pile = int(d["pile"]) + total + 1
        sh.sizes = [0] * n
        sh.hand = []
        sh.discard = []
        sh.active = [True] * n
        first = self._new_round(d)
        sh.round = int(d["round"])
        sh.current = int(d["starter"])
        sh.phase = "playing"
        sh.hand_face = 1.0
        view = self.session.view(self.focus)
        final = self._sort(self._card_name(c) for c in view.to_dict()["hand"]) if self.revealed else []
        sh.hand = list(final)
        sh.landed = set()
        self.lifts = [0.0] * len(final)
        self._build_buttons()
        self._sound("shuffle")
        self.toasts.append(Toast(t("lama.toast.round", round=d["round"]), 1.3, True))
        self.log.add(self._deal_line(d), (196, 226, 214), seat=self._deal_actor(d))
        order = [((first + i) % n) for i in range(total)]
        dealt = {seat: 0 for seat in range(n)}
        for i, seat in enumerate(order):
            index = dealt[seat]
            dealt[seat] += 1
            mine = seat == self.focus and self.revealed
            end = self._deal_target(seat, index, sizes[seat])

            def start():
                sh.pile -= 1

            def land(s=seat, idx=index, mine=mine, i=i):
                sh.sizes[s] += 1
                if mine and sh.landed is not None:
                    sh.landed.add(idx)
                if i % 3 == 0:
                    self._sound("deal")

            w1 = self.hand_w if seat == self.focus else self.back_w
            self._fly(final[index] if mine and index < len(final) else None, self._pile_center(), end,
                      self.pile_w, w1, 0.30, delay=0.25 + i * DEAL_STEP, flip=(0.0, 1.0 if mine else 0.0),
                      on_start=start, on_finished=land)
        top = self._card_name(d["top"])

        def start_top():
            sh.pile -= 1

        def land_top():
            sh.discard = [top]
            sh.landed = None
            self._sound("card_play")

        self._fly(top, self._pile_center(), self._discard_center(), self.pile_w, self.pile_w, 0.32,
                  delay=0.25 + total * DEAL_STEP + 0.12, flip=(0.0, 1.0), on_start=start_top, on_finished=land_top)

    # what the L.A.M.A. and Cadabra tables' deals, plays and draws say and show differently
    def _new_round(self, d) -> int:
        """A deal resets what is the game's own in the shown model; returns the seat dealt to first."""
        self.shown.drama = False
        self.shown.dealer = int(d["dealer"])
        return int(d["dealer"]) + 1

    def _deal_line(self, d):
        return lazy.about("lama.log.deal", int(d["dealer"]), round=d["round"], name=self._name(int(d["dealer"])))

    def _deal_actor(self, d) -> int:
        """The seat the deal's log line names (the dealer)."""
        return int(d["dealer"])

    def _card_name(self, card):
        """The table's name of an engine card id (the same in L.A.M.A.)."""
        return card

    def _sort(self, names) -> list[str]:
        return sort_hand(names)

    def _log_play(self, seat: int, card: str) -> None:
        if self._is_me(seat):
            self.log.add(lazy.t("lama.log.play_own", card=card_text(card)))
        else:
            self.log.add(lazy.about("lama.log.play", seat, name=self._name(seat), card=card_text(card)))

    def _log_draw(self, seat: int, card, forced: bool, open_card=None) -> None:
        """``card``: the drawn card when the player sees it; ``forced``: a draw the rules imposed (Cadabra);
        ``open_card``: another seat's card, known in a replay's open view only."""
        if card:
            self.log.add(lazy.t("lama.log.draw_seen", card=card_text(card)))
        elif open_card:
            self.log.add(lazy.about("lama.log.draw_open", seat, name=self._name(seat), card=card_text(open_card)))
        else:
            self.log.add(lazy.about("lama.log.draw", seat, name=self._name(seat)))

    def _deal_target(self, seat: int, index: int, size: int):
        if self.pos_of(seat) == 0:
            positions = fan_positions(size, self._fan_rect(), self.hand_w)
            x, y, _ = positions[min(index, len(positions) - 1)]
            return x, y
        return self._hand_anchor(seat)

    def _ev_play(self, seat, d) -> None:
        sh = self.shown
        card = self._card_name(d["card"])
        mine = seat == self.focus and self.revealed and card in sh.hand
        if mine:
            index = sh.hand.index(card)
            positions = self._hand_positions()
            x, y, angle = positions[index]
            start = (x, y - (self.lifts[index] if index < len(self.lifts) else 0))
            sh.hand.pop(index)
            if index < len(self.lifts):
                self.lifts.pop(index)
            w0, flip0 = self.hand_w, 1.0
        else:
            start = self._hand_anchor(seat)
            angle = 0
            w0, flip0 = self.back_w, 0.0
        sh.sizes[seat] = int(d.get("hand_size", max(0, sh.sizes[seat] - 1)))
        wobble = (-7, 5, -3, 8, -5, 3)[len(sh.discard) % 6]

        def land():
            sh.discard = (sh.discard + [card])[-5:]

        self._sound("card_play")
        self._fly(card, start, self._discard_center(), w0, self.pile_w, PLAY_TIME, flip=(flip0, 1.0),
                  on_finished=land, angle=(angle, wobble))
        self._log_play(seat, card)

    def _ev_draw(self, seat, d, forced: bool = False) -> None:
        sh = self.shown
        mine = seat == self.focus and self.revealed
        # the event is the viewer's redacted copy: another seat's card is None ("a card")
        card = self._card_name(d["card"]) if mine and d.get("card") is not None else None
        # another seat's card is known only in a replay's open view (its events are not redacted): named in the log
        open_card = self._card_name(d["card"]) if not mine and d.get("card") is not None else None
        sh.pile = int(d["pile"])

        def land():
            sh.sizes[seat] = int(d.get("hand_size", sh.sizes[seat] + 1))
            if mine and card:
                sh.landed = None

        if mine and card:
            # the fan opens a gap where the drawn card will land
            new_hand = self._sort(sh.hand + [card])
            probe = len(new_hand) - 1 - new_hand[::-1].index(card)
            old = list(range(len(new_hand)))
            old.remove(probe)
            lifts = [0.0] * len(new_hand)
            for j, i in enumerate(old):
                lifts[i] = self.lifts[j] if j < len(self.lifts) else 0.0
            sh.hand, sh.landed, self.lifts = new_hand, set(old), lifts
            end = self._hand_positions()[probe][:2]
            w1 = self.hand_w
        elif mine:
            end = self._hand_anchor(seat)
            w1 = self.hand_w
        else:
            end = self._hand_anchor(seat)
            w1 = self.back_w if self.pos_of(seat) else self.hand_w
        self._sound("card_draw")
        self._fly(card, self._pile_center(), end, self.pile_w, w1, DRAW_TIME,
                  flip=(0.0, 1.0 if mine else 0.0), on_finished=land, delay=0.15 if forced else 0.0)
        self._log_draw(seat, card, forced, open_card)

    def _ev_quit(self, seat, d) -> None:
        sh = self.shown
        sh.active[seat] = False
        self._sound("card_draw")
        if seat == self.focus and self.revealed:
            self.tween.animate(sh, 0.4, "ease_in_out", hand_face=0.0)
        else:
            self.tween.after(0.25, lambda: None)
        if self._is_me(seat):
            self.log.add(lazy.t("lama.log.quit_own"), (246, 200, 160))
        else:
            self.log.add(lazy.about("lama.log.quit", seat, name=self._name(seat)), (246, 200, 160))

    def _is_me(self, seat) -> bool:
        """The log says "you" for the one human at the table (never in hot-seat, where names are clearer)."""
        return not self.hotseat and seat == self.focus and self.session.is_human(seat)

    def _board_slot(self, index: int):
        r = self.layout["drama_board"]
        cols = DRAMA_THRESHOLD
        cell = r.w / (cols + 0.6)
        return (r.x + cell * 0.8 + index * cell, r.y + r.h * 0.62)

    def _ev_drama_token(self, seat, d) -> None:
        sh = self.shown
        token = int(d["token"])
        sh.scores[seat] = int(d["score"])
        slot = self._board_slot(min(len(sh.board), DRAMA_THRESHOLD - 1))

        def land():
            sh.board = list(d["board"])
            self._sound("token")

        self._fly(self._token_kind(token), self._tokens_anchor(seat), slot, self.small_token_d, self.small_token_d,
                  TOKEN_TIME, on_finished=land, kind="token")
        self.log.add(lazy.about("lama.log.drama_token", seat, name=self._name(seat), value=token))

    def _ev_drama_start(self, seat, d) -> None:
        self.shown.drama = True
        self.shown.board = list(d["board"])
        self._sound("show_start")
        self.toasts.append(Toast(t("lama.toast.drama"), 2.2, True, (217, 83, 74)))
        self.log.add(lazy.t("lama.log.drama_start"), (255, 160, 150))
        self.tween.after(0.7, lambda: None)

    def _ev_drama_take(self, seat, d) -> None:
        sh = self.shown
        tokens = list(d["tokens"])
        for i, token in enumerate(tokens):
            last = i == len(tokens) - 1

            def land(last=last):
                self._sound("token")
                if last:
                    sh.scores[seat] = int(d["score"])

            self._fly(self._token_kind(token), self._board_slot(min(i, DRAMA_THRESHOLD - 1)),
                      self._tokens_anchor(seat), self.small_token_d, self.token_d, TOKEN_TIME, delay=i * 0.07,
                      on_finished=land, kind="token")
        sh.board = []
        sh.drama = False
        if not tokens:
            sh.scores[seat] = int(d["score"])
        self.toasts.append(Toast(about("lama.toast.drama_take", seat, name=self._name(seat), value=d["value"]), 2.0, True))
        self.log.add(lazy.about("lama.log.drama_take", seat, name=self._name(seat), value=d["value"]), (255, 214, 110))

    def _ev_extra_turn(self, seat, d) -> None:
        self.toasts.append(Toast(about("lama.toast.extra_turn", seat, name=self._name(seat)), 1.4))
        self.log.add(lazy.about("lama.log.extra_turn", seat, name=self._name(seat)))

    def _ev_round_end(self, seat, d) -> None:
        emptied = int(d.get("emptied_by", -1))
        if emptied >= 0:
            self.toasts.append(Toast(about("lama.toast.emptied", emptied, name=self._name(emptied)), 1.6, True))
            self.log.add(lazy.about("lama.log.emptied", emptied, name=self._name(emptied)), (255, 214, 110), seat=emptied)
        else:
            self.log.add(lazy.t("lama.log.all_quit"), (255, 214, 110), seat=None)
        self._sound("blowup" if emptied >= 0 else "token")
        if int(d.get("returner", -1)) >= 0:
            # the summary shows the round's final totals: it waits for the token the engine says comes back
            self._round_ending = dict(d)
            return
        self._show_round_summary(d)

    def _show_round_summary(self, d, delay: float = 0.9) -> None:
        scene_type, options = self._round_summary()
        self._open_round_summary(scene_type, d, delay, **options)

    def _round_summary(self):
        """The round-summary scene and its options."""
        from lama_desktop.app.scenes.round_summary import RoundSummaryScene

        return RoundSummaryScene, {"pinks": self.pinks, "each_llama": "llama-each-10" in self.variants}

    def _round_tokens(self, d) -> None:
        sh = self.shown
        center = self._discard_center()
        for seat, gained in enumerate(d["points"]):
            if gained <= 0:
                continue
            self._fly_round_tokens(seat, holdings(gained, self.pinks), center, TOKEN_TIME + 0.1)
        for seat, score in enumerate(d["scores"]):
            self.log.add(lazy.about("lama.log.points", seat, name=self._name(seat), gained=d["points"][seat], total=score),
                         seat=seat)

        def land():
            sh.scores = list(d["scores"])
            self._sound("token")
            for seat, gained in enumerate(d["points"]):
                r = self.layout[f"seat{self.pos_of(seat)}.plate"]
                text = f"+{gained}" if gained else "±0"
                color = (255, 214, 110) if gained else (170, 230, 170)
                y = r.y if r.y > self.layout.s(90) else r.bottom + self.layout.s(50)  # room above the plate
                self.floaters.append([text, r.right - self.layout.s(40), y, 0.0, color])

        self.tween.after(TOKEN_TIME + 0.1 + 0.08 * self.n, land)

    def _ev_token_return(self, seat, d) -> None:
        sh = self.shown
        token = int(d["token"])
        sh.scores[seat] = int(d["score"])
        start = self._tokens_anchor(seat)
        end = (self.layout["discard"].centerx, -self.token_d)
        self._fly(self._token_kind(token), start, end, self.token_d, self.token_d, TOKEN_TIME + 0.15,
                  kind="token", tween="ease_in_out")
        self._sound("token")
        self.toasts.append(Toast(about("lama.toast.return", seat, name=self._name(seat), value=token), 1.6))
        self.log.add(lazy.about("lama.log.return", seat, name=self._name(seat), value=token), (255, 214, 110))
        ending, self._round_ending = self._round_ending, None
        if ending is not None:  # the round's summary, with the totals after the token came back (the engine's)
            from lama_desktop.app.scenes.round_summary import closed_round

            self._show_round_summary(closed_round(ending, Event("token_return", seat, d)), TOKEN_TIME + 0.3)

    def _ev_hide(self, seat, d) -> None:
        if self.hotseat and self.session.current_player != self.focus:
            self.revealed = False
            self.shown.hand = []
            self.lifts = []
            self.hand_focus = -1

    def _winner_texts(self, winners: list):
        return (i18n_winners("lama.toast.winner", winners, self._name),
                lazy.winners("lama.log.game_end", winners, self._name))

    def _score_history(self) -> list:
        return self.session.view(self.focus).history or self.session.score_history

    # -- drawing ---------------------------------------------------------------------------------------------
    def _advice_rects(self, move) -> list:
        """The advisor's best move on the table: the card to play in the hand, else its button."""
        if move.kind == "play":
            name = str(move.args[0])
            positions = self._hand_positions()
            h = card_height(self.hand_w)
            for i, ((x, y, _angle), card) in enumerate(zip(positions, self.shown.hand, strict=False)):
                if card == name:
                    lift = self.lifts[i] if i < len(self.lifts) else 0.0
                    return [pygame.Rect(round(x - self.hand_w / 2), round(y - h / 2 - lift), self.hand_w, h)]
            return []
        return super()._advice_rects(move)

    def _hand_positions(self):
        return fan_positions(len(self.shown.hand), self._fan_rect(), self.hand_w)

    def _fan_rect(self) -> pygame.Rect:
        """The player's hand anchor less the keys line under it: the cards never sit under that line."""
        rect = self.layout["seat0.hand"].copy()
        rect.h -= self._hint_h()
        return rect

    def _hint_h(self) -> int:
        return self.ui.font(16).get_linesize() + self.layout.s(4)

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
            label = ui.text(t(f"lama.label.{name}").upper(), 15, (150, 200, 188), bold=True)
            surf.blit(label, self._pile_label_rect(name))
        if self.drama_variant:
            self._draw_board_base(surf)
        return surf.convert() if pygame.display.get_surface() else surf

    def _draw_board_base(self, surf) -> None:
        L, ui = self.layout, self.ui
        r = L["drama_board"]
        shadow = pygame.Surface((r.w + L.s(24), r.h + L.s(24)), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), (L.s(12), L.s(18), r.w, r.h), border_radius=L.s(16))
        surf.blit(pygame.transform.gaussian_blur(shadow, L.s(6)), (r.x - L.s(12), r.y - L.s(12)))
        pygame.draw.rect(surf, (122, 44, 58), r, border_radius=L.s(16))
        top = pygame.Rect(r.x, r.y, r.w, r.h // 2)
        pygame.draw.rect(surf, (138, 54, 68), top, border_top_left_radius=L.s(16), border_top_right_radius=L.s(16))
        pygame.draw.rect(surf, (232, 176, 120), r, max(2, L.s(3)), border_radius=L.s(16))
        inner = r.inflate(-L.s(12), -L.s(12))
        pygame.draw.rect(surf, (200, 130, 110), inner, max(1, L.s(1)), border_radius=L.s(12))
        title = ui.font(18, True).render(t("lama.label.drama_board").upper(), True, (255, 226, 196))
        surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + L.s(14))))
        for i in range(DRAMA_THRESHOLD):
            c = self._board_slot(i)
            pygame.draw.circle(surf, (96, 30, 44), (round(c[0]), round(c[1])), self.small_token_d // 2 + L.s(2))
            pygame.draw.circle(surf, (232, 176, 120), (round(c[0]), round(c[1])), self.small_token_d // 2 + L.s(2),
                               max(1, L.s(2)))

    def _layer_key(self) -> tuple:
        sh, s = self.shown, self.session
        return (self.layout.size, self.focus, self.revealed, sh.round, tuple(sh.sizes), sh.pile, tuple(sh.discard),
                tuple(sh.scores), tuple(sh.board), sh.drama, tuple(sh.active), sh.current, sh.dealer,
                s.thinking, self._log_key(), s.is_over,
                self.colorblind, language())

    def draw(self, surface: pygame.Surface) -> None:
        """A cached layer holds everything that only changes with the model (piles, seats, tokens, log); the
        frame is that layer, then the hand, buttons and status (hover / lift states), then what flies."""
        surface.blit(self._model_layer(surface.get_size()), (0, 0))
        if self.drama_variant and self.shown.drama:
            self._draw_drama_pulse(surface)
        self._draw_pile_hover(surface)
        self._draw_hand(surface)
        self._draw_status(surface)
        self._draw_return_buttons(surface)
        self._draw_sprites(surface)
        for text, x, y, age, color in self.floaters:
            img = self.ui.text(text, 30, color, True)
            shade = self.ui.text(text, 30, (20, 30, 28), True)
            alpha = round(255 * min(1.0, (1.6 - age) / 0.5))
            rise = self.layout.s(40) * min(1.0, age / 0.8)
            for im, dy in ((shade, self.layout.s(2)), (img, 0)):
                im = im.copy()
                im.set_alpha(alpha)
                surface.blit(im, im.get_rect(midbottom=(x, y - rise + dy)))
        self._draw_toasts(surface)
        self._draw_panels(surface)
        self._draw_tooltip(surface)
        self._narrator_draw(surface)

    def _draw_middle(self, layer) -> None:
        if self.shown.drama:
            layer.blit(_drama_vignette(layer.get_size()), (0, 0))
        self._draw_piles(layer)
        if self.drama_variant:
            self._draw_board(layer)

    def _round_text(self) -> str:
        return t("lama.status.round", round=self.shown.round)

    def _draw_pile_hover(self, surface) -> None:
        if self.shown.pile <= 0 or not self.can_act():
            return
        if "draw" in {str(m) for m in self.legal()} and self._pile_rect().collidepoint(pygame.mouse.get_pos()):
            L = self.layout
            pygame.draw.rect(surface, GOLD, self._pile_rect().inflate(L.s(8), L.s(8)), max(2, L.s(3)),
                             border_radius=L.s(10))

    def _draw_drama_pulse(self, surface) -> None:
        L = self.layout
        r = L["drama_board"]
        pulse = 0.5 + 0.5 * abs(((self.time * 1.6) % 2) - 1)
        glow = pygame.Rect(r).inflate(L.s(10), L.s(10))
        pygame.draw.rect(surface, (235, 80 + round(60 * pulse), 90), glow, max(3, L.s(5)), border_radius=L.s(20))

    def _pile_label_rect(self, name: str) -> pygame.Rect:
        """Where a pile's label ("DRAW PILE") is drawn, under its slot."""
        w, h = self.ui.font(15, True).size(t(f"lama.label.{name}").upper())
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (self.layout[name].centerx, self._slot_rect(name).bottom + self.layout.s(4))
        return rect

    def _slot_rect(self, name: str) -> pygame.Rect:
        L = self.layout
        slot = pygame.Rect(0, 0, self.pile_w + L.s(8), card_height(self.pile_w) + L.s(8))
        slot.center = L[name].center
        return slot

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
        wobbles = (-7, 5, -3, 8, -5, 3)
        start = max(0, len(sh.discard) - 4)
        for i in range(start, len(sh.discard)):
            k = i - start
            angle = wobbles[i % 6]
            blit_card(surface, sh.discard[i], (dx + (k - 1.5) * L.s(3), dy), self.pile_w,
                      angle=angle, colorblind=self.colorblind, shadow=k == 0 or i == len(sh.discard) - 1)

    def _draw_board(self, surface) -> None:
        L, sh = self.layout, self.shown
        r = L["drama_board"]
        if sh.drama:
            label = self.ui.font(22, True).render(t("lama.label.drama_on"), True, (255, 235, 200))
            tag = label.get_rect(midbottom=(r.centerx, r.bottom - L.s(8)))
            pygame.draw.rect(surface, (200, 60, 70), tag.inflate(L.s(18), L.s(6)), border_radius=L.s(12))
            surface.blit(label, tag)
        tokens = sorted(sh.board, reverse=True)
        for i, token in enumerate(tokens[:DRAMA_THRESHOLD]):
            img = art.token(self._token_kind(token), self.small_token_d)
            surface.blit(img, img.get_rect(center=tuple(round(v) for v in self._board_slot(i))))
        if len(tokens) > DRAMA_THRESHOLD:
            badge = count_badge(self.ui, f"+{len(tokens) - DRAMA_THRESHOLD}", self.ui.s(24))
            surface.blit(badge, badge.get_rect(midright=(r.right - L.s(6), r.y + L.s(20))))

    def _seat_out(self, seat: int) -> bool:
        return not self.shown.active[seat]

    def _plate_badge(self, seat: int) -> str:
        return t("lama.plate.dealer") if self.shown.dealer == seat else ""

    def _badge_tip(self, seat: int) -> str:
        return t("tooltips.lama.dealer") if self._plate_badge(seat) else ""

    def _draw_opponent(self, surface, seat: int) -> None:
        L, sh = self.layout, self.shown
        k = self.pos_of(seat)
        plate_rect = L[f"seat{k}.plate"]
        self._blit_plate(surface, seat, plate_rect)
        hand_rect = L[f"seat{k}.hand"]
        draw_backs_and_count(surface, self.ui, hand_rect, sh.sizes[seat], not sh.active[seat], self.back_w,
                             L.seat_s(k, 26), faces=self._open_hand(seat), colorblind=self.colorblind)
        self._draw_tokens(surface, seat, L[f"seat{k}.tokens"].inflate(-L.s(8), 0), self.small_token_d, "left")

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
        self._draw_tokens(surface, seat, L["seat0.tokens"].inflate(-L.s(12), -L.s(4)), self.token_d, "left")

    def _draw_tokens(self, surface, seat: int, rect: pygame.Rect, diameter: int, align: str) -> None:
        draw_token_stacks(surface, rect, holdings(max(0, self.shown.scores[seat]), self.pinks), self.pinks, diameter,
                          align=align)

    def _hand_hint(self) -> str:
        """The keys line under the hand (a table with more keys says so)."""
        return t("lama.hand_hint")

    def _draw_hand(self, surface) -> None:
        L, sh = self.layout, self.shown
        seat = self.focus
        rect = self._fan_rect()
        if not self.revealed:
            count = sh.sizes[seat]
            positions = fan_positions(count, rect, self.hand_w)
            for x, y, angle in positions:
                blit_card(surface, None, (x, y), self.hand_w, angle=angle)
            if count and self.hotseat:
                msg = self.ui.text(about("lama.hidden_hand", seat, name=self._name(seat)), 20, CREAM, True)
                box = msg.get_rect(center=(rect.centerx, rect.y + L.s(20)))
                pygame.draw.rect(surface, (8, 36, 34), box.inflate(L.s(20), L.s(8)), border_radius=L.s(12))
                surface.blit(msg, box)
            return
        positions = self._hand_positions()
        mine_turn = self.can_act()
        playable = self.playable_names()
        face = sh.hand_face
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

    def _status_text(self) -> str:
        s, sh = self.session, self.shown
        cur = s.current_player
        if s.is_over:
            return t("lama.status.over")
        if not self.idle:
            return t("lama.status.round", round=sh.round)
        if sh.phase == "returning":
            if cur == self.focus and self.revealed:
                return t("lama.status.return_choice")
            return about("lama.status.returning", cur, name=self._name(cur))
        if cur == self.focus and self.revealed and s.is_human(cur):
            if sh.drama:
                return t("lama.status.your_turn_drama")
            cards = sorted(self.playable_names(), key=lambda n: CARD_ORDER.get(n, 99))
            can_draw = any(m.kind == "draw" for m in self.legal())
            listed = ", ".join(card_label(c) for c in cards)
            if cards and can_draw:
                return t("lama.status.your_turn", cards=listed)
            if cards:
                return t("lama.status.your_turn_last", cards=listed)
            if can_draw:
                return t("lama.status.your_turn_none")
            return t("lama.status.your_turn_last_none")
        if s.seats[cur].is_bot:
            return about("lama.status.bot_turn", cur, name=self._name(cur))
        return about("lama.status.turn", cur, name=self._name(cur))

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
                tmp_center = (sp.x, sp.y)
                _blit_scaled_flip(surface, sp.image, tmp_center, base_w, k, flip, self.colorblind)
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


_vignettes: dict = {}


def _drama_vignette(size) -> pygame.Surface:
    """A warm red glow creeping in from the table's edges while the Lama Drama is on."""
    surf = _vignettes.get(size)
    if surf is None:
        small = pygame.Surface((64, 36), pygame.SRCALPHA)
        for y in range(36):
            for x in range(64):
                d = min(1.0, (((x - 31.5) / 32) ** 2 + ((y - 17.5) / 18) ** 2) ** 0.5)
                small.set_at((x, y), (190, 36, 48, round(105 * max(0.0, d - 0.6) / 0.4)))
        surf = finish(pygame.transform.smoothscale(small, size))
        _vignettes.clear()
        _vignettes[size] = surf
    return surf


def _blit_scaled_flip(surface, name, center, base_w, k, flip, colorblind) -> None:
    w = max(4, round(base_w * k))
    squash = abs(flip - 0.5) * 2
    img = card_image(name if flip >= 0.5 else None, base_w, colorblind)
    size = (max(1, round(w * squash)), card_height(w))
    img = pygame.transform.smoothscale(img, size)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


class _GameEnd(TableEvent):
    def __init__(self):
        super().__init__("game_end", {})


def open_table(app, config: GameConfig, saved=None) -> LamaTableScene:
    if saved is None:
        session = GameSession.from_config(config, storage=app.storage, pace=app.settings.bot_pace,
                                          record_stats=False)
    else:
        session = open_session(app, config, saved)
    return LamaTableScene(session, config)

