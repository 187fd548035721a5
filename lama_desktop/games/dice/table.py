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

This module holds the scene's life cycle, input, tooltips, lesson pieces and event animations; where the pieces
are and how they are drawn is in ``table_view``, the round summary in ``summary``.
"""

from __future__ import annotations

import math
import random

import pygame

from lama_desktop.games.dice import art as dice_art
from lama_desktop.games.dice.summary import DiceRoundSummary
from lama_desktop.games.dice.table_view import DiceTableView, row_points
from lama_desktop.games.dice.words import card_label, sort_cards
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.i18n import LazyNames, about, plural, t
from lama_desktop.core.i18n import winners as i18n_winners
from lama_desktop.core.session import GameSession
from lama_desktop.resources import game_path
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import LazyJoin, Toast, card_height, card_image, lazy, token_stacks_rect
from lama_desktop.app.table.scene_base import TableEvent, TableScene, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import UI, Button
from lama_desktop.engine.core import Move
from lama_desktop.games.dice.engine import DICE_FACES, END_POINTS, LABELS, LLAMA_ROW, POINTS, ROW_SIZE, discard_counts, holding

DEAL_STEP = 0.05
CARD_TIME = 0.3
ROLL_TIME = 0.95
TOKEN_TIME = 0.42
#: each die's faces as card names, from the engine's data (the art shows the real dice)
DIE_FACES = tuple(tuple(str(LABELS[f]) for f in faces) for faces in DICE_FACES)


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


class DiceTableScene(DiceTableView, TableScene):
    button_tips = {"roll": "dice.tip.button.roll", "quit": "dice.tip.button.quit",
                   "discard": "dice.tip.button.discard", "keep": "dice.tip.button.keep"}
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
        self.llama_choice = ""          # the llama-row card chosen from the advisor: Enter takes it
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
        # the Dice tables are the game's own (its folder's levels/)
        table = game_path(__package__, "levels", f"{table_layout_name('dice', self.n)}.tmx")
        self.layout = Layout(load_layout(table), size)
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
        if self._panels_event(event):  # a lesson's narrator first, the tooltip, the history and advisor panels
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
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.llama_choice in self.shown.llama:
                self.take(self.llama_choice)
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
        self.llama_choice = ""
        self.press(f"take {name}")

    def _advice_select(self, move) -> bool:
        """A move chosen in the advisor's panel, selected for the player to confirm: the row's cards to discard
        (Enter or Discard then), the llama-row card to take (Enter then), else its button focused."""
        from lama_desktop.app.table.advisor_panel import select_button

        if move.kind == "discard" and self.shown.phase == "discard":
            row, wanted, chosen = self.shown.rows[self.focus], [str(a) for a in move.args], []
            for i, name in enumerate(row):
                if name in wanted:
                    wanted.remove(name)
                    chosen.append(i)
            self.selected, self.card_focus = chosen, -1
            self._refresh_buttons()
            return not wanted
        if move.kind == "take" and self.shown.phase == "take":
            self.llama_choice = str(move.args[0])
            return self.llama_choice in self.shown.llama
        return select_button(self, move)

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

    # -- tooltips --------------------------------------------------------------------------------------------
    def _card_tip(self, name: str) -> str:
        """A row card: which die discards it and what it costs (the game's data)."""
        points = POINTS[LABELS.index(int(name) if name != "L" else "L")]
        head = t("dice.tip.llama") if name == "L" else t("dice.tip.card", value=name)
        return head + "\n" + plural("dice.tip.costs", points)

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
            return Tip(t("dice.tip.llama_row", card=card_label(name)), (x - w // 2, y - h // 2, w, h))
        if L["llama_row"].collidepoint(pos):
            return Tip(t("dice.tip.llama_row_all"), tuple(L["llama_row"]))
        for i, rect in enumerate(self._die_rects()):  # its sides and shadow too
            if rect.collidepoint(pos):
                faces = ", ".join(card_label(f) for f in DIE_FACES[i])
                text = t("dice.tip.die", faces=faces)
                if sh.dice and self.rolling is None and i < len(sh.dice):
                    text = t("dice.tip.die_shows", face=card_label(sh.dice[i])) + "\n" + text
                return Tip(text, tuple(rect))
        for seat in range(self.n):
            k = self.pos_of(seat)
            rect = L.get(f"seat{k}.tokens")
            if rect is not None and rect.collidepoint(pos):
                key = "tooltips.common.tokens_pink" if self.pinks else "tooltips.common.tokens"
                return Tip(plural("tooltips.common.points", max(0, int(sh.scores[seat]))) + "\n"
                           + t(key, end=END_POINTS), tuple(rect))
            if not k and self._points_badge(seat)[1].collidepoint(pos):  # your row's points
                return Tip(plural("dice.tip.own_row", row_points(sh.rows[seat])),
                           tuple(self._points_badge(seat)[1]))
            if k and self._row_rect(seat).collidepoint(pos):
                return Tip(plural("dice.tip.other_row", row_points(sh.rows[seat]), name=self._name(seat)),
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
            return token_stacks_rect(*self._token_stacks(seat), ui=self.ui) or pygame.Rect(L[f"seat{self.pos_of(seat)}.tokens"])
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

    def tutorial_protect(self, point=None) -> list:
        """What a lesson's box and arrow never cover: the shared ones (the history, the buttons), the keys line
        under your row, every player's plate (name and points) and row's points badge, the llama row, the dice."""
        out = list(super().tutorial_protect(point))
        if self.layout is None:
            return out
        out += [(f"plate:{seat}", self.tutorial_rect(f"plate:{seat}")) for seat in range(self.n)]
        dice = self._die_rects()
        out += [("hint", pygame.Rect(self.layout["seat0.hint"])), ("llama-row", self._llama_mat()),
                ("dice", dice[0].unionall(dice[1:]))]
        out += [(f"points:{seat}", self._points_badge(seat)[1]) for seat in range(self.n)]
        return out

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
        self.log.add(lazy.about("dice.log.deal", sh.starter, name=self._name(sh.starter)), (196, 226, 214),
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
        # "a llama", "two llamas" (one per die: never more, three llamas move no card), not "a llama and a llama"
        said = [name for name in cards if name != "L"]
        said += [lazy.t("dice.card.two_llamas")] if cards.count("L") == 2 else \
            [lazy.t("dice.card.a_llama")] * cards.count("L")
        said = LazyNames(said)
        self.log.add(lazy.about("dice.log.discard", seat, name=self._name(seat), cards=said))

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
        if name == "L":
            self.log.add(lazy.about("dice.log.take_llama", seat, name=self._name(seat)), (246, 200, 160))
        else:
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
            line = lazy.about("dice.log.return", seat, name=self._name(seat), value=value)
            self.toasts.append(Toast(line, 1.6))  # the toast says what the log says
            self.log.add(line, (255, 214, 110))
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


def _names_count(move: Move) -> dict:
    counts = discard_counts(move)
    return {str(LABELS[v]): c for v, c in enumerate(counts) if c}


def open_table(app, config: GameConfig, saved=None) -> DiceTableScene:
    options = {"first_player": int(config.first_dealer)} if config.first_dealer else {}
    return DiceTableScene(open_session(app, config, saved, options), config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = DiceTableScene
