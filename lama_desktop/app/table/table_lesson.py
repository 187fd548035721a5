"""A lesson at the table: the narrator's plumbing (made once the layout exists, given the events first, updated last
and drawn over the table by the frame, under a tooltip) and the pieces a lesson may name (``tutorial_rect``,
``tutorial_clear``, ``tutorial_protect``: ``docs/APP.md``, "Tutorials")."""

from __future__ import annotations

import pygame
from lama_desktop.app.table.narrator import Narrator, shared_protect


class LessonHooks:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    # a lesson's narrator (``narrator.py``): the frame calls these three like the advisor's ---------------------
    #: the narrator of a lesson's table (made on the first update once the layout exists), else None
    narrator = None

    def _lesson_narrator(self):
        if self.narrator is None and getattr(self.session, "lesson", None) is not None \
                and getattr(self, "ui", None) is not None:
            self.narrator = Narrator(self)
        return self.narrator

    #: the words of the status line as last drawn (the tests read what the player read)
    status_said = ""

    def _lesson_status(self) -> tuple[str, bool] | None:
        """The status line while a lesson holds the game (``Narrator.status``): the line never says "your turn"
        while the narrator says "read this, press Next", nor invites a move the step would refuse. None: the
        table's own line."""
        narrator = self._lesson_narrator()
        return narrator.status() if narrator is not None else None

    def _narrator_event(self, event) -> bool:
        """First in ``handle_event``: True when the lesson's narrator took the event (Next, its buttons)."""
        narrator = self._lesson_narrator()
        return narrator is not None and narrator.handle_event(event)

    def _narrator_update(self, dt: float) -> None:
        """At the end of ``update``: the lesson's next step shows when the table is idle."""
        narrator = self._lesson_narrator()
        if narrator is not None:
            narrator.update(dt)

    def _narrator_draw(self, surface) -> None:
        """Last in ``draw`` (while a narrated overlay is on top, the scene stack draws it over that instead)."""
        narrator = self.narrator
        if narrator is not None and (self.stack is None or self.stack.top is self):
            narrator.draw(surface)
            if narrator.box is not None and getattr(self, "_status_rect", None) is not None:
                # the status line speaks for the lesson ("read the box, then press Enter"): drawn again over the
                # dimming, the ring and the arrow, so it is never greyed or struck through (the box keeps off it)
                self._draw_status(surface)

    def tutorial_rect(self, name: str):
        """The on-screen rect of the piece a lesson names (``docs/APP.md``, "Tutorials"), as drawn now, or None.
        This answers the names every table shares from its layout and buttons: ``hand`` (the own seat's hand
        area), ``plate:<seat>``, ``tokens:<seat>``, ``log``, ``round``, ``status``, ``button:<id>`` (a move kind
        or button name: ``button:draw``); a table adds its own pieces and calls this for the rest."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return None
        kind, _, arg = name.partition(":")
        if kind == "button":  # a button's name with spaces is written with "_" ("button:return_10")
            buttons = getattr(self, "buttons", {})
            button = buttons.get(arg) or buttons.get(arg.replace("_", " "))
            return pygame.Rect(button.rect) if button is not None and button.rect is not None else None
        if kind in ("plate", "tokens"):
            try:
                seat = int(arg)
            except ValueError:
                return None
            if not 0 <= seat < self.n:
                return None
            rect = layout.get(f"seat{self.pos_of(seat)}.{kind}")
            return pygame.Rect(rect) if rect is not None else None
        simple = {"hand": "seat0.hand", "log": "log", "round": "round_info", "status": "status"}
        if kind in simple and not arg:
            rect = layout.get(simple[kind])
            return pygame.Rect(rect) if rect is not None else None
        return None

    def tutorial_clear(self) -> list:
        """What a lesson's narrator box would rather not cover (it goes where it covers least of these): every
        seat's plate, hand and tokens, the status line, the log and the buttons."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return []
        names = [f"seat{k}.{part}" for k in range(self.n) for part in ("plate", "hand", "tokens")]
        names += ["status", "log", "buttons", "discard", "draw_pile"]
        return [pygame.Rect(layout[name]) for name in names if layout.get(name) is not None]

    def tutorial_protect(self, point=None) -> list:
        """(name, rect) a lesson's box and arrow never cover on a step pointing at ``point`` (the narrator adds the
        piece, the hand, the status line): the history and the buttons; a table adds its own text and labels."""
        return shared_protect(self)
