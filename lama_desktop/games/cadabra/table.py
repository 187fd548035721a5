"""The LAMA Cadabra table (game id ``lama-cadabra``): the hand-of-cards table's felt, seats, hand fan, piles, log,
toasts, hot-seat privacy and pacing (``app.table.hand_table.HandTableScene``), with what Cadabra adds:

- cards with their symbols (circle: give a token, square: next player draws, star: take the magic token) and the
  double cards 2/3 and 4/5; the engine's card ids map to the table's names (``"2+"`` → ``"2#"``, ``"1"`` →
  ``"1@"``) that ``table.pieces.card_image`` draws;
- the Lamagic Show board drawn as a stage (curtains, five star spaces, spot-lit and pulsing while the show is
  on) with its tokens, the blue magic token (at a seat, on the stage, or in the supply beside the stage);
- explicit white/black holdings per seat (exchange is the player's choice), the Exchange, Pass (magic token) and
  Take buttons, choosing who receives a circle's token (a button per player, or a click on their name plate),
  choosing the token to return;
- an animation for every effect: token to the stage, the show's start and take, a token flying to the chosen
  player, the forced draw, the magic token flying, the exchange; a round summary (``summary``) where a double
  card counts under both of its values and the magic token adds 10 (the animations are in ``table_events``).

Keys (listed under the hand by ``_hand_hint``): ←/→ choose (cards, or the recipient / token to return), Enter
plays, D draw, Q quit, P pass with the magic token, E exchange, T take the show's tokens, 1–9 the n-th recipient
of a circle's token, B / W return a black / white token, Esc pause.
"""

from __future__ import annotations

import math

import pygame

from lama_desktop.app import art
from lama_desktop.games.cadabra import art as show_art
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.core.i18n import about, language, plural, t
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.hand_table import GameEndEvent, HandTableScene
from lama_desktop.app.table.pieces import card_height, count_badge, draw_token_stacks, lazy, token_stacks_right
from lama_desktop.app.table.scene_base import TableEvent, open_session
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.widgets import Button
from lama_desktop.games.cadabra.summary import CadabraSummaryScene
from lama_desktop.games.cadabra.table_events import CadabraTableEvents, token_kind
from lama_desktop.games.cadabra.words import DISPLAY, ENGINE, KIND_OF, card_label, card_short, sort_hand
from lama_desktop.games.cadabra.words import SUFFIX as _SUFFIX
from lama_desktop.games.cadabra.components import (
    DATA, END_POINTS, EXCHANGE_WHITES, IS_LLAMA, LLAMA_POINTS, MAGIC_POINTS, SHOW_THRESHOLD, SYMBOL, VALUES
)

__all__ = ["DISPLAY", "ENGINE", "CadabraSummaryScene", "CadabraTableScene", "card_label", "open_table",
           "sort_hand"]

#: how much taller than the L.A.M.A. table's the action-button block is (reference pixels, taken from the log)
BUTTONS_EXTRA = 36


class Shown:
    """What the table displays; follows the events during animations, equals the view when idle."""

    def __init__(self, view, reveal: bool):
        d = view.to_dict()
        self.hand = sort_hand(DISPLAY[c] for c in d["hand"]) if reveal else []
        self.sizes = list(d["hand_sizes"])
        self.pile = int(d["pile"])
        self.discard = [DISPLAY[c] for c in d["discard"][-5:]]
        self.scores = list(d["scores"])
        self.whites = list(d["whites"])
        self.blacks = list(d["blacks"])
        self.magic = d["magic"]  # a seat, "supply" or "board"
        self.board = list(d["board"])
        self.show = bool(d["show"])
        self.active = list(d["active"])
        self.current = int(d["current"])
        self.phase = d["phase"]
        self.round = int(d["round"])
        self.hand_face = 1.0
        self.landed: set | None = None

    def set_holdings(self, holdings) -> None:
        if holdings:
            self.whites = [int(w) for w, _ in holdings]
            self.blacks = [int(b) for _, b in holdings]
            self.scores = [w + 10 * b for w, b in zip(self.whites, self.blacks, strict=False)]


class CadabraTableScene(CadabraTableEvents, HandTableScene):
    button_tips = {"draw": "hand.tip.button.draw", "quit": "hand.tip.button.quit",
                   "pass": "cadabra.tip.button.pass", "exchange": "cadabra.tip.button.exchange",
                   "take": "cadabra.tip.button.take", "give": "cadabra.tip.button.give"}
    end_points = END_POINTS
    name = "cadabra_table"
    refusal_seconds = 2.8
    shown_type = Shown
    #: laid out like the L.A.M.A. table (its button block grown, see ``_build``)
    layout_game = "lama"
    #: the Lamagic Show stage is always on the table
    has_board = True
    movers = ("play", "draw", "quit", "show_take", "magic")
    #: the keyboard focus stays where it was as the table settles (on a card that cannot be played too)
    playable_focus_only = False

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__(session, config)
        self._buttons_language = language()

    # -- lifecycle -----------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        restored = self.history.restore()  # Continue (or an undo): the history the save kept
        if not restored:
            self.log.add(lazy.t("cadabra.log.welcome"), (196, 226, 214))
        if self.session.is_over:
            self.queue.append((None, GameEndEvent()))
            return
        view = self.session.view(self.focus)
        if (view.phase == "playing" and all(size == 6 for size in view.hand_sizes) and len(view.discard) == 1
                and all(view.active)):
            d = view.to_dict()
            self.queue.append((None, TableEvent("deal", {
                "round": d["round"], "starter": d["current"], "top": d["top"], "hand_sizes": d["hand_sizes"],
                "pile": d["pile"], "board": d["board"], "show": d["show"]})))
        elif not restored:
            self.log.add(lazy.t("cadabra.log.resumed", round=self.shown.round))

    def _build(self, size) -> None:
        super()._build(size)
        # four rows of action buttons need more height than the L.A.M.A. table's three: the button block grows
        # upwards and the log above it gives up the same height (they keep their gap, so they never overlap)
        L = self.layout
        extra = L.s(BUTTONS_EXTRA)
        log, buttons = L.rects["log"], L.rects["buttons"]
        L.rects["buttons"] = pygame.Rect(buttons.x, buttons.y - extra, buttons.w, buttons.h + extra)
        L.rects["log"] = pygame.Rect(log.x, log.y, log.w, log.h - extra)
        self.static = None
        self._build_buttons()

    def _face_names(self):
        return DISPLAY.values()

    def _build_buttons(self) -> None:
        if self.layout is None:
            return
        L = self.layout
        rect = L["buttons"]
        gap = L.s(10)
        self.buttons = {}
        self._buttons_language = language()
        sh = self.shown
        if sh.phase == "returning":
            seat = sh.current
            specs = [(f"return {d}", t("cadabra.button.return", value=d), {10: "B", 1: "W"}[d])
                     for d, held in ((10, sh.blacks[seat]), (1, sh.whites[seat])) if held]
            specs.append(("exchange", t("cadabra.button.exchange"), "E"))
        elif sh.phase == "giving":
            giver = sh.current
            receivers = [s for s in range(self.n) if s != giver and sh.active[s]]
            # more than three receivers sit two to a row: their buttons then show just an arrow and the name
            short = len(receivers) > 3
            specs = [(f"give {s}", about("cadabra.button.give_short", s, name=self._name(s)) if short
                      else about("cadabra.button.give", s, name=self._name(s)), str(k + 1))
                     for k, s in enumerate(receivers)]
            specs.append(("exchange", t("cadabra.button.exchange"), "E"))
        else:
            specs = [("draw", t("hand.button.draw"), "D"), ("quit", t("hand.button.quit"), "Q"),
                     ("pass", t("cadabra.button.pass"), "P"), ("exchange", t("cadabra.button.exchange"), "E"),
                     ("take", t("cadabra.button.take"), "T")]
        # rows of one or two buttons: five buttons in one column would be too thin for their labels
        if sh.phase == "playing":
            grid = [specs[0:2], specs[2:3], specs[4:5], specs[3:4]]  # Draw | Quit, Pass, Take, Exchange
        elif sh.phase == "giving" and len(specs) > 4:
            gives = specs[:-1]
            grid = [gives[i:i + 2] for i in range(0, len(gives), 2)] + [specs[-1:]]
        else:
            grid = [[spec] for spec in specs]
        rows = max(3, len(grid))
        bh = min((rect.h - gap * (rows - 1)) // rows, L.s(56))
        top = rect.bottom - len(grid) * bh - (len(grid) - 1) * gap
        for i, row in enumerate(grid):
            bw = (rect.w - gap * (len(row) - 1)) // len(row)
            for j, (move, label, key) in enumerate(row):
                r = pygame.Rect(rect.x + j * (bw + gap), top + i * (bh + gap), bw, bh)
                style = "primary" if move in ("draw", "take", "pass") or move.split()[0] in ("give", "return") \
                    else "secondary"
                b = Button(label, lambda m=move: self.try_move(m), style=style, size=19, hint=key, rect=r,
                           name=move)
                self.buttons[move] = b
        m = L["menu"]
        self.buttons["menu"] = Button("II", self.open_pause, style="secondary", size=22, rect=m, name="menu")
        self._skip_buttons()
        self._refresh_buttons()

    # -- tooltips ------------------------------------------------------------------------------------------
    def _button_fields(self, kind: str, arg: str) -> dict:
        return {**super()._button_fields(kind, arg), "whites": EXCHANGE_WHITES}

    def _card_tip(self, name: str) -> str:
        """A card from the game's data: its value(s), what it follows, its symbol's effect."""
        k = KIND_OF[ENGINE[name]]
        values = VALUES[k]
        if IS_LLAMA[k]:
            return t("hand.tip.llama", points=LLAMA_POINTS)
        if len(values) == 2:
            text = t("cadabra.tip.double", a=values[0], b=values[1], before=values[0] - 1, after=values[1] + 1)
        else:
            value = values[0]
            text = t("hand.tip.card_one") if value == 1 else t("hand.tip.card", value=value, before=value - 1)
        if SYMBOL[k]:
            shape = DATA["symbols"][SYMBOL[k]]["shape"]
            text += "\n" + t(f"cadabra.tip.symbol_{shape}")
        return text

    def _stage_tip(self) -> Tip:
        stage = self._stage_geometry()
        label = pygame.Rect(stage.x, stage.bottom, stage.w, self.layout.s(36))  # "The show is on!" / "next llama"
        return Tip(t("cadabra.tip.stage", n=len(self.shown.board), threshold=SHOW_THRESHOLD), tuple(stage),
                   (tuple(label),))

    def _board_tip(self, pos):
        """Round the stage (its title above it, the place it stands in): the stage's tip."""
        place = self.layout.get("drama_board")
        return self._stage_tip() if place is not None and place.collidepoint(pos) else None

    def _piece_tip(self, pos):
        sh, L = self.shown, self.layout
        stage = self._stage_geometry()
        label = pygame.Rect(stage.x, stage.bottom, stage.w, L.s(36))  # "The show is on!" / "next llama: show"
        if stage.collidepoint(pos) or (label.collidepoint(pos) and len(sh.board) >= SHOW_THRESHOLD):
            return self._stage_tip()
        if sh.magic == "supply":
            x, y = self._supply_anchor()
            rect = pygame.Rect(0, 0, self.token_d, self.token_d)
            rect.center = (round(x), round(y))
            caption = pygame.Rect(rect.x - rect.w // 2, rect.bottom, rect.w * 2, self.ui.s(22))  # "SUPPLY"
            if rect.collidepoint(pos) or caption.collidepoint(pos):
                return Tip(t("cadabra.tip.magic", points=MAGIC_POINTS), tuple(rect), (tuple(caption),))
        if isinstance(sh.magic, int):
            x, y = self._magic_anchor(sh.magic)
            d = round(self._tokens_rect(sh.magic)[1] * 1.2)
            rect = pygame.Rect(0, 0, d, d)
            rect.center = (round(x), round(y))
            if rect.collidepoint(pos):
                return Tip(t("cadabra.tip.magic", points=MAGIC_POINTS), tuple(rect))
        return super()._piece_tip(pos)

    def _tokens_tip(self, seat: int) -> str:
        sh = self.shown
        text = plural("tooltips.common.points", max(0, int(sh.scores[seat])))
        text += "\n" + t("cadabra.tip.tokens", whites=EXCHANGE_WHITES, end=END_POINTS)
        if sh.magic == seat:
            text += "\n" + t("cadabra.tip.magic", points=MAGIC_POINTS)
        return text

    # -- tutorial pieces -----------------------------------------------------------------------------------
    def tutorial_rect(self, name: str):
        """The on-screen rect of a piece a "Learn to play" step points at, as drawn now (None when not shown):
        Cadabra's own ``show`` (the stage), ``magic-token`` (wherever it stands), ``symbol:<shape or effect>``
        (the symbol's badge on the first card of your hand that carries it: ``symbol:star`` = ``symbol:magic``),
        ``hand:<card id>`` in engine notation (``hand:2/3``, ``hand:5*``, ``hand:2+``: the table's own names
        differ); the rest as at the L.A.M.A. table."""
        if self.layout is None or self.ui is None:
            return None
        kind, _, arg = name.partition(":")
        if kind == "show" and not arg:
            return self._stage_geometry()
        if kind == "magic-token" and not arg:
            return self._magic_token_rect()
        if kind == "symbol":
            return self._symbol_rect(arg)
        if kind == "hand" and arg:
            return super().tutorial_rect(f"hand:{DISPLAY.get(arg, arg)}")
        return super().tutorial_rect(name)

    def tutorial_clear(self) -> list:
        """What a lesson's narrator box would rather not cover: the shared pieces (seats, status, log, buttons,
        piles) and Cadabra's stage with the magic token's place in the supply."""
        clear = list(super().tutorial_clear())
        if self.layout is not None:
            stage = self._stage_geometry()
            below = self.ui.font(20, True).get_linesize() + self.layout.s(12)  # "THE SHOW IS ON!" under it
            clear.append(pygame.Rect(stage.x, stage.y - below, stage.w, stage.h + 2 * below))
            x, y = self._supply_anchor()
            token = pygame.Rect(0, 0, self.token_d * 2, self.token_d * 2)
            token.center = (round(x), round(y))
            clear.append(token)
        return clear

    def tutorial_protect(self, point=None) -> list:
        """What a lesson's box and arrow never cover: the L.A.M.A. table's (history, buttons, piles and labels, the
        keys line) and the stage with its words under it."""
        out = list(super().tutorial_protect(point))
        if self.layout is not None and self.ui is not None:
            stage = self._stage_geometry()
            below = self.ui.font(20, True).get_linesize() + self.layout.s(12)  # "THE SHOW IS ON!" under it
            out.append(("show", pygame.Rect(stage.x, stage.y - below, stage.w, stage.h + 2 * below)))
        return out

    def _magic_token_rect(self):
        magic = self.shown.magic
        if magic == "supply":
            x, y = self._supply_anchor()
            d = self.token_d
        elif magic == "board":
            slot = self.shown.board.index("M") if "M" in self.shown.board else 0
            x, y = self._board_slot(min(slot, SHOW_THRESHOLD - 1))
            d = self.small_token_d
        elif isinstance(magic, int):
            x, y = self._magic_anchor(magic)
            d = round(self._tokens_rect(magic)[1] * 1.1)  # as _draw_tokens draws it
        else:  # flying
            return None
        rect = pygame.Rect(0, 0, d, d)
        rect.center = (round(x), round(y))
        return rect

    def _symbol_rect(self, which: str):
        """The symbol's badge on the first card of your hand that has it, where ``art.card_face`` draws it
        (viewbox 500×700, centre (88, 612)), turned with the card's tilt in the fan."""
        shape = DATA["symbols"].get(which, {}).get("shape", which)
        suffix = _SUFFIX.get(shape)
        if suffix is None:
            return None
        index = next((i for i, card in enumerate(self.shown.hand) if card.endswith(suffix)), -1) \
            if self.revealed else -1
        if index < 0:
            return None
        x, y, angle = self._hand_positions()[index]
        y -= self.lifts[index] if index < len(self.lifts) else 0.0
        w, h = self.hand_w, card_height(self.hand_w)
        dx, dy = (88 / 500 - 0.5) * w, (612 / 700 - 0.5) * h
        a = math.radians(angle)  # pygame turns counter-clockwise for a positive angle, y pointing down
        cx = x + dx * math.cos(a) + dy * math.sin(a)
        cy = y - dx * math.sin(a) + dy * math.cos(a)
        d = round(w * 2 * 64 / 500)
        rect = pygame.Rect(0, 0, d, d)
        rect.center = (round(cx), round(cy))
        return rect

    # -- input ---------------------------------------------------------------------------------------------
    def handle_table_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.shown.phase == "giving"
                and not self.tween.busy and not any(b.pressed for b in self.buttons.values())):
            seat = self._plate_at(event.pos)
            if seat is not None:
                self.try_move(f"give {seat}")
                return True
        return super().handle_table_event(event)

    def _advice_rects(self, move) -> list:
        """A token to give: the plate of the seat it would go to; else as at the L.A.M.A. table."""
        if move.kind == "give":
            k = self.pos_of(int(move.args[0]))
            return [self.layout[f"seat{k}.plate"]] if k else []
        return super()._advice_rects(move)

    def _plate_at(self, pos):
        if self.layout is None:
            return None
        for seat in range(self.n):
            k = self.pos_of(seat)
            if k and self.layout[f"seat{k}.plate"].collidepoint(pos):
                return seat
        return None

    def _key(self, event) -> bool:
        key = event.key
        phase = self.shown.phase
        if phase in ("returning", "giving"):
            prefix = "return" if phase == "returning" else "give"
            choices = [n for n in self.buttons if n.startswith(prefix)]
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and choices:
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.button_focus = (self.button_focus + step) % len(choices)
                for i, n in enumerate(choices):
                    self.buttons[n].focused = i == self.button_focus
                return True
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER) and choices:
                self.try_move(choices[max(0, self.button_focus)])
                return True
            if key == pygame.K_e:
                self.try_move("exchange")
                return True
            letters = {pygame.K_b: "return 10", pygame.K_w: "return 1"}
            if phase == "returning" and key in letters:
                self.try_move(letters[key])
                return True
            if phase == "giving" and pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(choices):
                self.try_move(choices[key - pygame.K_1])
                return True
            return False
        letters = {pygame.K_p: "pass", pygame.K_e: "exchange", pygame.K_t: "take"}
        if key in letters:
            self.try_move(letters[key])
            return True
        return self._hand_key(event)

    def _hand_hint(self) -> str:
        """The keys this table handles (see ``_key``) for the choice at hand."""
        phase = self.shown.phase
        if phase == "giving":
            return t("cadabra.hand_hint.giving", n=len([n for n in self.buttons if n.startswith("give")]))
        if phase == "returning":
            return t("cadabra.hand_hint.returning")
        return t("cadabra.hand_hint.playing")

    def play_card(self, index: int) -> None:
        if 0 <= index < len(self.shown.hand):
            self.try_move(f"play {ENGINE.get(self.shown.hand[index], self.shown.hand[index])}")

    def _letter_moves(self) -> dict:
        return {pygame.K_d: "draw", pygame.K_q: "quit", pygame.K_p: "pass", pygame.K_e: "exchange", pygame.K_t: "take"}

    # -- frame ---------------------------------------------------------------------------------------------
    def _settle_buttons(self, before, fresh) -> None:
        if (before.phase, before.current) != (fresh.phase, fresh.current) and (
                fresh.phase != "playing" or before.phase != "playing"):
            self._build_buttons()
            self.button_focus = -1
        elif not self.buttons or self._buttons_language != language():  # labels follow a language change
            self._build_buttons()

    # -- places on the table -------------------------------------------------------------------------------
    def _stage_geometry(self):
        r = self.layout["drama_board"]
        w, h = show_art.show_stage_size(r.w)
        if h > r.h:
            w = round(r.h * w / h)
            w, h = show_art.show_stage_size(w)
        x = r.centerx - w // 2
        y = r.centery - h // 2
        return pygame.Rect(x, y, w, h)

    def _board_slot(self, index: int):
        stage = self._stage_geometry()
        centers = show_art.show_star_centers(stage.w)
        cx, cy = centers[max(0, min(index, len(centers) - 1))]
        return (stage.x + cx, stage.y + cy)

    def _supply_anchor(self):
        """The magic token's place in the supply: the layout's ``supply`` anchor beside the stage (the seats never
        grow onto it), its caption under the token."""
        r = self.layout.get("supply")
        if r is None:
            stage = self._stage_geometry()
            return (stage.right + self.token_d * 0.8, stage.bottom - self.token_d * 0.6)
        cap_h = self.ui.font(13, True).get_linesize()
        return (r.centerx, min(r.centery, r.bottom - cap_h - self.token_d * 0.55))

    def _magic_anchor(self, seat):
        if seat in ("supply", None):
            return self._supply_anchor()
        if seat == "board":
            return self._board_slot(0)
        rect, d = self._tokens_rect(int(seat))
        sh = self.shown
        right, d = token_stacks_right(rect, {1: sh.whites[int(seat)], 10: sh.blacks[int(seat)]}, False, d, ui=self.ui)
        return (min(right + d * 0.75, rect.right - d * 0.5), rect.bottom - d * 0.55)

    def _tokens_rect(self, seat: int):
        """Where a seat's token stacks stand, and their diameter."""
        k = self.pos_of(seat)
        return self._seat_tokens_rect(k), self.token_d if k == 0 else self.small_token_d

    # -- drawing -------------------------------------------------------------------------------------------
    def _token_kind(self, token) -> str:
        return token_kind(token)

    def _draw_board_base(self, surf) -> None:
        stage = self._stage_geometry()
        shadow = pygame.Surface((stage.w + 24, stage.h + 24), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), (12, 18, stage.w, stage.h), border_radius=16)
        surf.blit(pygame.transform.gaussian_blur(shadow, 6), (stage.x - 12, stage.y - 12))

    def _draw_board(self, surface) -> None:
        sh = self.shown
        stage = self._stage_geometry()
        surface.blit(show_art.show_stage(stage.w, lit=sh.show), stage.topleft)
        L = self.layout
        title = self.ui.font(16, True).render(t("cadabra.label.stage").upper(), True, (255, 236, 200))
        surface.blit(title, title.get_rect(midbottom=(stage.centerx, stage.y - L.s(2))))
        for i, token in enumerate(sh.board[:SHOW_THRESHOLD]):
            img = art.token(token_kind(token), self.small_token_d)
            surface.blit(img, img.get_rect(center=tuple(round(v) for v in self._board_slot(i))))
        if len(sh.board) > SHOW_THRESHOLD:
            badge = count_badge(self.ui, f"+{len(sh.board) - SHOW_THRESHOLD}", L.s(24))
            surface.blit(badge, badge.get_rect(midright=(stage.right - L.s(6), stage.y + L.s(18))))
        if sh.show:
            label = self.ui.font(20, True).render(t("cadabra.label.show_on"), True, (255, 240, 210))
            tag = label.get_rect(midtop=(stage.centerx, stage.bottom + L.s(6)))
            pygame.draw.rect(surface, (120, 60, 190), tag.inflate(L.s(18), L.s(6)), border_radius=L.s(12))
            surface.blit(label, tag)
        elif len(sh.board) >= SHOW_THRESHOLD:
            label = self.ui.font(16, True).render(t("cadabra.label.show_next"), True, (230, 220, 255))
            surface.blit(label, label.get_rect(midtop=(stage.centerx, stage.bottom + L.s(6))))
        # the magic token when it is in the supply (beside the stage)
        if sh.magic == "supply":
            img = art.token("magic", self.token_d)
            surface.blit(img, img.get_rect(center=tuple(round(v) for v in self._supply_anchor())))
            cap = self.ui.text(t("cadabra.label.supply").upper(), 13, (170, 200, 240), bold=True)
            x, y = self._supply_anchor()
            surface.blit(cap, cap.get_rect(midtop=(round(x), round(y + self.token_d * 0.55))))

    def _board_on(self) -> bool:
        return self.shown.show

    def _draw_board_pulse(self, surface) -> None:
        L = self.layout
        stage = self._stage_geometry()
        pulse = 0.5 + 0.5 * abs(((self.time * 1.4) % 2) - 1)
        glow = stage.inflate(L.s(12), L.s(12))
        pygame.draw.rect(surface, (150 + round(80 * pulse), 110, 255), glow, max(3, L.s(5)), border_radius=L.s(18))

    def _layer_extras(self) -> tuple:
        sh = self.shown
        return (tuple(sh.whites), tuple(sh.blacks), str(sh.magic), sh.phase)

    def _draw_tokens(self, surface, seat: int, rect: pygame.Rect, diameter: int, align: str) -> None:
        sh = self.shown
        draw_token_stacks(surface, rect, {1: sh.whites[seat], 10: sh.blacks[seat]}, False, diameter, align=align,
                          ui=self.ui)
        if sh.magic == seat:
            img = art.token("magic", round(diameter * 1.1))
            x, y = self._magic_anchor(seat)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_choice_glow(self, surface) -> None:
        """While a human chooses whom to give a token to, the possible receivers' plates glow."""
        sh, L = self.shown, self.layout
        if sh.phase != "giving" or not self.can_act():
            return
        pulse = 0.5 + 0.5 * abs(((self.time * 2) % 2) - 1)
        for seat in range(self.n):
            k = self.pos_of(seat)
            if k and sh.active[seat] and seat != sh.current:
                plate = L[f"seat{k}.plate"]
                pygame.draw.rect(surface, (255, 200 + round(40 * pulse), 90), plate.inflate(L.s(10), L.s(10)),
                                 max(2, L.s(3)), border_radius=L.s(14))

    def _draw_status(self, surface) -> None:
        self._draw_choice_glow(surface)
        super()._draw_status(surface)

    def _status_text(self) -> str:
        s, sh = self.session, self.shown
        cur = s.current_player
        if s.is_over:
            return t("hand.status.over")
        if not self.idle:
            return t("hand.status.round", round=sh.round)
        mine = cur == self.focus and self.revealed and s.is_human(cur)
        if sh.phase == "returning":
            return t("hand.status.return_choice") if mine else about("hand.status.returning", cur, name=self._name(cur))
        if sh.phase == "giving":
            if mine:
                return t("cadabra.status.give_choice")
            return about("cadabra.status.giving", cur, name=self._name(cur))
        if mine:
            if sh.show:
                return t("cadabra.status.your_turn_show")
            if sh.active.count(True) == 1:
                return t("cadabra.status.your_turn_alone")
            cards = sort_hand(self.playable_names())
            # holding the magic token (not alone), passing is one of your choices: the line says so
            magic = sh.magic == cur and sh.active.count(True) > 1
            if cards:
                return self._your_turn_text(cards, magic)
            if magic:
                return t("cadabra.status.your_turn_none_magic")
            return t("cadabra.status.your_turn_none")
        if s.seats[cur].is_bot:
            return about("hand.status.bot_turn", cur, name=self._name(cur))
        return about("hand.status.turn", cur, name=self._name(cur))

    def _your_turn_text(self, cards: list[str], magic: bool) -> str:
        """Your turn with the cards you may play: each with what its symbol does while the line fits the status
        pill, else their values alone (issue 32: German at 115 % cut "passen (Za…"); the tooltips explain."""
        key = "cadabra.status.your_turn_magic" if magic else "cadabra.status.your_turn"
        full = t(key, cards=", ".join(card_label(c) for c in cards))
        if self.status_fits(full):
            return full
        return t(key, cards=", ".join(dict.fromkeys(card_short(c) for c in cards)))



def open_table(app, config: GameConfig, saved=None) -> CadabraTableScene:
    options = {"first_player": int(config.first_dealer) % max(1, config.players)}
    return CadabraTableScene(open_session(app, config, saved, options), config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = CadabraTableScene
