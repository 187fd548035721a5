"""The tooltips at a table (``tooltip.py``): what lies under a point and under the keyboard focus, what a tip keeps
clear of, and when none shows (the enlarged history or the advisor's panel covers the pieces)."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import plural, t
from lama_desktop.app.table.log_panel import expand_icon_rect
from lama_desktop.app.table.tooltip import Tip


class TableTips:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    # tooltips (``tooltip.py``): the table answers what lies under a point and under the keyboard focus ----------
    #: the tip of each button, by its name's first word (the move's kind): the key in the ``tooltips`` domain and
    #: its fields from the button's name (``return 10`` -> value=10); the pause menu, the skip and the panels'
    #: buttons are the same on every table (``common_button_tips``)
    button_tips: dict = {}
    common_button_tips = {"menu": "tooltips.button.menu", "skip": "tooltips.button.skip",
                          "return": "tooltips.button.return"}

    def _tooltip_at(self, pos) -> Tip | None:
        """The tip of what lies under ``pos``: a button or a panel's control, the game's pieces (``_piece_tip``),
        a seat's plate (with its badge), the round line (``_round_tip``)."""
        if self.ui is None or getattr(self, "modal", False):
            return None
        tip = self._control_tip(pos)
        if tip is not None:
            return tip
        tip = self._piece_tip(pos)
        if tip is not None:
            return tip
        layout = getattr(self, "layout", None)
        if layout is None:
            return None
        for seat in range(self.n):
            rect = layout.get(f"seat{self.pos_of(seat)}.plate")
            if rect is not None and self._plate_hit(seat, rect).collidepoint(pos):
                return Tip(self._plate_tip(seat), tuple(rect))
        rect = layout.get("round_info")
        if rect is not None and rect.collidepoint(pos):
            return Tip(self._round_tip(), tuple(rect))
        return None

    def _control_tip(self, pos) -> Tip | None:
        """The buttons (what each does, and its key), the advisor's button, the history's Undo and enlarge icon,
        the history's title row."""
        for name, button in self.buttons.items():
            if button.rect.collidepoint(pos):
                return self._button_piece_tip(name, button)
        advisor = getattr(self, "advisor", None)
        if advisor is not None and not advisor.open and advisor.available() and advisor.button.rect.collidepoint(pos):
            return Tip(t("tooltips.button.advice"), tuple(advisor.button.rect))
        history = getattr(self, "history", None)
        log_rect = history._log_rect() if history is not None else None
        if log_rect is not None:
            if history.offered() and not self.session.is_over and history.undo_button.rect.collidepoint(pos):
                return Tip(history.tip(), tuple(history.undo_button.rect))  # why not, when disabled
            icon = expand_icon_rect(self.ui, log_rect)
            if icon.collidepoint(pos):
                return Tip(t("tooltips.button.history"), tuple(icon))
            title = pygame.Rect(log_rect.x, log_rect.y, log_rect.w, self.ui.s(28))
            if title.collidepoint(pos):
                return Tip(t("tooltips.common.log"), tuple(log_rect))
        return None

    def _button_tip(self, name: str, button) -> str:
        """What a button does (``button_tips``), then its key."""
        kind, _, arg = name.partition(" ")
        key = self.button_tips.get(kind) or self.common_button_tips.get(kind)
        if key is None:
            return button.text
        text = t(key, **self._button_fields(kind, arg))
        if kind == "menu":
            return text + "\n" + t("tooltips.button.key", hint=t("common.keys.escape"))
        if button.hint:
            text += "\n" + t("tooltips.button.key", hint=button.hint)
        return text

    def _button_fields(self, kind: str, arg: str) -> dict:
        """The fields of a button's tip: ``value`` (``return 10``), ``name`` (``give 2``: that seat's name)."""
        return {"value": arg, "name": self._name(int(arg)) if kind == "give" and arg.isdigit() else ""}

    def _plate_hit(self, seat: int, rect) -> pygame.Rect:
        """Where a seat's plate answers the pointer: the plate, and its badge above it when it wears one."""
        rect = pygame.Rect(rect)
        if self._plate_badge(seat):
            return rect.union(pygame.Rect(rect.x, rect.y - rect.h // 2, rect.h * 2, rect.h // 2))
        return rect

    def _round_tip(self) -> str:
        """The round line (top left): the round, and when the game ends."""
        return t("tooltips.common.round", round=self.shown.round, end=self.end_points)

    #: the points that end the game (the round line's tip)
    end_points = 40

    def _piece_tip(self, pos) -> Tip | None:
        """Hook: the tip of the game's piece under ``pos`` (cards, piles, tokens, dice...), or None."""
        return None

    def _tooltip_focus(self) -> Tip | None:
        """The tip of what the keyboard focus is on: a focused button, else the table's own focus
        (``_focus_tip``: a hand card, a placement)."""
        for name, button in self.buttons.items():
            if button.focused:
                return self._button_piece_tip(name, button)
        return self._focus_tip()

    def _button_piece_tip(self, name: str, button) -> Tip:
        """A button's tip, keyed on the button, what it says and whether it may be pressed."""
        text = self._button_tip(name, button)
        return Tip(text, tuple(button.rect), piece=("button", name, button.text, bool(button.enabled), text))

    def _focus_tip(self) -> Tip | None:
        """Hook: the tip of the piece under the table's keyboard focus, or None."""
        return None

    def _plate_tip(self, seat: int) -> str:
        """A seat's plate: who, their points, still in the round or out, and its badge's meaning."""
        lines = [self._name(seat), plural("tooltips.common.points", int(self.shown.scores[seat]))]
        if not self.session.is_over:
            lines.append(t("tooltips.common.out") if self._seat_out(seat) else t("tooltips.common.still_in"))
        badge = self._badge_tip(seat)
        if badge:
            lines.append(badge)
        return "\n".join(lines)

    def _badge_tip(self, seat: int) -> str:
        """Hook: what the badge on a seat's plate means, or ""."""
        return ""

    #: the events the table has shown (``event_queue``): a tip that does not name its piece is keyed on it
    events_shown = 0

    def _tip_state(self):
        """What a tip that does not name its piece (``Tip.piece``) is keyed on besides its words and place: the
        moves played and the events shown, so such a tip is dropped at any change of the table and never speaks
        of a piece that changed or went under it."""
        return self.session.moves_played, self.events_shown

    def _update_tooltip(self, dt: float) -> None:
        if self._tooltip_covered():
            self.tooltip.hide()
            return
        self.tooltip.update(dt, self)

    def _tooltip_covered(self) -> bool:
        """The enlarged history, or the advisor's panel under the pointer, covers the pieces: no tip."""
        history = getattr(self, "history", None)
        if history is not None and history.expanded:
            return True
        advisor, pos = getattr(self, "advisor", None), self.tooltip.pos
        if advisor is not None and advisor.open and pos is not None and self.tooltip.source == "mouse":
            try:
                rect = advisor._panel_rect()
            except (AttributeError, KeyError, TypeError):
                return False
            return rect is not None and pygame.Rect(rect).collidepoint(pos)
        return False

    def _draw_tooltip(self, surface) -> None:
        """Over everything the table drew and over a lesson's narrator, clear of what ``_tooltip_avoid`` names and,
        firmly, of what the lesson draws (its box, the ring round the piece, the arrow: ``Narrator.covers``)."""
        self.tooltip.drawn = None
        if not self.tooltip.showing:
            return
        try:
            avoid = self._tooltip_avoid()
        except (KeyError, IndexError, AttributeError, TypeError):  # a layout being rebuilt: no tip this frame
            self.tooltip.hide()
            return
        narrator = getattr(self, "narrator", None)
        firm = narrator.covers() if narrator is not None else []
        self.tooltip.draw(surface, self.ui, avoid, firm)

    def _tooltip_avoid(self) -> list:
        """Rects a tip keeps clear of when it can: the status line (where it was last drawn), the table's pieces
        (``tutorial_clear``: the plates, hands or rows, tokens, piles, log and each game's own; ``_tip_pieces``: the
        single cards and dice inside those groups) every button, the history's title row and icons (its lines may
        give way)."""
        rects = [getattr(self, "_status_rect", None)] + list(self.tutorial_clear()) + list(self._tip_pieces())
        rects += [button.rect for button in self.buttons.values()]
        advisor = getattr(self, "advisor", None)
        if advisor is not None and not advisor.open and advisor.available():
            rects.append(advisor.button.rect)
        layout = getattr(self, "layout", None)
        hint = layout.get("seat0.hint") if layout is not None else None
        band = layout.get("status") if layout is not None and rects[0] is not None else None  # the drawn line is kept
        history = getattr(self, "history", None)
        log = history._log_rect() if history is not None else None
        # the keys line under your hand and the history's lines are text to read: they may give way
        rects = [r for r in rects if r is None or pygame.Rect(r) not in (log, hint, band)]
        if log is not None:  # the history's title row and icons do not
            rects += [pygame.Rect(log.x, log.y, log.w, self.ui.s(28)), expand_icon_rect(self.ui, log)]
            if history.offered():
                rects.append(history.undo_button.rect)
        return [pygame.Rect(r) for r in rects if r is not None]

    def _tip_pieces(self) -> list:
        """The single pieces inside the groups ``tutorial_clear`` names (each card of a hand, each die): a tip about
        one of them keeps clear of the others (``tooltip.place_box`` lets the group holding the piece give way)."""
        return []
