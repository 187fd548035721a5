"""The LAMA Dice table (``lama-dice``, with Lama 20).

Same flow as the L.A.M.A. table: a click or key becomes a move → ``session.play(move)`` (the engine validates it;
a refusal shows its reason) → the applied moves' events are animated one after the other from a *shown* model,
re-synchronised with the engine's view whenever the animation queue is empty. Bots move through
``session.poll(busy)``, never while something is still moving.

Every row is open (LAMA Dice hides nothing), so there is no privacy screen: with several humans the bottom row is
the one of the human whose turn it is. The three dice are drawn as real dice (``art.die``): the rolled face on top
and plain sides, blank until the turn's roll; a roll tumbles them through the faces of the data file, and dice that
match the roller's row (or, on a miss, the llama row) glow.

Keys: R or Space roll, Q quit; after a roll ←/→ walk over the cards and Enter/Space toggles one, D discards the
selection (Enter when nothing is focused); 1-6 / L take that card from the llama row; on a token choice 2 / B / W
return a pink / black / white token, K keeps them; Esc pause. A click or key while things move skips the animation.
"""

from __future__ import annotations

import logging
import math
import random

import pygame

from lama_desktop.app import art
from lama_desktop.games.dice import art as dice_art
from lama_desktop.games.dice.words import card_label
from lama_desktop.app.gameconfig import GameConfig
from lama_desktop.app.i18n import about, language, plural, t
from lama_desktop.app.i18n import winners as i18n_winners
from lama_desktop.app.session import GameSession
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import GOLD, INK, INK_SOFT, LazyJoin, Toast, blit_card, card_height, card_image, count_badge, lazy, draw_token_stacks, finish, rotated_shadow, token_stacks_rect
from lama_desktop.app.table.scene_base import TableEvent, TableScene, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import UI, Button, CREAM as W_CREAM, blit_center, draw_panel, felt_surface
from lama_desktop.app.scenes.round_summary import RoundSummaryScene
from lama_desktop.engine.core import Move
from lama_desktop.games.dice.engine import DICE_FACES, END_POINTS, LABELS, LLAMA_ROW, POINTS, ROW_SIZE, discard_counts, holding

log = logging.getLogger("lama_desktop.table")

ORDER = {name: i for i, name in enumerate(["1", "2", "3", "4", "5", "6", "L"])}
DEAL_STEP = 0.05
CARD_TIME = 0.3
ROLL_TIME = 0.95
TOKEN_TIME = 0.42
#: each die's faces as card names, from the engine's data (the art shows the real dice)
DIE_FACES = tuple(tuple(str(LABELS[f]) for f in faces) for faces in DICE_FACES)


def sort_cards(names) -> list[str]:
    return sorted((str(n) for n in names), key=lambda n: ORDER.get(n, 99))


def card_text(name: str):
    """``card_label`` for a log line: translated when the log is drawn."""
    return lazy.t("dice.card.llama") if str(name) == "L" else str(name)


class Shown:
    """What the table displays; follows the events during animations, equals the view when idle."""

    def __init__(self, view):
        d = view.to_dict()
        self.rows = [sort_cards(r) for r in d["rows"]]
        self.llama = sort_cards(d["llama_row"])
        self.dice = [str(f) for f in d["dice"]] if d["dice"] else None
        self.scores = list(d["scores"])
        self.quit = list(d["quit"])
        self.current = int(d["current"])
        self.phase = d["phase"]
        self.round = int(d["round"])
        self.starter = int(d["starter"])
        self.legal = list(d["legal_moves"])
        self.hidden_rows: set = set()   # seats whose row is still being dealt (cards land one by one)
        self.landed: dict = {}


class DiceTableScene(TableScene):
    button_tips = {"roll": "tooltips.button.dice.roll", "quit": "tooltips.button.dice.quit",
                   "discard": "tooltips.button.dice.discard", "keep": "tooltips.button.dice.keep"}
    end_points = END_POINTS
    name = "dice_table"

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__()
        self._setup(session, config)
        self.pinks = "lama20" in self.variants
        humans = session.human_seats
        self.focus = humans[0] if humans else 0
        self.shown = Shown(session.view(self.focus))
        self.selected: list[int] = []    # indices into the bottom row chosen for a discard
        self.card_focus = -1
        self.hover = -1
        self.hover_llama = -1
        self.rolling: list | None = None  # per die [face, angle, dy] while the dice tumble
        self.shake = 0.0
        self.flash = 0.0
        self._rng = random.Random(session.record.seed)
        self._layer = None
        self._layer_cached_key = None
        self._status_cache = None
        self._selection_for: tuple | None = None
        self._veil: pygame.Surface | None = None  # the blow-up's red flash (one surface, alpha per frame)

    # -- lifecycle -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        restored = self.history.restore()  # Continue (or an undo): the history the save kept
        if not restored:
            self.log.add(lazy.t("dice.log.welcome"), (196, 226, 214))
        if self.session.is_over:
            self.queue.append((None, TableEvent("game_end", {})))
            return
        view = self.session.view(self.focus)
        d = view.to_dict()
        fresh = (d["phase"] == "turn" and not d["discarded"] and not any(d["quit"]) and d["current"] == d["starter"]
                 and len(d["llama_row"]) == sum(LLAMA_ROW) and all(len(r) == ROW_SIZE for r in d["rows"]))
        if fresh and not restored:  # a round nobody has played yet (a new game, a lesson's position): deal it
            self.queue.append((None, TableEvent("deal", {"round": d["round"], "starter": d["starter"],
                                                     "rows": d["rows"], "llama_row": d["llama_row"]})))
        elif not restored:
            self.log.add(lazy.t("dice.log.resumed", round=d["round"]))

    def _build(self, size) -> None:
        self.layout = Layout(load_layout(table_layout_name("dice", self.n)), size)
        self.ui_scale = table_ui_scale(self.app.settings) if self.app is not None else 1.0
        self.ui = UI(size, self.ui_scale)
        L = self.layout
        # the plates, the opponents' rows and every seat's tokens follow the UI scale as far as the table has room
        L.grow_seats(self.ui_scale, keep=("seat0.row", "seat0.hint"))
        # the own row follows it too, as far as its anchor leaves room for the cards and their lift
        self.row_w = fit(L.s(100 * self.ui_scale), int((L["seat0.row"].h - L.s(34)) / 1.4))
        self.small_w = L.seat_s(1, 50)
        self.llama_w = L.s(78)
        self.die_size = L.s(118)
        self.token_d = L.seat_s(0, 46)
        self.small_token_d = L.seat_s(1, 30)
        self.static = None
        self._layer = None
        self._build_buttons()
        self._prewarm()

    def _prewarm(self) -> None:
        """Render every card face and every die face once (SVG), so no frame stalls on a first appearance."""
        for name in ("1", "2", "3", "4", "5", "6", "L", None):
            for w in (self.row_w, self.small_w, self.llama_w):
                card_image(name, w, self.colorblind)
        for face in (*dice_art.FACES, None):
            dice_art.die(face, self.die_size)
            dice_art.die(face, self.die_size, highlight=True)

    def _build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        rect = L["buttons"]
        gap = L.s(12)
        self.buttons = {}
        phase = self.shown.phase
        mine = self.shown.current == self.focus
        if phase == "return" and mine:
            held = holding(max(0, self.shown.scores[self.focus]), self.pinks)
            specs = [(f"return {d}", t("dice.button.return", value=d), {20: "2", 10: "B", 1: "W"}[d], "primary")
                     for d in (20, 10, 1) if held[d]]
            specs.append(("keep", t("dice.button.keep"), "K", "secondary"))
        elif phase == "discard" and mine:
            specs = [("discard", t("dice.button.discard"), "D", "primary")]
        elif phase == "take" and mine:
            specs = []
        else:
            specs = [("roll", t("dice.button.roll"), "R", "primary"), ("quit", t("dice.button.quit"), "Q",
                                                                         "secondary")]
        rows = 3
        bh = (rect.h - gap * (rows - 1)) // rows
        top = rect.bottom - len(specs) * bh - (len(specs) - 1) * gap
        for i, (move, label, key, style) in enumerate(specs):
            r = pygame.Rect(rect.x, top + i * (bh + gap), rect.w, bh)
            self.buttons[move] = Button(label, lambda m=move: self.press(m), style=style, size=24, hint=key,
                                        rect=r, name=move)
        self.buttons["menu"] = Button("II", self.open_pause, style="secondary", size=22, rect=L["menu"],
                                      name="menu")
        self._skip_buttons()
        self._refresh_buttons()

    # -- derived state ---------------------------------------------------------------------------------------
    def _held(self) -> bool:
        return self.rolling is not None

    def can_act(self) -> bool:
        s = self.session
        cur = s.current_player
        return self.idle and not s.is_over and cur == self.focus and s.is_human(cur)

    def discard_caps(self) -> dict:
        """Per card name, how many the current roll lets go (at most one per die showing it)."""
        if self.shown.phase != "discard" or not self.shown.dice:
            return {}
        caps = {}
        for move in self.legal():
            if move.kind == "discard":
                for name, count in _names_count(move).items():
                    caps[name] = max(caps.get(name, 0), count)
        return caps

    def takeable(self) -> set:
        return {str(m.args[0]) for m in self.legal() if m.kind == "take"}

    def selection_move(self) -> str:
        row = self.shown.rows[self.focus]
        names = sort_cards(row[i] for i in self.selected if i < len(row))
        return "discard " + " ".join(names) if names else "discard"

    def _refresh_buttons(self) -> None:
        legal = {str(m) for m in self.legal()}
        for name, b in self.buttons.items():
            if name in ("menu", "skip"):
                continue
            if name == "discard":
                b.enabled = self.can_act() and bool(self.selected)
                count = len(self.selected)
                b.text = t("dice.button.discard_n", n=count) if count else t("dice.button.discard")
            else:
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
        if (self.tween.busy or self.rolling is not None) and (
                event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN):
            self.skip_animations()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_card_at(event.pos)
            self.hover_llama = self._llama_card_at(event.pos)
            for b in self.buttons.values():
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._press_button(event.pos, self.press):  # a disabled button shows why not
                return True
            index = self._row_card_at(event.pos)
            if index >= 0:
                self.toggle(index)
                return True
            index = self._llama_card_at(event.pos)
            if index >= 0:
                self.take(self.shown.llama[index])
                return True
            if self._dice_rect().collidepoint(event.pos) and self.shown.phase == "turn":
                self.press("roll")
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release_button(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event) -> bool:
        key = event.key
        phase = self.shown.phase
        if key == pygame.K_TAB:  # Tab walks over the enabled buttons (Shift+Tab back)
            order = [n for n, b in self.buttons.items() if b.enabled and n != "menu"]
            if order:
                current = next((i for i, n in enumerate(order) if self.buttons[n].focused), -1)
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                nxt = (current + step) % len(order) if current >= 0 else (0 if step > 0 else len(order) - 1)
                for b in self.buttons.values():
                    b.focused = False
                self.buttons[order[nxt]].focused = True
            return True
        focused = next((b for b in self.buttons.values() if b.focused and b.enabled), None)
        if focused is not None and key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self._sound("click")
            focused.activate()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):  # the arrows go back to the cards
            for b in self.buttons.values():
                b.focused = False
        if phase == "return":
            letters = {pygame.K_2: "return 20", pygame.K_b: "return 10", pygame.K_w: "return 1",
                       pygame.K_k: "keep"}
            if key in letters:
                self.press(letters[key])
                return True
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                best = next((m for m in ("return 20", "return 10", "return 1") if m in self.buttons), "keep")
                self.press(best)
                return True
            return False
        if phase == "discard":
            count = len(self.shown.rows[self.focus])
            if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
                step = 1 if key == pygame.K_RIGHT else -1
                self.card_focus = (0 if step > 0 else count - 1) if self.card_focus < 0 else \
                    (self.card_focus + step) % count
                return True
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                if 0 <= self.card_focus < count and key != pygame.K_RETURN:
                    self.toggle(self.card_focus)
                elif 0 <= self.card_focus < count and key == pygame.K_RETURN and self.card_focus not in self.selected:
                    self.toggle(self.card_focus)
                else:
                    self.press("discard")
                return True
            if key == pygame.K_d:
                self.press("discard")
                return True
            return False
        if phase == "take":
            names = {pygame.K_1: "1", pygame.K_2: "2", pygame.K_3: "3", pygame.K_4: "4", pygame.K_5: "5",
                     pygame.K_6: "6", pygame.K_l: "L"}
            if key in names:
                self.take(names[key])
                return True
            return False
        if key in (pygame.K_r, pygame.K_SPACE):
            self.press("roll")
            return True
        if key == pygame.K_q:
            self.press("quit")
            return True
        return False

    def skip_animations(self) -> None:
        """Land the dice and every flying piece at once (a click or key while things move)."""
        if self.rolling is not None:
            self._finish_roll()
        self.tween.skip()

    def toggle(self, index: int) -> None:
        """Select or unselect a card of the bottom row for the discard (at most one per die showing it)."""
        if self.shown.phase != "discard" or not self.can_act():
            if self.can_act() and self.shown.phase == "turn":
                self._toast_reason(lambda: t("dice.reason.roll_first"))
            return
        row = self.shown.rows[self.focus]
        if not 0 <= index < len(row):
            return
        name = row[index]
        if index in self.selected:
            self.selected.remove(index)
            self._sound("click")
            return
        caps = self.discard_caps()
        chosen = sum(1 for i in self.selected if row[i] == name)
        if caps.get(name, 0) == 0:
            self._toast_reason(lambda: t("dice.reason.no_die", card=card_label(name)))
            return
        if chosen >= caps[name]:
            cap = caps[name]
            self._toast_reason(lambda: t("dice.reason.one_per_die", card=card_label(name), n=cap))
            return
        self.selected.append(index)
        self._sound("click")

    def take(self, name: str) -> None:
        if self.shown.phase != "take":
            return
        self.press(f"take {name}")

    def press(self, text: str) -> None:
        if text == "discard":
            text = self.selection_move()
        self.try_move(text)

    def _wait_text(self, name: str) -> str:
        return t("dice.reason.wait", name=name)

    def _moved(self) -> None:
        self.selected = []
        self.card_focus = -1

    # -- frame -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.tween.update(dt)
        self.shake = max(0.0, self.shake - dt * 1.6)
        self.flash = max(0.0, self.flash - dt * 1.2)
        self.age_toasts(dt)
        if self.rolling is not None:
            self._tumble(dt)
        if not self.finished:
            self._take_moves()
        self._update_skip()
        self._refresh_buttons()
        self.advisor.update(dt)
        self.history.update(dt)
        self._update_tooltip(dt)
        self._narrator_update(dt)

    def _settle(self) -> None:
        """Idle: sync the shown model with the engine; with several humans, the one to move sits at the bottom."""
        s = self.session
        cur = s.current_player
        if cur >= 0 and s.is_human(cur) and cur != self.focus and len(s.human_seats) > 1:
            self.focus = cur
            self.static = None
        before = (self.shown.phase, self.shown.current, self.focus)
        fresh = Shown(s.view(self.focus))
        self.shown = fresh
        if (fresh.phase, fresh.current, self.focus) != before or not self.buttons:
            self._build_buttons()
        key = (fresh.round, fresh.current, tuple(fresh.dice or ()), fresh.phase)
        if fresh.phase == "discard" and self._selection_for != key and self.can_act():
            self._preselect()
            self._selection_for = key
        my_turn = self.can_act()
        if my_turn and not getattr(self, "_was_my_turn", False):
            self._sound("turn")
        self._was_my_turn = my_turn

    def _preselect(self) -> None:
        """Start from the largest discard the roll allows (the player may unselect cards to keep them)."""
        legal = [m for m in self.legal() if m.kind == "discard"]
        if not legal:
            self.selected = []
            return
        biggest = max(legal, key=lambda m: len(m.args))
        want = _names_count(biggest)
        row = self.shown.rows[self.focus]
        chosen = []
        for i, name in enumerate(row):
            if want.get(name, 0) > 0:
                chosen.append(i)
                want[name] -= 1
        self.selected = chosen

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
        # an opponent's "pts" badge sits right of the last card: a long row closes up instead of running under it
        room = rect.w if mine else rect.w - self._points_badge_room()
        step = min(w + gap, (room - w) / max(1, count - 1)) if count > 1 else 0
        total = w + step * (count - 1)
        x0 = rect.centerx - total / 2 + w / 2 if mine else rect.x + w / 2
        y = rect.centery if not mine else rect.y + card_height(w) // 2 + self.layout.s(30)
        return [(round(x0 + i * step), y) for i in range(count)]

    def _points_badge_room(self) -> int:
        """Width kept free right of an opponent's row for its points badge (two-digit points, any language)."""
        L = self.layout
        if self.ui is None or L is None:
            return 0
        badge = count_badge(self.ui, plural("dice.label.row_points", 88), self._points_badge_h())
        return badge.get_width() + L.s(6)

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

    # -- tooltips --------------------------------------------------------------------------------------------
    def _card_tip(self, name: str) -> str:
        """A row card: which die discards it and what it costs (the game's data)."""
        points = POINTS[LABELS.index(int(name) if name != "L" else "L")]
        head = t("tooltips.dice.llama") if name == "L" else t("tooltips.dice.card", value=name)
        return head + "\n" + plural("tooltips.dice.costs", points)

    def _row_card_rect(self, index: int) -> pygame.Rect:
        x, y = self._row_positions(self.focus, len(self.shown.rows[self.focus]))[index]
        w, h = self.row_w, card_height(self.row_w)
        return pygame.Rect(x - w // 2, y - h // 2 - self._lift(index), w, h)

    def _piece_tip(self, pos):
        sh, L = self.shown, self.layout
        index = self._row_card_at(pos)
        if 0 <= index < len(sh.rows[self.focus]):
            return Tip(self._card_tip(sh.rows[self.focus][index]), tuple(self._row_card_rect(index)))
        index = self._llama_card_at(pos)
        if 0 <= index < len(sh.llama):
            name = sh.llama[index]
            x, y = self._llama_positions()[name]
            w, h = self.llama_w, card_height(self.llama_w)
            return Tip(t("tooltips.dice.llama_row", card=card_label(name)), (x - w // 2, y - h // 2, w, h))
        if L["llama_row"].collidepoint(pos):
            return Tip(t("tooltips.dice.llama_row_all"), tuple(L["llama_row"]))
        for i, rect in enumerate(self._die_rects()):  # its sides and shadow too
            if rect.collidepoint(pos):
                faces = ", ".join(card_label(f) for f in DIE_FACES[i])
                text = t("tooltips.dice.die", faces=faces)
                if sh.dice and self.rolling is None and i < len(sh.dice):
                    text = t("tooltips.dice.die_shows", face=card_label(sh.dice[i])) + "\n" + text
                return Tip(text, tuple(rect))
        for seat in range(self.n):
            k = self.pos_of(seat)
            rect = L.get(f"seat{k}.tokens")
            if rect is not None and rect.collidepoint(pos):
                key = "tooltips.lama.tokens_pink" if self.pinks else "tooltips.lama.tokens"
                return Tip(plural("tooltips.common.points", max(0, int(sh.scores[seat]))) + "\n"
                           + t(key, end=END_POINTS), tuple(rect))
            if not k and self._points_badge(seat)[1].collidepoint(pos):  # your row's points
                return Tip(plural("tooltips.dice.own_row", _row_points(sh.rows[seat])),
                           tuple(self._points_badge(seat)[1]))
            if k and self._row_rect(seat).collidepoint(pos):
                return Tip(plural("tooltips.dice.other_row", _row_points(sh.rows[seat]), name=self._name(seat)),
                           tuple(self._row_rect(seat)))
        return None

    def _tip_pieces(self) -> list:
        """Each card of every row, each card of the llama row and each die: a tip about one keeps clear of the
        others (the dice's tips sit beside the dice, not over the llama row you take from)."""
        if self.layout is None:
            return []
        rects = [r for seat in range(self.n) for r in self._row_card_rects(seat)]
        w, h = self.llama_w, card_height(self.llama_w)
        rects += [pygame.Rect(x - w // 2, y - h // 2, w, h) for x, y in self._llama_positions().values()]
        rects += [self._points_badge(seat)[1] for seat in range(self.n)]
        return rects + self._die_rects()

    def _focus_tip(self):
        row = self.shown.rows[self.focus]
        if self.shown.phase == "discard" and 0 <= self.card_focus < len(row) and self.layout is not None:
            return Tip(self._card_tip(row[self.card_focus]), tuple(self._row_card_rect(self.card_focus)))
        return None

    def _dice_rect(self) -> pygame.Rect:
        return self.layout["dice"]

    def _die_centers(self) -> list[tuple[int, int]]:
        r = self._dice_rect()
        step = r.w / 3
        return [(round(r.x + step * (i + 0.5)), r.centery) for i in range(3)]

    def _lift(self, index: int) -> int:
        if self.shown.phase != "discard" or self.shown.current != self.focus:
            return 0
        if index in self.selected:
            return self.layout.s(26)
        if index == self.hover or index == self.card_focus:
            return self.layout.s(8)
        return 0

    # -- the tutorial's pieces (docs/APP.md "Tutorials") -----------------------------------------------------------
    def tutorial_rect(self, name: str) -> pygame.Rect | None:
        """Where the piece ``name`` is drawn now (the narrator rings it; a click on its centre uses it), or None
        when it is not shown. Dice's pieces: ``hand`` / ``row:<seat>`` (a row's cards, lifted ones as lifted),
        ``hand:<card>`` (the first such card of your row), ``points:<seat>`` (the row's points badge),
        ``dice``, ``die:<i>`` (0-2, die order of the data file), ``llama-row`` (its mat), ``llama-row:<card>``,
        ``tokens:<seat>`` (the stacks as drawn), ``advisor``; ``TableScene`` answers the shared ones
        (``button:<name>``: ``roll``, ``quit``, ``discard``, ``return 10``, ``keep``...; ``plate:<seat>``, ``log``,
        ``round``, ``status``)."""
        if self.layout is None:
            return None
        kind, _, arg = name.partition(":")
        L, sh = self.layout, self.shown
        seat = None
        if kind in ("row", "points", "tokens"):
            try:
                seat = int(arg)
            except ValueError:
                return None
            if not 0 <= seat < self.n:
                return None
        if kind == "hand" and not arg:
            kind, seat = "row", self.focus
        if kind == "row":
            rects = self._row_card_rects(seat)
            return rects[0].unionall(rects[1:]) if rects else None
        if kind == "hand":
            row = sh.rows[self.focus]
            return self._row_card_rect(row.index(arg)) if arg in row else None
        if kind == "points":
            return self._points_badge(seat)[1]
        if kind == "dice" and not arg:
            rects = self._die_rects()
            return rects[0].unionall(rects[1:])
        if kind == "die":
            rects = self._die_rects()
            return rects[int(arg)] if arg.isdigit() and int(arg) < len(rects) else None
        if kind == "llama-row":
            if not arg:
                return self._llama_mat()
            if arg not in sh.llama:
                return None
            x, y = self._llama_positions()[arg]
            w, h = self.llama_w, card_height(self.llama_w)
            return pygame.Rect(x - w // 2, y - h // 2, w, h)
        if kind == "tokens":  # the stacks as drawn; where they will stand while the seat holds none
            return token_stacks_rect(*self._token_stacks(seat)) or pygame.Rect(L[f"seat{self.pos_of(seat)}.tokens"])
        if kind == "advisor":
            anchor = self._advice_anchor() if self.advisor.available() else None
            return pygame.Rect(anchor[0]) if anchor else None
        return super().tutorial_rect(name)

    def tutorial_clear(self) -> list[pygame.Rect]:
        """What a lesson's narrator box would rather not cover: every seat's plate, row and tokens, the llama row,
        the dice, the status line, the hint under your row, the log and the buttons."""
        if self.layout is None:
            return []
        L = self.layout
        names = [f"seat{k}.{part}" for k in range(self.n) for part in ("plate", "row", "tokens")]
        names += ["status", "seat0.hint", "log", "buttons"]
        rects = [pygame.Rect(L[name]) for name in names if L.get(name) is not None]
        dice = self._die_rects()
        return rects + [self._llama_mat(), dice[0].unionall(dice[1:])]

    def _row_card_rects(self, seat: int) -> list[pygame.Rect]:
        """The cards of a seat's row as drawn (the own row's lifted cards lifted)."""
        row = self.shown.rows[seat]
        if seat == self.focus:
            return [self._row_card_rect(i) for i in range(len(row))]
        w = self._card_w(seat)
        h = card_height(w)
        return [pygame.Rect(x - w // 2, y - h // 2, w, h) for x, y in self._row_positions(seat, len(row))]

    def _die_rects(self) -> list[pygame.Rect]:
        """Each die as drawn: its top face and the sides below it."""
        size = self.die_size
        return [pygame.Rect(x - size // 2, y - size // 2, size, round(size * 1.2)) for x, y in self._die_centers()]

    def _llama_mat(self) -> pygame.Rect:
        """The llama row's mat (drawn in the static layer, its title inside)."""
        L = self.layout
        return L["llama_row"].inflate(L.s(20), L.s(8))

    # -- event animations -------------------------------------------------------------------------------------
    def _ev_deal(self, seat, d) -> None:
        sh = self.shown
        rows = [sort_cards(r) for r in d["rows"]]
        sh.round = int(d["round"])
        sh.starter = sh.current = int(d["starter"])
        sh.phase = "turn"
        sh.dice = None
        sh.quit = [False] * self.n
        sh.llama = sort_cards(d["llama_row"])
        sh.rows = [[] for _ in range(self.n)]
        self.selected = []
        self._build_buttons()
        self._sound("shuffle")
        self.toasts.append(Toast(t("dice.toast.round", round=sh.round), 1.3, True))
        self.log.add(lazy.about("dice.log.deal", sh.starter, round=sh.round, name=self._name(sh.starter)), (196, 226, 214),
                     seat=sh.starter)
        center = self._dice_rect().center
        i = 0
        for k in range(max(len(r) for r in rows)):
            for s in range(self.n):
                if k >= len(rows[s]):
                    continue
                target = self._row_positions(s, len(rows[s]))[k]
                name = rows[s][k]

                def land(s=s, name=name, i=i):
                    sh.rows[s] = sort_cards(sh.rows[s] + [name])
                    if i % 4 == 0:
                        self._sound("deal")

                self._fly(name, center, target, self.small_w, self._card_w(s), CARD_TIME,
                          delay=0.2 + i * DEAL_STEP, on_finished=land)
                i += 1

    def _ev_roll(self, seat, d) -> None:
        sh = self.shown
        sh.current = seat
        faces = [str(f) for f in d["faces"]]
        self.rolling = [[self._rng.choice(DIE_FACES[i]), self._rng.uniform(-40, 40), 0.0, 0.0]
                        for i in range(3)]
        self._roll_target = faces
        self._roll_age = 0.0
        self._roll_data = d
        self._roll_seat = seat
        sh.dice = None
        self._sound("dice_roll")

    def _tumble(self, dt: float) -> None:
        speed = max(0.25, self.tween.speed)
        self._roll_age += dt * speed
        k = self._roll_age / ROLL_TIME
        if k >= 1.0:
            self._finish_roll()
            return
        for i, die in enumerate(self.rolling):
            if self._rng.random() < dt * 22 * (1.2 - k):
                die[0] = self._rng.choice(DIE_FACES[i])
            die[1] += dt * 720 * (1.0 - k) * (1 if i % 2 else -1)
            bounce = abs(math.sin((k * 3.2 + i * 0.35) * math.pi)) * (1.0 - k) ** 1.5
            die[2] = -bounce * self.layout.s(70)

    def _finish_roll(self) -> None:
        d, seat = self._roll_data, self._roll_seat
        self.rolling = None
        sh = self.shown
        sh.dice = list(self._roll_target)
        shown_faces = LazyJoin(" · ", map(card_text, sh.dice))
        # after the tumble, outside the event's handler: the lines name their seat themselves
        self.log.add(lazy.about("dice.log.roll", seat, name=self._name(seat), faces=shown_faces), seat=seat)
        outcome = d.get("outcome")
        if outcome == "three_llamas":
            self.toasts.append(Toast(about("dice.toast.three_llamas", seat, name=self._name(seat)), 1.8, True))
            self.log.add(lazy.about("dice.log.three_llamas", seat, name=self._name(seat)), (255, 214, 110), seat=seat)
        elif outcome == "take":
            self.log.add(lazy.about("dice.log.no_match", seat, name=self._name(seat)), (246, 200, 160), seat=seat)
        sh.phase = {"match": "discard", "take": "take", "three_llamas": "return"}.get(outcome, sh.phase)
        self._build_buttons()
        self.tween.after(0.35, lambda: None)

    def _ev_discard(self, seat, d) -> None:
        sh = self.shown
        cards = [str(c) for c in d["cards"]]
        row = list(sh.rows[seat])
        positions = self._row_positions(seat, len(row))
        end = (self._dice_rect().centerx, self._dice_rect().bottom + self.layout.s(40))
        for j, name in enumerate(cards):
            index = row.index(name) if name in row else 0
            start = positions[index] if index < len(positions) else self._row_rect(seat).center
            row[index] = None
            self._fly(name, start, end, self._card_w(seat), self.small_w * 0.6, CARD_TIME + 0.05, delay=j * 0.08,
                      tween="ease_in_out")
        left = list(sh.rows[seat])
        for name in cards:
            if name in left:
                left.remove(name)
        sh.rows[seat] = left
        self.selected = []
        self._sound("card_play")
        self.log.add(lazy.about("dice.log.discard", seat, name=self._name(seat), cards=LazyJoin(", ", map(card_text, cards))))

    def _ev_take(self, seat, d) -> None:
        sh = self.shown
        name = str(d["card"])
        start = self._llama_positions()[name]
        if name in sh.llama:
            sh.llama.remove(name)
        final = sort_cards(sh.rows[seat] + [name])
        end = self._row_positions(seat, len(final))[final.index(name)]

        def land():
            sh.rows[seat] = final

        self._sound("card_draw")
        self._fly(name, start, end, self.llama_w, self._card_w(seat), CARD_TIME + 0.1, on_finished=land)
        self.log.add(lazy.about("dice.log.take", seat, name=self._name(seat), card=card_text(name)), (246, 200, 160))

    def _ev_blowup(self, seat, d) -> None:
        sh = self.shown
        cards = [str(c) for c in d["cards"]]
        slots = self._llama_positions()
        final = sort_cards(sh.rows[seat] + cards)
        targets = self._row_positions(seat, len(final))
        sh.llama = []
        self.shake = 1.0
        self.flash = 1.0
        self._sound("blowup")
        used: set = set()
        for j, name in enumerate(cards):
            index = next(i for i, n in enumerate(final) if n == name and i not in used)
            used.add(index)
            self._fly(name, slots.get(name, self._dice_rect().center), targets[index], self.llama_w,
                      self._card_w(seat), CARD_TIME + 0.25, delay=0.25 + j * 0.07, tween="ease_in_out")

        def land():
            sh.rows[seat] = final

        self.tween.after(0.25 + len(cards) * 0.07 + CARD_TIME + 0.25, land)
        key = "dice.toast.blowup_solo" if d.get("solo") else "dice.toast.blowup"  # i18n-keys: dice.toast.blowup*
        self.toasts.append(Toast(about(key, seat, name=self._name(seat)), 2.4, True, (217, 83, 74)))
        self.log.add(lazy.plural_about("dice.log.blowup", seat, len(cards), name=self._name(seat)), (255, 150, 140))

    def _ev_quit(self, seat, d) -> None:
        self.shown.quit[seat] = True
        self._sound("card_draw")
        self.tween.after(0.3, lambda: None)
        self.log.add(lazy.about("dice.log.quit", seat, name=self._name(seat)), (246, 200, 160))

    def _ev_token(self, seat, d) -> None:
        sh = self.shown
        action = d.get("action")
        if action == "return":
            value = int(d["value"])
            sh.scores[seat] = int(d["score"])
            start = self._tokens_anchor(seat)
            end = (self._dice_rect().centerx, -self.token_d)
            self._fly(self._token_kind(value), start, end, self.token_d, self.token_d, TOKEN_TIME + 0.15, kind="token",
                      tween="ease_in_out")
            self._sound("token")
            self.toasts.append(Toast(about("dice.toast.return", seat, name=self._name(seat), value=value), 1.6))
            self.log.add(lazy.about("dice.log.return", seat, name=self._name(seat), value=value), (255, 214, 110))
        elif action == "keep":
            self.log.add(lazy.about("dice.log.keep", seat, name=self._name(seat)))
        elif action == "none":
            self.log.add(lazy.about("dice.log.no_token", seat, name=self._name(seat)))
        # "take" (tokens for the round's points) is shown with the round's end

    def _ev_round_end(self, seat, d) -> None:
        reason = d.get("ended_by", "all_quit")
        self.log.add(lazy.about(f"dice.log.end_{reason}", d.get("by"), name=self._name(d.get("by"))), (255, 214, 110),
                     seat=None if reason == "all_quit" else d.get("by"))
        self._open_round_summary(DiceRoundSummary, d, 1.0, pinks=self.pinks)

    def _round_tokens(self, d) -> None:
        sh = self.shown
        center = self._dice_rect().center
        for row in d["rows"]:
            seat, gained = int(row["seat"]), int(row["points"])
            if gained <= 0:
                continue
            self._fly_round_tokens(seat, holding(gained, self.pinks), center, TOKEN_TIME + 0.1)
            self.log.add(lazy.about("dice.log.points", seat, name=self._name(seat), gained=gained, total=d["scores"][seat]),
                         seat=seat)

        def land():
            sh.scores = list(d["scores"])
            self._sound("token")

        self.tween.after(TOKEN_TIME + 0.1 + 0.08 * self.n, land)

    def _winner_texts(self, winners: list):
        return (i18n_winners("dice.toast.winner", winners, self._name),
                lazy.winners("dice.log.game_end", winners, self._name))

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

    def draw(self, surface: pygame.Surface) -> None:
        """A cached layer holds what only changes with the model (rows of others, llama row, plates, tokens,
        log); the frame is that layer, then the bottom row, dice, buttons and status, then what flies."""
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
        self._draw_toasts(surface)
        self._draw_panels(surface)
        self._draw_tooltip(surface)
        self._narrator_draw(surface)

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
            lift = L.s(10) if i == self.hover_llama else 0
            blit_card(surface, name, (x, y - lift), self.llama_w, glow=(255, round(200 + 40 * pulse), 110),
                      colorblind=self.colorblind)

    def _seat_out(self, seat: int) -> bool:
        return self.shown.quit[seat]

    def _plate_badge(self, seat: int) -> str:
        return t("dice.plate.starter") if self.shown.starter == seat else ""

    def _badge_tip(self, seat: int) -> str:
        return t("tooltips.dice.starter") if self._plate_badge(seat) else ""

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
        draw_token_stacks(surface, *self._token_stacks(seat))

    def _draw_me_seat(self, surface) -> None:
        seat = self.focus
        self._blit_plate(surface, seat, self.layout["seat0.plate"])
        draw_token_stacks(surface, *self._token_stacks(seat))

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
        points = _row_points(row)
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
            return t("dice.hint.discard", allowed=", ".join(parts))
        if sh.phase == "take":
            return t("dice.hint.take", cards=", ".join(card_label(c) for c in sort_cards(self.takeable())))
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
        for i, ((x, y), face) in enumerate(zip(centers, sh.dice, strict=False)):
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


class DiceRoundSummary(RoundSummaryScene):
    """End of a round: how it ended, each row's cards (duplicates faded: a value counts once), points, tokens.

    Built from the engine's ``round_end`` data only (``ended_by``, ``by``, ``rows`` with ``cards``, ``values``,
    ``points``, ``quit``; ``scores``), so it never counts anything itself."""

    name = "dice_round_summary"
    row_top = 112
    rows_room = 620

    def _continue_text(self) -> str:
        return t("dice.summary.continue")

    def headline(self) -> str:
        d = self.data
        by = d.get("by")
        name = self.names[by] if by is not None and 0 <= by < len(self.names) else "?"
        key = "dice.summary.end_" + str(d.get("ended_by", "all_quit"))  # i18n-keys: dice.summary.end_*
        return about(key, by, name=name)

    def draw_static(self, surface, ui):
        d = self.data
        draw_panel(surface, self.panel, ui)
        blit_center(surface, ui.text(t("dice.summary.title", round=d.get("round", "?")), 40, INK, bold=True),
                    (self.panel.centerx, self.panel.y + ui.s(50)))
        blit_center(surface, ui.text(self.headline(), 22, INK_SOFT), (self.panel.centerx, self.panel.y + ui.s(92)))
        x0 = self.panel.x + ui.s(40)
        top = self.panel.y + ui.s(128)
        col_cards = x0 + ui.s(230)
        col_explain = self.panel.right - ui.s(470)
        col_tokens = self.panel.right - ui.s(200)
        for text, x in ((t("dice.summary.col_cards"), col_cards), (t("dice.summary.col_points"), col_explain),
                        (t("dice.summary.col_total"), col_tokens)):
            surface.blit(ui.text(text.upper(), 15, INK_SOFT, bold=True), (x, top - ui.s(22)))
        card_w = max(30, min(ui.s(56), round(self.row_h * 0.62)))
        card_h = round(card_w * 1.4)
        by = d.get("by")
        for row in d["rows"]:
            seat = int(row["seat"])
            y = top + seat * self.row_h
            box = pygame.Rect(x0 - ui.s(12), y, self.panel.w - ui.s(56), self.row_h - ui.s(8))
            special = seat == by and d.get("ended_by") in ("empty_row", "blowup", "last_card")
            fill = (252, 236, 200) if special else ((246, 238, 222) if seat % 2 == 0 else W_CREAM)
            pygame.draw.rect(surface, fill, box, border_radius=ui.s(12))
            if special:
                color = (200, 70, 60) if d.get("ended_by") == "blowup" else GOLD
                pygame.draw.rect(surface, color, box, max(2, ui.s(2)), border_radius=ui.s(12))
            cy = box.centery
            name_img = ui.text(self.names[seat], 26, INK, bold=True)
            surface.blit(name_img, name_img.get_rect(midleft=(x0, cy - ui.s(12))))
            sub = t("dice.summary.quit") if row.get("quit") else (
                t("dice.summary.empty") if not row["cards"] else plural("dice.summary.cards_left", len(row["cards"])))
            sub_img = ui.text(sub, 18, INK_SOFT)
            surface.blit(sub_img, sub_img.get_rect(midleft=(x0, cy + ui.s(16))))
            cards = sort_cards(row["cards"])
            avail = col_explain - col_cards - ui.s(20)
            step = min(card_w + ui.s(6), max(ui.s(12), (avail - card_w) / max(1, len(cards) - 1)))
            seen: set = set()
            x = col_cards
            for name in cards:
                img = art.card_face(name, card_w, colorblind=self.colorblind)
                if name in seen:
                    img = img.copy()
                    img.set_alpha(110)
                seen.add(name)
                surface.blit(img, (round(x), cy - card_h // 2))
                x += step
            if not cards:
                surface.blit(ui.text("—", 26, INK_SOFT), (col_cards, cy - ui.s(14)))
            values = [str(v) for v in row["values"] if str(v) != "L"]
            if "L" in [str(v) for v in row["values"]]:
                values.append(t("dice.summary.llama"))
            explain = (" + ".join(values) + f" = {row['points']}") if values else t("dice.summary.zero")
            img = ui.text(explain, 22, INK, bold=row["points"] > 0)
            if img.get_width() > col_tokens - col_explain - ui.s(16):
                img = pygame.transform.smoothscale_by(img, (col_tokens - col_explain - ui.s(16)) / img.get_width())
            surface.blit(img, img.get_rect(midleft=(col_explain, cy)))
            gained = int(row["points"])
            g = ui.text(f"+{gained}" if gained else "±0", 26, (60, 120, 60) if gained == 0 else (170, 70, 50),
                        bold=True)
            surface.blit(g, g.get_rect(midleft=(col_tokens, cy - ui.s(14))))
            held = holding(gained, self.pinks)
            tx = col_tokens + g.get_width() + ui.s(12)
            d_tok = ui.s(28)
            kinds = [kind for denom, kind in ((20, "pink"), (10, "black"), (1, "white"))
                     for _ in range(min(held[denom], 9))]
            room = self.panel.right - ui.s(24) - tx - d_tok
            step = min(d_tok * 0.55, room / max(1, len(kinds) - 1))
            for kind in kinds:
                surface.blit(art.token(kind, d_tok), (round(tx), cy - ui.s(14) - d_tok // 2))
                tx += step
            surface.blit(ui.text(t("dice.summary.total", total=self.totals()[seat]), 19, INK_SOFT),
                         (col_tokens, cy + ui.s(8)))


_shadows: dict = {}


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


def _names_count(move: Move) -> dict:
    counts = discard_counts(move)
    return {str(LABELS[v]): c for v, c in enumerate(counts) if c}


def _row_points(names) -> int:
    values = {str(n) for n in names}
    return sum(10 if v == "L" else int(v) for v in values)


def open_table(app, config: GameConfig, saved=None) -> DiceTableScene:
    options = {"first_player": int(config.first_dealer)} if config.first_dealer else {}
    return DiceTableScene(open_session(app, config, saved, options), config)

