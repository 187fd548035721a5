"""Round summary (an overlay over the table): each player's cards and how their points were counted.

Built from the engine's ``round_end`` event data (``hands``, ``points``, ``breakdown`` with ``values``,
``llama_cards``, ``llama_points``, ``total``; ``scores``; ``emptied_by``; ``reason``), so it never counts
anything itself. When a token is given back the table opens it after the engine's ``token_return`` event, whose
``scores`` (the round's final totals) replace ``round_end``'s and whose seat and token are in ``returned``:
``totals()`` is what the Points column shows, always the engine's numbers. Each distinct value counts once (duplicates
are shown faded), llamas once (10, or 20 with the pink llama) or per card in the llama-scoring variant; the tokens taken
are shown as token pictures. ``on_close`` runs when the player continues (Enter, Space, click) or after ``auto_close``
seconds (bot games).
"""

from __future__ import annotations

from typing import Callable

import pygame

from lama_desktop.app import art
from lama_desktop.core.i18n import about, t
from lama_desktop.app.widgets import CREAM, GOLD, INK, INK_SOFT, Button, blit_center, draw_panel
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.engine.tokens import holdings

_ORDER = {name: i for i, name in enumerate(["1", "1+", "2", "2+", "3", "3+", "4", "4+", "5", "5+", "6", "6+",
                                              "L", "P"])}
_VALUE = {"L": 7, "P": 7}


def _value(name: str) -> int:
    return _VALUE.get(name) or int(name.rstrip("+"))


class RoundSummaryScene(MenuScene):
    #: drawn over a frozen, dimmed snapshot of the table (one blit a frame), so it is opaque to the stack
    opaque = True
    name = "round_summary"
    #: a lesson's narrator stays over it and may point into it (``tutorial_rect``: ``summary``, ``summary:<seat>``,
    #: ``summary-points:<seat>``, ``summary-tokens:<seat>``)
    narrated = True
    #: a player's row: at most this high, all rows share at most ``rows_room`` (reference pixels)
    row_top = 118
    rows_room = 640
    #: where the points column starts, left of the panel's right edge (reference pixels)
    explain_from_right = 470
    #: the border of the row of the player who emptied their hand
    emptied_border = GOLD

    def __init__(self, data: dict, names: list[str], *, pinks: bool = False, on_close: Callable | None = None,
                 auto_close: float = 0.0, colorblind: bool = False, each_llama: bool = False,
                 under_lesson: bool = False):
        super().__init__()
        self.under_lesson = under_lesson  # a lesson speaks over it: it leaves the top band to the lesson's box
        self.data = data
        self.names = list(names)
        self.pinks = pinks
        self.on_close = on_close
        self.auto_close = auto_close
        self.colorblind = colorblind
        self.each_llama = each_llama
        self.closed = False
        self.token_faces: dict[int, list] = {}  # seat -> [(kind, where its value shows, its pile)] as drawn

    #: the band kept free above the panel while a lesson speaks over it (a share of the window's height: the
    #: lesson's box grows with the table's scale, not the summary's): its box goes there, never over the title,
    #: the column heads or a row
    lesson_room = 0.31

    def layout(self, ui, size):
        w, h = size
        n = len(self.names)
        #: each text and figure as drawn: (seat, "name"|"cards"|"explain"|"outcome"), (-1, "title"|"sub"|"head:..")
        self.figures: dict[tuple[int, str], pygame.Rect] = {}
        self.row_h = ui.s(min(self.row_top, self.rows_room / max(2, n)))
        room = round(h * self.lesson_room) if self._under_lesson() else 0
        if room:  # rows as low as their cards allow, the panel at the bottom: the lesson's box above it
            fit = (h - room - ui.s(12) - ui.s(250)) // max(2, n)
            self.row_h = min(self.row_h, max(ui.s(72), fit))
        self.panel = pygame.Rect(0, 0, min(w - ui.s(80), ui.s(1380)), ui.s(150) + n * self.row_h + ui.s(100))
        self.panel.center = (w // 2, h // 2)
        if room:
            self.panel.bottom = h - ui.s(12)
        rect = pygame.Rect(0, 0, ui.s(300), ui.s(58))
        rect.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(24))
        self.group.add(Button(self._continue_text(), self.close, style="primary", rect=rect, name="continue",
                              size=24, hint="Enter"))
        self.group.on_back = self.close

    def _under_lesson(self) -> bool:
        """A lesson's narrator speaks over this summary: the table that opened it said so (``under_lesson``), or
        a table below it in the stack has one."""
        scenes = self.stack.scenes if self.stack is not None else ()
        return self.under_lesson or any(getattr(scene, "narrator", None) is not None for scene in scenes
                                        if scene is not self)

    def _figure(self, seat: int, what: str, rect: pygame.Rect) -> pygame.Rect:
        """Note a text or figure as drawn (``figures``; -1: the heading), joined to what is noted under that name
        already; returns ``rect``."""
        key = (seat, what)
        held = getattr(self, "figures", None)
        if held is None:
            held = self.figures = {}
        held[key] = held[key].union(rect) if key in held else pygame.Rect(rect)
        return rect

    def tutorial_rect(self, name: str):
        """A lesson's piece in the summary: the panel, a seat's row, how its points count (the words as drawn) or
        what it takes (the points, tokens and total as drawn): a ring round these never runs over the next
        figure."""
        ui, panel = getattr(self, "ui", None), getattr(self, "panel", None)
        if ui is None or panel is None:
            return None
        if name == "summary":
            return pygame.Rect(panel)
        kind, _, arg = name.partition(":")
        if not arg.isdigit() or int(arg) >= len(self.names):
            return None
        seat = int(arg)
        x0, top = panel.x + ui.s(40), panel.y + ui.s(128)
        row = pygame.Rect(x0 - ui.s(12), top + seat * self.row_h, panel.w - ui.s(56), self.row_h - ui.s(8))
        col_explain = panel.right - ui.s(self.explain_from_right)
        col_tokens = panel.right - ui.s(200)
        if kind == "summary":
            return row
        figures = getattr(self, "figures", {})
        if kind == "summary-points":
            drawn = figures.get((seat, "explain"))
            if drawn is not None:
                return drawn.inflate(ui.s(16), ui.s(12))
            return pygame.Rect(col_explain - ui.s(8), row.y, col_tokens - col_explain, row.h)
        if kind == "summary-tokens":
            drawn = figures.get((seat, "outcome"))
            if drawn is not None:
                return drawn.inflate(ui.s(16), ui.s(12)).clip(row)
            return pygame.Rect(col_tokens - ui.s(8), row.y, row.right - col_tokens + ui.s(8), row.h)
        return None

    def tutorial_clear(self) -> list:
        """What a lesson's narrator would rather not cover: the heading and the players' rows (the rows and the
        Continue button it never covers: ``tutorial_protect``)."""
        ui, panel = getattr(self, "ui", None), getattr(self, "panel", None)
        if ui is None or panel is None:
            return []
        rows = [self.tutorial_rect(f"summary:{seat}") for seat in range(len(self.names))]
        heading = pygame.Rect(panel.x, panel.y, panel.w, ui.s(128))
        return [heading] + [r for r in rows if r is not None]

    def tutorial_protect(self, point=None) -> list:
        """What a lesson's narrator and its arrow never cover here: every player's row (cards, how it counts,
        points and total), each text and figure as drawn (the round's title, how it ended, the column heads, and
        in each row the name, the cards, how it counts, the points and total: an arrow into a row crosses none of
        them, the ring round a piece stops short of them), and the summary's buttons (Continue: the player may
        close the summary while the lesson speaks)."""
        ui, panel = getattr(self, "ui", None), getattr(self, "panel", None)
        if ui is None or panel is None:
            return []
        rows = [(f"summary:{seat}", self.tutorial_rect(f"summary:{seat}")) for seat in range(len(self.names))]
        figures = [(f"summary-figure:{seat}:{what}" if seat >= 0 else f"summary-{what}", pygame.Rect(rect))
                   for (seat, what), rect in sorted(getattr(self, "figures", {}).items())]
        buttons = [(f"button:{b.name}", pygame.Rect(b.rect)) for b in self.group.widgets
                   if getattr(b, "rect", None) is not None and getattr(b, "name", "")]
        return [(name, rect) for name, rect in rows + figures + buttons if rect is not None]

    def totals(self) -> list[int]:
        """Each seat's total as the summary shows it: the engine's scores once the round is over."""
        return [int(score) for score in self.data["scores"]]

    def returned(self) -> dict | None:
        """``{"seat", "token"}``: the token given back after emptying a hand (None when none was)."""
        return self.data.get("returned")

    def _continue_text(self) -> str:
        return t("hand.summary.continue")

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER,
                                                          pygame.K_ESCAPE):
            self.close()
            return True
        self.group.handle_event(event)
        return True

    def update(self, dt):
        super().update(dt)
        if self.auto_close and self.time >= self.auto_close / max(0.25, self._speed()):
            self.close()

    def _speed(self) -> float:
        try:
            return float(self.app.settings.animation_speed)
        except AttributeError:
            return 1.0

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        size = surface.get_size()
        if self._static is None or self._static.get_size() != size:
            frame = pygame.Surface(size)
            scenes = self.stack.scenes if self.stack is not None else ()
            below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
            if below is not None:
                below.draw(frame)
            frame.fill((105, 118, 118), special_flags=pygame.BLEND_RGB_MULT)
            self.draw_static(frame, ui)
            self._static = frame.convert() if pygame.display.get_surface() else frame
        surface.blit(self._static, (0, 0))
        self.group.draw(surface, ui)

    def explain(self, seat: int) -> str:
        b = self.data["breakdown"][seat]
        parts = [str(v) for v in b.get("values", [])]
        if b.get("llama_points"):
            if self.each_llama and b.get("llama_cards", 0) > 1:
                parts.append(t("hand.summary.llamas_each", n=b["llama_cards"], points=b["llama_points"]))
            else:
                parts.append(t("hand.summary.llama", points=b["llama_points"]))
        if not parts:
            return t("hand.summary.zero")
        return " + ".join(parts) + f" = {b.get('total', 0)}"

    def draw_static(self, surface, ui):
        d = self.data
        emptied = self._draw_heading(surface, ui)
        x0, top, col_cards, col_explain, col_tokens = self._draw_columns(surface, ui)
        card_w = max(30, min(ui.s(56), round(self.row_h * 0.62)))
        for seat, name in enumerate(self.names):
            row = self._draw_row(surface, ui, seat, name, x0, top, emptied)
            cy = row.centery
            gained = d["points"][seat]
            # cards, grouped by value; duplicates (which do not count again) faded
            hand = sorted(d["hands"][seat], key=lambda c: _ORDER.get(c, 99))
            cards = []
            seen: set = set()
            for name_ in hand:
                value = _value(name_)
                cards.append((name_, value not in seen or (value == 7 and self.each_llama)))
                seen.add(value)
            end = self._draw_cards(surface, ui, cards, len(hand), col_cards, cy, card_w,
                                   col_explain - col_cards - ui.s(20))
            if hand:
                card_h, last = round(card_w * 1.4), end - (end - col_cards) / len(hand)
                self.figures[(seat, "cards")] = pygame.Rect(col_cards, cy - card_h // 2,
                                                            round(last) - col_cards + card_w, card_h)
            if not hand:
                surface.blit(ui.text("—", 26, INK_SOFT), (col_cards, cy - ui.s(14)))
            held = _holdings(gained, self.pinks)
            kinds = [kind for denom, kind in ((20, "pink"), (10, "black"), (1, "white"))
                     for _ in range(min(held[denom], 9))]
            self._draw_outcome(surface, ui, seat, cy, col_explain, col_tokens, kinds, row.right - ui.s(10))

    # the parts every game's summary draws alike -------------------------------------------------------------------
    def _card_face(self, name: str, width: int) -> pygame.Surface:
        plus = name.endswith("+")
        return art.card_face(name.rstrip("+") if plus else name, width, plus=plus, colorblind=self.colorblind)

    def _draw_cards(self, surface, ui, cards, slots: int, x, cy: int, card_w: int, room: int):
        """A row of cards (``(name, counts)``; one that does not count is faded) centred on ``cy`` from ``x``,
        ``slots`` places sharing ``room``; returns where the next one would go."""
        card_h = round(card_w * 1.4)
        step = min(card_w + ui.s(6), max(ui.s(12), (room - card_w) / max(1, slots - 1)))
        for name, counts in cards:
            img = self._card_face(name, card_w)
            if not counts:
                img = img.copy()
                img.set_alpha(110)
            surface.blit(img, (round(x), cy - card_h // 2))
            x += step
        return x

    def _draw_heading(self, surface, ui):
        """The panel, the round's title and how it ended; returns the seat that emptied its hand (else -1)."""
        d = self.data
        draw_panel(surface, self.panel, ui)
        title = t("hand.summary.title", round=d.get("round", "?"))
        self.figures[(-1, "title")] = blit_center(surface, ui.text(title, 40, INK, bold=True),
                                                  (self.panel.centerx, self.panel.y + ui.s(50)))
        emptied = d.get("emptied_by", -1)
        if emptied is not None and emptied >= 0:
            if self.returned():
                sub = about("hand.summary.emptied", emptied, name=self.names[emptied])
            else:
                sub = about("hand.summary.emptied_no_token", emptied, name=self.names[emptied])
        else:
            sub = t("hand.summary.all_quit")
        self.figures[(-1, "sub")] = blit_center(surface, ui.text(sub, 22, INK_SOFT),
                                                (self.panel.centerx, self.panel.y + ui.s(92)))
        return emptied

    def _draw_columns(self, surface, ui):
        """The column heads; returns the rows' left, the first row's top and the cards, points and tokens columns."""
        x0 = self.panel.x + ui.s(40)
        top = self.panel.y + ui.s(128)
        col_cards = x0 + ui.s(230)
        col_explain = self.panel.right - ui.s(self.explain_from_right)
        col_tokens = self.panel.right - ui.s(200)
        for text, x in ((t("hand.summary.col_cards"), col_cards), (t("hand.summary.col_points"), col_explain),
                        (t("hand.summary.col_total"), col_tokens)):
            drawn = surface.blit(ui.text(text.upper(), 15, INK_SOFT, bold=True), (x, top - ui.s(22)))
            self.figures[(-1, f"head:{x}")] = drawn
        return x0, top, col_cards, col_explain, col_tokens

    def _draw_row(self, surface, ui, seat: int, name: str, x0: int, top: int, emptied) -> pygame.Rect:
        """A player's row (gold when they emptied their hand), their name and how many cards they kept."""
        y = top + seat * self.row_h
        row = pygame.Rect(x0 - ui.s(12), y, self.panel.w - ui.s(56), self.row_h - ui.s(8))
        fill = (252, 236, 200) if seat == emptied else ((246, 238, 222) if seat % 2 == 0 else CREAM)
        pygame.draw.rect(surface, fill, row, border_radius=ui.s(12))
        if seat == emptied:
            pygame.draw.rect(surface, self.emptied_border, row, max(2, ui.s(2)), border_radius=ui.s(12))
        cy = row.centery
        label = ui.text(name, 26, INK, bold=True)
        drawn = surface.blit(label, label.get_rect(midleft=(x0, cy - ui.s(12))))
        cards = self.data["hands"][seat]
        sub = t("hand.summary.none_left") if not cards else t("hand.summary.cards_left", n=len(cards))
        drawn = drawn.union(surface.blit(ui.text(sub, 18, INK_SOFT),
                                         ui.text(sub, 18, INK_SOFT).get_rect(midleft=(x0, cy + ui.s(16)))))
        self.figures[(seat, "name")] = drawn
        return row

    def _draw_outcome(self, surface, ui, seat: int, cy: int, col_explain: int, col_tokens: int, kinds, right):
        """How the points were counted, the tokens taken (``kinds``, a stack that ends before ``right``) and the
        new total."""
        gained = self.data["points"][seat]
        text, bold, room = self.explain(seat), gained > 0, col_tokens - col_explain - ui.s(16)
        drawn = []
        if ui.font(22, bold).size(text)[0] > room and ui.font(12 / ui.scale, bold).size(text)[0] > room:
            # too long even at the smallest size (a double card, the magic token, a long language): two lines
            lines = ui.wrap(text, 16, room, bold, max_lines=2)
            height = ui.font(16, bold).get_linesize()
            for i, line in enumerate(lines):
                part = ui.text_fit(line, 16, room, INK, bold)
                line_y = cy + round((i - (len(lines) - 1) / 2) * height)
                drawn.append(surface.blit(part, part.get_rect(midleft=(col_explain, line_y))))
        else:
            img = ui.text_fit(text, 22, room, INK, bold)  # smaller first (never under 12 px), never squeezed
            drawn.append(surface.blit(img, img.get_rect(midleft=(col_explain, cy))))
        self.figures[(seat, "explain")] = drawn[0].unionall(drawn[1:])
        g = ui.text(f"+{gained}" if gained else "±0", 26, (60, 120, 60) if gained == 0 else (170, 70, 50), bold=True)
        outcome = [surface.blit(g, g.get_rect(midleft=(col_tokens, cy - ui.s(14))))]
        self.token_faces[seat] = draw_token_piles(surface, ui, kinds, col_tokens + g.get_width() + ui.s(12),
                                                  cy - ui.s(14), right)
        total = ui.text(t("hand.summary.total", total=self.totals()[seat]), 19, INK_SOFT)
        outcome.append(surface.blit(total, (col_tokens, cy + ui.s(8))))
        returned = self.returned()
        if returned is not None and returned.get("seat") == seat:  # the token given back, beside the total
            back = ui.text(f"\u2212{returned['token']}", 19, (60, 120, 60), bold=True)
            outcome.append(surface.blit(back, (col_tokens + total.get_width() + ui.s(8), cy + ui.s(8))))
        outcome += [pygame.Rect(pile) for *_rest, pile in self.token_faces[seat] if pile is not None]
        self.figures[(seat, "outcome")] = outcome[0].unionall(outcome[1:])


def draw_token_piles(surface, ui, kinds, x: int, cy: int, right: int) -> list:
    """The tokens taken (``kinds``, one entry per token) as one pile per kind, side by side from ``x`` (centred on
    ``cy``, ending before ``right``), each with its count badge: every kind's value shows on its pile's top disc,
    never covered (a run of overlapping discs hid the "0" of a black 10 under the next one). Returns [(kind, the
    rect of its value on the top disc, the pile's rect)] for each pile."""
    piles = [(kind, kinds.count(kind)) for kind in dict.fromkeys(kinds)]
    labels = {count: ui.text(f"\u00d7{count}", 16, INK_SOFT, bold=True) for _, count in piles if count > 1}

    def row_width(d, gap):
        labelled = sum(ui.s(3) + labels[c].get_width() for _, c in piles if c in labels)
        return d * len(piles) + labelled + gap * (len(piles) - 1)

    # every pile in the row (a long "+25" or a narrow window leaves less room): closer piles, then smaller discs
    sizes = [(ui.s(34), ui.s(10)), (ui.s(34), ui.s(5)), (ui.s(30), ui.s(4)), (ui.s(27), ui.s(3)), (ui.s(24), ui.s(3))]
    d, gap = next(((d, gap) for d, gap in sizes if x + row_width(d, gap) <= right), sizes[-1])
    faces = []
    for kind, count in piles:
        disc = art.token(kind, d)
        under = min(count - 1, 2) * max(2, round(d * 0.12))  # the discs below the top one, peeking out
        label = labels.get(count)
        width = d + (ui.s(3) + label.get_width() if label is not None else 0)
        top = pygame.Rect(round(x), cy - (d + under) // 2, d, d)
        for k in range(min(count - 1, 2), 0, -1):
            surface.blit(disc, top.move(0, k * under // min(count - 1, 2)))
        surface.blit(disc, top)
        pile = pygame.Rect(top.x, top.y, width, d + under)
        if label is not None:
            surface.blit(label, label.get_rect(midleft=(top.right + ui.s(3), top.centery + under // 2)))
        face = pygame.Rect(0, 0, round(d * 0.6), round(d * 0.3))  # the value on the top disc (drawn last, on top)
        face.center = (top.x + round(d * 0.5), top.y + round(d * 0.47))
        faces.append((kind, face, pile))
        x += width + gap
    return faces


def closed_round(round_end: dict, token_return=None) -> dict:
    """The summary's data: the engine's ``round_end`` data, and once the token came back (``token_return``, an
    ``Event``; ``None`` when nobody gives one back) that event's final ``scores`` and ``holdings`` and
    ``returned`` = {seat, token}."""
    data = dict(round_end)
    if token_return is not None:
        data.update({key: token_return.data[key] for key in ("scores", "holdings") if key in token_return.data})
        data["returned"] = {"seat": token_return.seat, "token": int(token_return.data["token"])}
    return data


def round_summary_data(state, events, play=None) -> dict | None:
    """The summary's data for a move's ``events`` that ended a round, giving back the token the engine waits for
    (its first choice, played with ``play(move)``, default ``state.apply``) when it has to: for screenshots and
    tests that build a summary without a table. ``None`` when the events end no round."""
    round_end = next((e for e in events if e.kind == "round_end"), None)
    if round_end is None:
        return None
    back = next((e for e in events if e.kind == "token_return"), None)
    if back is None and int(round_end.data.get("returner", -1)) >= 0:
        back = next(e for e in (play or state.apply)(state.legal_moves()[0]) if e.kind == "token_return")
    return closed_round(round_end.data, back)


def _holdings(points: int, pinks: bool) -> dict:
    """Tokens making up ``points`` (largest denominations): the same exchange the engine uses."""
    return holdings(max(0, int(points)), pinks)
