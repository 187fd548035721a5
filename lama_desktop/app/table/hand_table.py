"""The hand-of-cards table: what every table where a player holds a hand of cards shares, whatever the game.

Data flows one way: a click or key becomes a move → ``session.play(move)`` (the engine validates it; a refusal
shows its reason) → the applied moves' events are animated one after the other from a *shown* model (what the
table displays, ``shown_type``), which is re-synchronised with the engine's view whenever the animation queue is
empty. Bots move through ``session.poll(busy)``: never while something is still moving, and paced by the settings.

Seats are drawn clockwise from the bottom (``seat0`` in the layout is the player whose hand is shown). With one
human, that human sits at the bottom and their hand is always face up. With two or more humans (hot-seat) the
table turns to the human whose turn it is, after the privacy screen ("Pass to Anna"); their hand is turned face
down as soon as their turn is over.

``HandTableScene`` holds the hand fan (lifts, keyboard focus, the keys line under it), the draw pile and the
discard pile, the opponents' backs and plates, the board beside the piles (when the game has one), the deal,
play, draw and quit animations, the round's end (summary, tokens flying to the seats, a token given back) and
the hot-seat privacy. A game's table subclasses it and gives what is its own (the hooks listed on the class).
The event animations live in ``hand_events`` and the drawing in ``hand_drawing``.
"""

from __future__ import annotations

import pygame

from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.i18n import plural, t
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.hand_drawing import HandDrawing
from lama_desktop.app.table.hand_events import DEAL_STEP, DRAW_TIME, PLAY_TIME, TOKEN_TIME, HandEvents
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import card_height, card_image, hand_hit_index
from lama_desktop.app.table.scene_base import TableEvent, TableScene
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import UI
from lama_desktop.app.scenes.privacy import PrivacyScene

__all__ = ["DEAL_STEP", "DRAW_TIME", "PLAY_TIME", "TOKEN_TIME", "GameEndEvent", "HandTableScene"]

#: keys that walk over a choice's buttons, and keys that take the focused one
_WALK_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
_ENTER_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)


class GameEndEvent(TableEvent):
    """The game is over when the table opens (killed after the last move): straight to the results."""

    def __init__(self):
        super().__init__("game_end", {})


class HandTableScene(HandEvents, HandDrawing, TableScene):
    """A table where each player holds a hand of cards, with a draw pile and a discard pile.

    A game's table sets ``shown_type`` (its picture of the engine's view: ``hand``, ``sizes``, ``pile``,
    ``discard``, ``scores``, ``board``, ``active``, ``current``, ``phase``, ``round``, ``hand_face`` and
    ``landed``), ``layout_game`` (the layout family, ``table_<family>_<n>p``) and ``has_board``, and defines:
    ``enter``, ``_build_buttons``, ``_key`` (the choices of its phases, then ``_hand_key``), ``_letter_moves``,
    ``_settle_buttons``, ``_face_names``, ``_card_tip``, ``_tokens_tip``, ``_hand_hint``, ``_status_text``,
    ``_sort``, the deal's ``_new_round`` / ``_deal_line`` / ``_deal_actor``, ``_log_play``, ``_log_draw``,
    ``_token_holdings``, ``_round_summary``, ``_draw_tokens`` and, with a board, ``_board_on``, ``_board_tip``,
    ``_draw_board_base``, ``_draw_board`` and ``_draw_board_pulse``.
    """

    #: the table's picture of the engine's view
    shown_type: type
    #: the layout family the table is laid out by
    layout_game: str
    #: the game's board beside the piles (in the layout's ``drama_board`` place)
    has_board = False
    #: the buttons Tab walks over (those shown and enabled), then back to the hand
    tab_order = ("draw", "quit", "take", "menu")
    #: the keyboard focus moves off a card that cannot be played as the table settles
    playable_focus_only = True

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__()
        self._setup(session, config)
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
    def exit(self) -> None:
        self._set_cursor(False)
        self.close()

    def _build(self, size) -> None:
        self.layout = Layout(load_layout(table_layout_name(self.layout_game, self.n)), size)
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
        for name in self._face_names():
            card_image(name, self.hand_w, self.colorblind)
            if self.pile_w != self.hand_w:
                card_image(name, self.pile_w, self.colorblind)
        card_image(None, self.hand_w)
        card_image(None, self.back_w)

    # -- derived state ---------------------------------------------------------------------------------------
    def _held(self) -> bool:
        return self.privacy_open

    def can_act(self) -> bool:
        s = self.session
        cur = s.current_player
        return (self.idle and not s.is_over and cur == self.focus and s.is_human(cur) and self.revealed)

    def playable_names(self) -> set[str]:
        """The cards of the hand that can be played now, by the table's names."""
        return {self._card_name(str(m.args[0])) for m in self.legal() if m.kind == "play"}

    def _card_name(self, card):
        """The table's name of an engine card id (by default the same)."""
        return card

    def _refresh_buttons(self) -> None:
        legal = {str(m) for m in self.legal()}
        for name, b in self.buttons.items():
            if name not in ("menu", "skip"):
                b.enabled = name in legal

    # -- input -----------------------------------------------------------------------------------------------
    def handle_table_event(self, event) -> bool:
        if self.tween.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tween.skip()
            return True
        if event.type == pygame.MOUSEMOTION:
            self._mouse_moved(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_pressed(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_released(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _mouse_moved(self, pos) -> None:
        self.hover = self._card_at(pos)
        over_button = False
        for b in self.buttons.values():
            b.hovered = b.enabled and b.rect.collidepoint(pos)
            over_button = over_button or b.hovered
        actionable = over_button or (self.hover >= 0 and self.can_act()) or (
            self.can_act() and self._pile_rect().collidepoint(pos))
        self._set_cursor(actionable)

    def _mouse_pressed(self, pos) -> bool:
        if self._press_button(pos, self.try_move):  # a disabled button: the engine's reason
            return True
        index = self._card_at(pos)
        if index >= 0:
            self.pressed_card = index
            return True
        if self._pile_rect().collidepoint(pos):
            self.try_move("draw")
            return True
        return False

    def _mouse_released(self, pos) -> bool:
        if self._release_button(pos):
            return True
        index = self._card_at(pos)
        if index >= 0 and index == self.pressed_card:
            self.pressed_card = -1
            self.play_card(index)
            return True
        self.pressed_card = -1
        return False

    def _choose_key(self, key: int, choices: list[str]) -> bool:
        """A choice shown as buttons (the token to give back...): the arrows and Tab walk over ``choices``,
        Enter/Space takes the focused one (the first when none is)."""
        if not choices:
            return False
        if key in _WALK_KEYS:
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
            self.button_focus = (self.button_focus + step) % len(choices)
            for i, n in enumerate(choices):
                self.buttons[n].focused = i == self.button_focus
            return True
        if key in _ENTER_KEYS:
            self.try_move(choices[max(0, self.button_focus)])
            return True
        return False

    def _hand_key(self, event) -> bool:
        """The keys while playing from the hand: Tab walks over the action buttons, ←/→ over the hand,
        Enter/Space plays the focused card (or takes the focused button), and the game's letters."""
        key = event.key
        if key == pygame.K_TAB:  # Tab walks over the action buttons (then back to the hand)
            self._tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        focused_button = next((b for b in self.buttons.values() if b.focused), None)
        if focused_button is not None and key in _ENTER_KEYS:
            self._sound("click")
            focused_button.activate()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            for b in self.buttons.values():
                b.focused = False
            self._walk_hand(1 if key == pygame.K_RIGHT else -1)
            return True
        if key in _ENTER_KEYS:
            if 0 <= self.hand_focus < len(self.shown.hand):
                self.play_card(self.hand_focus)
            else:  # the first Enter shows where it would play: on a playable card, not just the leftmost
                playable = self.playable_names()
                self.hand_focus = next((i for i, name in enumerate(self.shown.hand) if name in playable),
                                       0 if self.shown.hand else -1)
            return True
        letters = self._letter_moves()
        if key in letters:
            self.try_move(letters[key])
            return True
        return False

    def _tab(self, step: int) -> None:
        order = [n for n in self.tab_order if n in self.buttons and self.buttons[n].enabled]
        current = next((i for i, n in enumerate(order) if self.buttons[n].focused), -1)
        nxt = current + step
        for b in self.buttons.values():
            b.focused = False
        if 0 <= nxt < len(order):
            self.buttons[order[nxt]].focused = True
            self.hand_focus = -1

    def _walk_hand(self, step: int) -> None:
        stops = self._focus_stops()
        if not stops:
            return
        if self.hand_focus < 0:
            self.hand_focus = stops[0] if step > 0 else stops[-1]
        else:  # the next stop in that direction, round the hand
            ahead = [i for i in stops if (i - self.hand_focus) * step > 0]
            self.hand_focus = (min(ahead) if step > 0 else max(ahead)) if ahead else (
                stops[0] if step > 0 else stops[-1])

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

    def play_card(self, index: int) -> None:
        if 0 <= index < len(self.shown.hand):
            self.try_move(f"play {self.shown.hand[index]}")

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

    def _wait_text(self, name: str) -> str:
        return t("hand.reason.wait", name=name)

    def _refused(self, reason: str) -> str:
        return t("hand.reason.refused", reason=reason)

    def _moved(self) -> None:
        if self.hand_focus >= len(self.shown.hand) - 1:
            self.hand_focus = len(self.shown.hand) - 2 if self.hand_focus >= 0 else -1

    # -- tooltips --------------------------------------------------------------------------------------------
    def _hand_card_rect(self, index: int) -> pygame.Rect:
        x, y, _ = self._hand_positions()[index]
        rect = pygame.Rect(0, 0, self.hand_w, card_height(self.hand_w))
        rect.center = (round(x), round(y - self.lifts[index]))
        return rect

    def _hand_face_up(self) -> bool:
        """Your hand lies face up (after a quit it is turned down: its cards have no tip then)."""
        return self.revealed and (self.session.omniscient or getattr(self.shown, "hand_face", 1.0) >= 1.0)

    def _hand_card_tip(self, index: int) -> Tip | None:
        """The tip of your hand's card at ``index``, keyed on its place, its value and the hand's size (a card
        played, drawn or turned down is another piece); None while the hand lies face down."""
        hand = self.shown.hand
        if not 0 <= index < len(hand) or not self._hand_face_up():
            return None
        return Tip(self._card_tip(hand[index]), tuple(self._hand_card_rect(index)),
                   piece=("hand", index, hand[index], len(hand)))

    def _piece_tip(self, pos):
        sh, L = self.shown, self.layout
        index = self._card_at(pos)
        if 0 <= index < len(sh.hand):
            return self._hand_card_tip(index)
        for name in ("draw_pile", "discard"):  # a pile, or its label under it
            slot, label = self._slot_rect(name), self._pile_label_rect(name)
            if slot.collidepoint(pos) or label.collidepoint(pos):
                return Tip(self._pile_tip(name), tuple(slot), (tuple(label),))
        tip = self._board_tip(pos)
        if tip is not None:
            return tip
        for seat in range(self.n):
            rect = L.get(f"seat{self.pos_of(seat)}.tokens")
            if rect is not None and rect.collidepoint(pos):
                return Tip(self._tokens_tip(seat), tuple(rect))
            rect = L.get(f"seat{self.pos_of(seat)}.hand")
            if seat != self.focus and rect is not None and rect.collidepoint(pos):
                return Tip(plural("hand.tip.hand", sh.sizes[seat], name=self._name(seat)), tuple(rect))
        return None

    def _board_tip(self, pos) -> Tip | None:
        """The board's tip when ``pos`` is over it (a table without a board has none)."""
        return None

    def _pile_tip(self, name: str) -> str:
        sh = self.shown
        if name == "draw_pile":
            return plural("hand.tip.pile", sh.pile)
        if not sh.discard:
            return t("hand.tip.discard")
        return t("hand.tip.discard") + "\n" + self._card_tip(sh.discard[-1])

    # the pieces a lesson points at (``tutorial/``; docs/APP.md, "Tutorials") ----------------------------------------
    def tutorial_rect(self, name: str):
        """``hand`` (the cards in the hand), ``hand:<card>`` (the first such card, the part of it a click plays),
        ``pile`` (the draw pile), ``discard``, ``board`` (the board beside the piles), then what every table
        answers."""
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
            return pygame.Rect(self.layout["drama_board"]) if self.has_board else None
        return super().tutorial_rect(name)

    def _tip_pieces(self) -> list:
        """Each card of your hand, the two piles and the board: a tip about one keeps clear of the others."""
        if self.layout is None:
            return []
        shown = min(len(self.shown.hand), len(self.lifts))  # a hand being dealt or played: the cards drawn now
        cards = [self._hand_card_rect(i) for i in range(shown)]
        if self.has_board and self.layout.get("drama_board") is not None:
            cards.append(self.layout["drama_board"])
        return cards + [self._slot_rect(name) for name in ("draw_pile", "discard")]

    def tutorial_protect(self, point=None) -> list:
        """What a lesson's box and arrow never cover: the shared ones (``TableScene``), every player's plate (name
        and points), each pile with its label under it, the board, the keys line under your hand."""
        out = list(super().tutorial_protect(point))
        if self.layout is None or self.ui is None:
            return out
        out += [(f"plate:{seat}", self.tutorial_rect(f"plate:{seat}")) for seat in range(self.n)]
        for name in ("draw_pile", "discard"):
            out.append((f"pile:{name}", self._slot_rect(name).union(self._pile_label_rect(name))))
        if self.has_board and self.layout.get("drama_board") is not None:
            out.append(("board", pygame.Rect(self.layout["drama_board"])))
        hint = getattr(self, "_hint_rect", None)
        if hint is not None:
            out.append(("hint", pygame.Rect(hint)))
        return out

    def _focus_tip(self):
        if self.layout is None:
            return None
        return self._hand_card_tip(self.hand_focus)

    # -- frame -----------------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        for floater in self.floaters:
            floater[3] += dt * self.tween.speed
        self.floaters = [f for f in self.floaters if f[3] < 1.6]

    def update_pieces(self, dt: float) -> None:
        self._update_lifts(dt)

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
        before = self.shown
        fresh = self.shown_type(s.view(self.focus), self.revealed)
        fresh.hand_face = before.hand_face if not fresh.active[self.focus] else 1.0
        self.shown = fresh
        if len(self.lifts) != len(fresh.hand):
            self.lifts = [0.0] * len(fresh.hand)
        self._settle_buttons(before, fresh)
        if self.hand_focus >= len(fresh.hand):
            self.hand_focus = len(fresh.hand) - 1
        if self.playable_focus_only:
            self._keep_focus_playable()
        my_turn = self.can_act()
        if my_turn and not getattr(self, "_was_my_turn", False):
            self._sound("turn")
        self._was_my_turn = my_turn

    def _open_privacy(self, seat: int) -> None:
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
