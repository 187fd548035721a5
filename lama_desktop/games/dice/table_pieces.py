"""The LAMA Dice table's pieces as the pointer and a lesson name them: the tooltips of the row cards, the llama row
and the dice (``_piece_tip``, ``_focus_tip``), where each die and card is (``_die_centers``, ``_row_card_rect``...)
and the pieces a lesson points at or keeps clear of (``tutorial_rect``, ``tutorial_clear``, ``tutorial_protect``).
"""

from __future__ import annotations

import pygame

from lama_desktop.games.dice.rules import DICE_FACES, END_POINTS, LABELS, POINTS
from lama_desktop.games.dice.table_view import row_points
from lama_desktop.games.dice.words import card_label
from lama_desktop.core.i18n import plural, t
from lama_desktop.app.table.pieces import card_height, token_stacks_rect
from lama_desktop.app.table.tooltip import Tip

#: each die's faces as card names, from the engine's data (the art shows the real dice)
DIE_FACES = tuple(tuple(str(LABELS[f]) for f in faces) for faces in DICE_FACES)


class DicePieces:
    """Mixed into ``DiceTableScene`` (``table.py``) before its view (``table_view.DiceTableView``)."""

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
            return (token_stacks_rect(*self._token_stacks(seat), ui=self.ui)
                    or pygame.Rect(L[f"seat{self.pos_of(seat)}.tokens"]))
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
