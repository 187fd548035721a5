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

This module holds the scene's life cycle and input; the tooltips and a lesson's pieces are in ``table_pieces``, the
event animations in ``table_events``, where the pieces are and how they are drawn in ``table_view``, the round
summary in ``summary``.
"""

from __future__ import annotations

import random

import pygame

from lama_desktop.games.dice import art as dice_art
from lama_desktop.games.dice.table_pieces import DicePieces
from lama_desktop.games.dice.table_view import DiceTableView
from lama_desktop.games.dice.words import card_label, sort_cards
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.i18n import t
from lama_desktop.core.session import GameSession
from lama_desktop.resources import game_path
from lama_desktop.app.table.layout import Layout, fit, load_layout, table_layout_name, table_ui_scale
from lama_desktop.app.table.pieces import card_image, lazy
from lama_desktop.app.table.scene_base import TableEvent, TableScene, open_session
from lama_desktop.app.widgets import UI, Button
from lama_desktop.engine.core import Move
from lama_desktop.games.dice.rules import END_POINTS, LABELS, LLAMA_ROW, ROW_SIZE, discard_counts, holding
from lama_desktop.games.dice.table_events import DiceTableEvents
from lama_desktop.app.table.advisor_panel import select_button


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


class DiceTableScene(DiceTableEvents, DicePieces, DiceTableView, TableScene):
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
    def handle_table_event(self, event) -> bool:
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
    def update_table(self, dt: float) -> None:
        self.shake = max(0.0, self.shake - dt * 1.6)
        self.flash = max(0.0, self.flash - dt * 1.2)
        if self.rolling is not None:
            self._tumble(dt)

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



def _names_count(move: Move) -> dict:
    counts = discard_counts(move)
    return {str(LABELS[v]): c for v, c in enumerate(counts) if c}


def open_table(app, config: GameConfig, saved=None) -> DiceTableScene:
    options = {"first_player": int(config.first_dealer)} if config.first_dealer else {}
    return DiceTableScene(open_session(app, config, saved, options), config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = DiceTableScene
