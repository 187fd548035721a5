"""What every table draws alike: the status line, the cached layer of all that only changes with the model (seats,
plates, the round line, the history box), the toasts and the buttons."""

from __future__ import annotations

import pygame

from lama_desktop.app import art
from lama_desktop.engine.registry import plugins
from lama_desktop.app.table.palette import finish
from lama_desktop.app.table.seats import log_title, seat_plate, table_plate_words
from lama_desktop.app.table.toasts import draw_toasts, toast_band


class TableDrawing:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    # the status line -------------------------------------------------------------------------------------------
    def _draw_status(self, surface) -> None:
        """The status line (``self._status_text()``) as a pill in the layout's ``status`` rect: warm when the
        player may act, cached until its text changes."""
        r = self.layout["status"]
        text = self._status_text()
        mine = self.can_act()
        lesson = self._lesson_status()
        if lesson is not None:
            text, mine = lesson[0], lesson[1] and mine
        self.status_said = text
        key = (text, mine, r.size)
        cached = getattr(self, "_status_cache", None)
        if cached is None or cached[0] != key:
            size, bold = self._status_font(mine)
            img = self.ui.text_fit(text, size, r.w, (255, 240, 200) if mine else (214, 234, 226), bold)
            pad_x, pad_y = self.layout.s(15), self.layout.s(6)
            pill = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(pill, (6, 30, 28, 150) if not mine else (70, 44, 10, 170), pill.get_rect(),
                             border_radius=pill.get_height() // 2)
            pill.blit(img, (pad_x, pad_y))
            self._status_cache = (key, finish(pill))
        pill = self._status_cache[1]
        self._status_rect = surface.blit(pill, pill.get_rect(center=r.center))

    @staticmethod
    def _status_font(mine: bool) -> tuple[int, bool]:
        """The status line's text size and weight: larger and bold when the player may act."""
        return (24, True) if mine else (21, False)

    def status_fits(self, text: str, mine: bool = True) -> bool:
        """Whether ``text`` fits the status line at its own size (not shrunk, not cut): a table with a long and a
        short way to say its line picks the long one only when this holds."""
        layout = getattr(self, "layout", None)
        place = layout.get("status") if layout is not None else None
        if place is None:
            return True
        size, bold = self._status_font(mine)
        return self.ui.font(size, bold).size(text)[0] <= place.w

    # drawing ------------------------------------------------------------------------------------------------------
    def _model_layer(self, size) -> pygame.Surface:
        """The frame's base: the static felt (``_render_static``) with all that only changes with the model drawn
        over it (``_draw_middle``, the opponents, the own seat, the round line, the log), cached until
        ``_layer_key()`` changes. The layout is rebuilt first when the window's size changed."""
        if self.layout is None or self.layout.size != size:
            self._build(size)
        if self.static is None or self.static.get_size() != size:
            self.static = self._render_static(size)
            self._layer = None
        key = (self._layer_key(), self._plates_key())
        if getattr(self, "_layer", None) is None or self._layer_cached_key != key:
            layer = self._layer_canvas()
            self._draw_middle(layer)
            for seat in range(self.n):
                if self.pos_of(seat) != 0:
                    self._draw_opponent(layer, seat)
            self._draw_me_seat(layer)
            self._draw_round_info(layer)
            self._draw_log(layer)
            self._layer, self._layer_cached_key = layer, key
        return self._layer

    def _plates_key(self) -> tuple:
        """Who each plate says plays its seat (``_plate_seat``): in a network game a bot takes an away person's
        seat and hands it back between two moves, and the cached layer must show it at once on every table."""
        return tuple((c.name, c.kind, c.level) for c in map(self._plate_seat, range(self.n)))

    def _layer_canvas(self) -> pygame.Surface:
        """The static felt to draw the model layer on: painted over the last layer's picture when it has the
        same size (a new window-sized picture costs milliseconds of memory setup: the frame a move lands in
        stuttered), else a copy of it."""
        canvas = getattr(self, "_canvas", None)
        static = self.static
        if canvas is None or canvas.get_size() != static.get_size() or static.get_flags() & pygame.SRCALPHA:
            canvas = self._canvas = static.copy()
        else:
            canvas.blit(static, (0, 0))
        return canvas

    def _draw_middle(self, layer) -> None:
        """Hook: the middle of the table in the cached layer (piles, the llama row...), under the seats."""

    def _log_title(self) -> str:
        """The log panel's title: the same on every table."""
        return log_title()

    def _draw_log(self, surface) -> None:
        """The table's history box (none when ``log_shown`` is False: the replay viewer draws the history)."""
        if self.log_shown:
            self.log.draw(surface, self._log_rect(), self.ui, self._log_title())

    def _log_key(self) -> tuple | None:
        """What of the history a cached layer shows (nothing when the table draws no history box)."""
        return (self.log.version, self.log.scroll, self.log.viewer, self.log.pending) if self.log_shown else None

    def _plate(self, seat: int, rect: pygame.Rect) -> pygame.Surface:
        """The seat's name plate (``seats.seat_plate``: the same on every table), lit on the seat's turn; the game
        says whether the seat is out (``_seat_out``) and its badge (``_plate_badge``: the dealer, the starter)."""
        s, shown = self.session, self._plate_seat(seat)
        lit = self.shown.current == seat and not s.is_over
        thinking = lit and shown.is_bot and not getattr(s, "frozen", False) and (s.thinking or self.idle)
        return seat_plate(self.ui, rect.size, seat, shown, self.shown.scores[seat], lit=lit, out=self._seat_out(seat),
                          thinking=thinking, badge=self._plate_badge(seat), words=table_plate_words(self))

    def _plate_seat(self, seat: int):
        """The seat as its plate describes it (``session.seat_shown``: as it was played, in a replay)."""
        return self.session.seat_shown(seat)

    def _blit_plate(self, surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's plate over its layout ``rect`` (its shadow and glow spill around it). A badge lifted above a
        small plate's name (``pieces.name_plate``) may reach past a plate at the window's top: the plate then moves
        down the few pixels that keep its badge in the window."""
        plate = self._plate(seat, rect)
        pad = (plate.get_width() - rect.w) // 2
        dest = plate.get_rect(topleft=(rect.x - pad, rect.y - pad))
        if dest.top < 0 and self._plate_badge(seat):
            dest.top = 0
        surface.blit(plate, dest)

    def _seat_out(self, seat: int) -> bool:
        """Hook: the seat is out of the round (its plate greys)."""
        return False

    def seat_rects(self, seat: int) -> list[pygame.Rect]:
        """Hook: what of the screen is ``seat``'s own (its plate, hand or row, points, hint: every layout rect
        ``seat<place>.*``), for what lies over the table to keep clear of (a network game's banners and bubbles;
        the layout checks: ``cover_problems``)."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return []
        head = f"seat{self.pos_of(seat)}."
        return [pygame.Rect(rect) for name, rect in getattr(layout, "rects", {}).items() if name.startswith(head)]

    def banner_spots(self) -> list[tuple[str, tuple[int, int]]]:
        """Hook: places a banner over the table may take before the frame's own tries (round the status line,
        then the window's top): ``(anchor, point)`` pairs, ``anchor`` a ``pygame.Rect`` point's name."""
        return []

    def status_rect(self):
        """Hook: the status line as last drawn (else its place in the layout, else None)."""
        drawn = getattr(self, "_status_rect", None)
        if drawn is not None:
            return pygame.Rect(drawn)
        layout = getattr(self, "layout", None)
        place = layout.get("status") if layout is not None else None
        return pygame.Rect(place) if place is not None else None

    def _plate_badge(self, seat: int) -> str:
        """Hook: the little badge over a seat's plate ("Dealer"), or ""."""
        return ""

    def _draw_round_info(self, surface) -> None:
        """Top left: the round, then the game and its variants."""
        r = self.layout.get("round_info")
        if r is None:
            return
        game = plugins()[self.session.game_id]
        title, extras = game.title(), [game.variant_title(v) for v in sorted(self.variants)]
        line1 = self.ui.text(self._round_text().upper(), 15, (150, 200, 188), True)
        line2 = self.ui.text_fit(" · ".join([title] + extras), 17, r.w, (226, 238, 232), True)
        surface.blit(line1, (r.x + self.layout.s(6), r.y + self.layout.s(6)))
        surface.blit(line2, (r.x + self.layout.s(6), r.y + self.layout.s(6) + line1.get_height()))

    def _round_text(self) -> str:
        raise NotImplementedError

    def _draw_toasts(self, surface) -> None:
        """The last three toasts, wrapped to the layout's ``toast`` band and stacked down from its top."""
        draw_toasts(surface, self.toasts, toast_band(self.layout, self.ui), self.ui)

    def _draw_return_buttons(self, surface, lift: bool = True) -> None:
        """The buttons; a "return <token>" one shows the token itself (raised with the button when ``lift``)."""
        for name, b in self.buttons.items():
            b.draw(surface, self.ui)
            if name.startswith("return"):
                img = art.token(self._token_kind(int(name.split()[1])), round(b.rect.h * 0.72))
                up = -self.ui.s(2) if lift and (b.hovered or b.focused) and not b.pressed else 0
                surface.blit(img, img.get_rect(midleft=(b.rect.x + self.ui.s(14), b.rect.centery + up)))
    def _log_rect(self):
        return self.layout["log"]
