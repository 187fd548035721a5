"""The L.A.M.A. table (``lama`` and ``lama-party``, with Drama, Lama 20 and llama scoring): the hand-of-cards table
(``app.table.hand_table.HandTableScene``: hand fan, piles, seats, deal / play / draw / quit animations, round end,
hot-seat privacy) with what L.A.M.A. adds: its cards and their order, the dealer, the token to give back, the
Drama board (tokens placed, the Drama started and taken), the extra turn, and its status and tooltips.

Keys: ←/→ move over the hand (and the return-token choice), Enter/Space plays the focused card, D draw,
Q quit, T take the Drama board, Esc pause. A click or key while cards move skips the animation.
"""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.i18n import about, plural, t
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.hand_events import TOKEN_TIME
from lama_desktop.app.table.hand_table import GameEndEvent, HandTableScene
from lama_desktop.app.table.pieces import Toast, count_badge, draw_token_stacks, lazy
from lama_desktop.app.table.scene_base import TableEvent, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import Button
from lama_desktop.engine.core import Move
from lama_desktop.games.lama.words import card_label
from lama_desktop.games.lama.engine import (
    CARD_NAMES, DRAMA_THRESHOLD, END_POINTS, LLAMA_POINTS, PINK_LLAMA_POINTS, holdings
)
from lama_desktop.app.scenes.round_summary import RoundSummaryScene

CARD_ORDER = {name: i for i, name in enumerate(["1", "1+", "2", "2+", "3", "3+", "4", "4+", "5", "5+", "6", "6+",
                                                 "L", "P"])}

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


class LamaTableScene(HandTableScene):
    button_tips = {"draw": "hand.tip.button.draw", "quit": "hand.tip.button.quit",
                   "take": "lama.tip.button.take"}
    end_points = END_POINTS
    name = "lama_table"
    #: the table's picture of the engine's view
    shown_type = Shown
    layout_game = "lama"
    #: the events whose mover becomes the current player as they are shown
    movers = ("play", "draw", "quit", "drama_take")
    first_option = "first_dealer"

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__(session, config)
        self.pinks = session.game_id == "lama-party" or "lama20" in self.variants
        self.drama_variant = "drama" in self.variants

    @property
    def has_board(self) -> bool:
        """The Drama board stands beside the piles with the Drama variant only."""
        return self.drama_variant

    # -- lifecycle -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        game = lazy.t(f"lama.game.{self.session.game_id}")
        restored = self.history.restore()  # Continue (or an undo): the history the save kept
        if not restored:
            self.log.add(lazy.t("lama.log.welcome", game=game), (196, 226, 214))
        if self.session.is_over:  # killed after the last move: straight to the results
            self.queue.append((None, GameEndEvent()))
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
            self.log.add(lazy.about("hand.log.draw", seat, name=name), seat=seat)
        elif move.kind == "quit":
            self.log.add(lazy.about("hand.log.quit", seat, name=name), (246, 200, 160), seat=seat)

    def _queue_deal(self, view) -> None:
        d = view.to_dict()
        self.queue.append((d["dealer"], TableEvent("deal", {
            "round": d["round"], "dealer": d["dealer"], "starter": d["current"], "top": d["top"],
            "hand_sizes": d["hand_sizes"], "pile": d["pile"]})))

    def _face_names(self) -> list[str]:
        names = ["1", "2", "3", "4", "5", "6", "L"]
        if self.session.game_id == "lama-party":
            names += ["1+", "2+", "3+", "4+", "5+", "6+", "P"]
        return names

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
            specs = [("draw", t("hand.button.draw"), "D"), ("quit", t("hand.button.quit"), "Q")]
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
    # -- input -----------------------------------------------------------------------------------------------
    def _key(self, event) -> bool:
        if self.shown.phase != "returning":
            return self._hand_key(event)
        if self._choose_key(event.key, [n for n in self.buttons if n.startswith("return")]):
            return True
        letters = {pygame.K_p: "return 20", pygame.K_b: "return 10", pygame.K_w: "return 1"}
        if event.key in letters:
            self.try_move(letters[event.key])
            return True
        return False

    def _letter_moves(self) -> dict:
        letters = {pygame.K_d: "draw", pygame.K_q: "quit"}
        if self.drama_variant:
            letters[pygame.K_t] = "take"
        return letters

    def _settle_buttons(self, before, fresh) -> None:
        if before.phase != fresh.phase or (fresh.phase == "returning") != any(
                n.startswith("return") for n in self.buttons):
            self._build_buttons()

    # tooltips ---------------------------------------------------------------------------------------------------
    def _card_tip(self, name: str) -> str:
        """What a card does and costs, from the game's data."""
        if name == "L":
            return t("hand.tip.llama", points=LLAMA_POINTS)
        if name == "P":
            return t("lama.tip.pink_llama", points=PINK_LLAMA_POINTS)
        value = int(name.rstrip("+"))
        if name.endswith("+"):
            return t("lama.tip.plus", value=value)
        return t("hand.tip.card_one") if value == 1 else t("hand.tip.card", value=value, before=value - 1)

    def _board_tip(self, pos):
        L = self.layout
        if self.drama_variant and L.get("drama_board") is not None and L["drama_board"].collidepoint(pos):
            return Tip(t("lama.tip.drama_board", n=len(self.shown.board), threshold=DRAMA_THRESHOLD),
                       tuple(L["drama_board"]))
        return None

    def _tokens_tip(self, seat: int) -> str:
        points = max(0, int(self.shown.scores[seat]))
        key = "tooltips.common.tokens_pink" if self.pinks else "tooltips.common.tokens"
        return plural("tooltips.common.points", points) + "\n" + t(key, end=END_POINTS)

    # -- event animations -------------------------------------------------------------------------------------
    # what the L.A.M.A. table's deals, plays and draws say and show
    def _new_round(self, d) -> int:
        """A deal resets what is the game's own in the shown model; returns the seat dealt to first."""
        self.shown.drama = False
        self.shown.dealer = int(d["dealer"])
        return int(d["dealer"]) + 1

    def _deal_line(self, d):
        return lazy.about("lama.log.deal", int(d["dealer"]), name=self._name(int(d["dealer"])))

    def _deal_actor(self, d) -> int:
        """The seat the deal's log line names (the dealer)."""
        return int(d["dealer"])

    def _sort(self, names) -> list[str]:
        return sort_hand(names)

    def _log_play(self, seat: int, card: str) -> None:
        # "you" (lama.log.play_own) for the reader alone: in a replay the person at this computer, not the seat watched
        self.log.add(lazy.about("lama.log.play", seat, name=self._name(seat), card=card_text(card)))

    def _log_draw(self, seat: int, card, forced: bool, open_card=None) -> None:
        """``card``: the drawn card when the player sees it; ``forced``: a draw the rules imposed (never here);
        ``open_card``: another seat's card, known in a replay's open view only."""
        if card or open_card:  # "you" only for the person at this computer: a replay's viewed seat is named
            self.log.add(lazy.about("lama.log.draw_open", seat, name=self._name(seat),
                                    card=card_text(card or open_card)))
        else:
            self.log.add(lazy.about("hand.log.draw", seat, name=self._name(seat)))

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
        line = lazy.plural_about("lama.log.drama_take", seat, int(d["value"]), name=self._name(seat))
        self.toasts.append(Toast(line, 2.0, True))  # the toast says what the log says
        self.log.add(line, (255, 214, 110))

    def _ev_extra_turn(self, seat, d) -> None:
        self.toasts.append(Toast(about("lama.toast.extra_turn", seat, name=self._name(seat)), 1.4))
        self.log.add(lazy.about("lama.log.extra_turn", seat, name=self._name(seat)))

    def _round_summary(self):
        """The round-summary scene and its options."""
        return RoundSummaryScene, {"pinks": self.pinks, "each_llama": "llama-each-10" in self.variants}

    def _token_holdings(self, points: int) -> dict:
        return holdings(points, self.pinks)

    # -- drawing ---------------------------------------------------------------------------------------------
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
        title = ui.font(18, True).render(t("hand.label.drama_board").upper(), True, (255, 226, 196))
        surf.blit(title, title.get_rect(midtop=(r.centerx, r.y + L.s(14))))
        for i in range(DRAMA_THRESHOLD):
            c = self._board_slot(i)
            pygame.draw.circle(surf, (96, 30, 44), (round(c[0]), round(c[1])), self.small_token_d // 2 + L.s(2))
            pygame.draw.circle(surf, (232, 176, 120), (round(c[0]), round(c[1])), self.small_token_d // 2 + L.s(2),
                               max(1, L.s(2)))

    def _board_on(self) -> bool:
        return self.shown.drama

    def _layer_extras(self) -> tuple:
        return (self.shown.dealer,)

    def _draw_board_pulse(self, surface) -> None:
        L = self.layout
        r = L["drama_board"]
        pulse = 0.5 + 0.5 * abs(((self.time * 1.6) % 2) - 1)
        glow = pygame.Rect(r).inflate(L.s(10), L.s(10))
        pygame.draw.rect(surface, (235, 80 + round(60 * pulse), 90), glow, max(3, L.s(5)), border_radius=L.s(20))

    def _draw_board(self, surface) -> None:
        L, sh = self.layout, self.shown
        r = L["drama_board"]
        if sh.drama:
            label = self.ui.font(22, True).render(t("hand.label.drama_on"), True, (255, 235, 200))
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

    def _plate_badge(self, seat: int) -> str:
        return t("lama.plate.dealer") if self.shown.dealer == seat else ""

    def _badge_tip(self, seat: int) -> str:
        return t("lama.tip.dealer") if self._plate_badge(seat) else ""

    def _draw_tokens(self, surface, seat: int, rect: pygame.Rect, diameter: int, align: str) -> None:
        draw_token_stacks(surface, rect, holdings(max(0, self.shown.scores[seat]), self.pinks), self.pinks, diameter,
                          align=align, ui=self.ui)

    def _hand_hint(self) -> str:
        """The keys line under the hand (a table with more keys says so)."""
        return t("lama.hand_hint")

    def _status_text(self) -> str:
        s, sh = self.session, self.shown
        cur = s.current_player
        if s.is_over:
            return t("hand.status.over")
        if not self.idle:
            return t("hand.status.round", round=sh.round)
        if sh.phase == "returning":
            if cur == self.focus and self.revealed:
                return t("hand.status.return_choice")
            return about("hand.status.returning", cur, name=self._name(cur))
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
            return about("hand.status.bot_turn", cur, name=self._name(cur))
        return about("hand.status.turn", cur, name=self._name(cur))


def open_table(app, config: GameConfig, saved=None) -> LamaTableScene:
    if saved is None:
        session = GameSession.from_config(config, storage=app.storage, pace=app.settings.bot_pace,
                                          record_stats=False)
    else:
        session = open_session(app, config, saved)
    return LamaTableScene(session, config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = LamaTableScene
