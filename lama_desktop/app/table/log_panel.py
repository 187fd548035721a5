"""``LogPanel``: the table's history drawn beside it (newest at the bottom, grouped by round, scrolling, rendered
once per change), and its enlarge icon (``expand_icon_rect``)."""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from lama_desktop.core.i18n import language, reader, t
from lama_desktop.app.table.history_lines import HISTORY_LIMIT, LogLine
from lama_desktop.app.table.palette import finish
from lama_desktop.app.widgets import UI

#: the fewest rows the small history panel shows (``fitting_ui``; the layout checks ask for them too)
MIN_ROWS = 4
#: the smallest interface size the history's text takes to keep its rows (the settings' smallest)
MIN_SCALE = 0.85


class LogPanel:
    """The whole history of the game, newest at the bottom, grouped by round; scrolls; rendered once per change.

    A line is a ``str`` or a ``LazyText`` (translated when drawn: the log follows a change of language).

    Lines are structured (``LogLine``): each has an *actor*, the seat the line is about (``None``: nobody in
    particular), kept in ``actors`` beside ``lines``. ``add(..., seat=s)`` says it; without it the line gets the
    seat of the event being shown (the table wraps each event's handler in ``acting(event.seat)``). A line's ``move``
    and ``round`` have one source, the same live and in a replay: before a move's events the table calls
    ``mark(played.index, played.round)`` (the round is the engine's, ``engine.record.round_of`` of the position the
    move was played in), and an event that deals a later round (its ``data["round"]``: a deal) files its lines and
    every line after it under that round, so a round's deal line opens its heading; a line shown while the viewer
    reads one of its own private fields (``viewer`` equal to the event's seat, a private event) is private to that
    seat and is not drawn for another viewer (hot-seat). ``on_add(text, seat)``, when set, is told of every line
    (the transcript tool reads the log through it). ``to_dict``/``load`` keep the history in the autosave.
    ``scroll`` is how many rows are hidden below the panel (0: the newest line shows)."""

    _NO_SEAT = object()

    def __init__(self, max_lines: int = HISTORY_LIMIT):
        self.entries: list[LogLine] = []
        self.max_lines = max_lines
        self.actor: int | None = None
        self.source = None  # the event whose handler is adding lines (``acting``), else None
        self.viewer: int | None = None  # the seat reading the table (the table keeps it up to date)
        self.move = -1  # the move whose events are being shown (-1: before the first move)
        self.round = 0  # the round the next line is filed under (``mark``, ``acting``; the table starts it)
        self.on_add = None
        self.scroll = 0
        self.version = 0
        #: pixels the header keeps free left of the enlarge icon (the Undo button sits there)
        self.reserve = 0
        #: a last, dim row saying more lines are coming (a callable giving the text in the current language), or
        #: None: the replay viewer's history while it is still being read
        self.pending = None
        self._drawn: dict = {}  # expanded -> (panel size, [(row rect in the panel, row, round)]) as last drawn
        self._cache = {}
        self._rows_cache: dict = {}  # (width, scale, language, version, viewer) -> rows of every entry

    # -- the lines ---------------------------------------------------------------------------------------------
    @property
    def lines(self) -> list[tuple]:
        """``(text, color)`` of every line, oldest first."""
        return [(e.text, e.color) for e in self.entries]

    @property
    def actors(self) -> list:
        return [e.actor for e in self.entries]

    def add(self, text, color=(226, 238, 232), seat=_NO_SEAT) -> None:
        actor = self.actor if seat is self._NO_SEAT else seat
        source = self.source
        private_to = None
        if source is not None and getattr(source, "private", ()) and self.viewer is not None \
                and self.viewer == getattr(source, "seat", None):
            private_to = self.viewer  # it tells the viewer's own hidden card: for their eyes only
        self.entries.append(LogLine(text, color, actor, self.move, self.round, private_to))
        del self.entries[:-self.max_lines]
        self._changed()
        if self.scroll:
            self.scroll += 1  # a reader scrolled back stays where they are reading
        if self.on_add is not None:
            self.on_add(text, actor)

    def _changed(self) -> None:
        self.version += 1
        self._cache = {}

    def mark(self, move: int, round_no: int = 0) -> None:
        """The next lines tell move ``move`` (its number in the game), played in round ``round_no`` (the engine's:
        ``Played.round``; 0: not known, the round stays)."""
        self.move = move
        if round_no:
            self.round = round_no

    @contextmanager
    def acting(self, seat: int | None, source=None):
        """Lines added inside the block are about ``seat`` (unless they say otherwise); ``source`` is the event
        being shown (tools read it in ``on_add``). An event that deals a later round than the one being told (its
        ``data["round"]``) files its lines, and all after it, under that round."""
        data = getattr(source, "data", None)
        opens = data.get("round") if isinstance(data, dict) else None
        if isinstance(opens, int) and not isinstance(opens, bool) and opens > self.round:
            self.round = opens
        before = self.actor, self.source
        self.actor, self.source = seat, source
        try:
            yield
        finally:
            self.actor, self.source = before

    def visible(self) -> list[LogLine]:
        """The lines the current viewer may read (a hot-seat neighbour's private line is left out)."""
        return [e for e in self.entries if e.private_to is None or e.private_to == self.viewer]

    def replace(self, entries) -> None:
        """Show these lines (``LogLine``s, oldest first) instead of the ones held (the replay viewer's history as far
        as it is read)."""
        self.entries = list(entries)[-self.max_lines:]
        self._changed()

    def cut_at_move(self, moves: int) -> None:
        """Forget the lines of moves ``moves`` and later (undo)."""
        self.entries = [e for e in self.entries if e.move < moves]
        self.scroll = 0
        self._changed()

    def to_dict(self) -> dict:
        return {"history_version": 1, "lines": [e.to_dict() for e in self.entries[-self.max_lines:]]}

    def load(self, data) -> bool:
        """Take the history a save kept (``to_dict``). False (history left as it is) when it is damaged."""
        try:
            if not isinstance(data, dict) or data.get("history_version") != 1:
                raise ValueError("not a history")
            raw = data.get("lines")
            if not isinstance(raw, list) or len(raw) > HISTORY_LIMIT:
                raise ValueError("bad history lines")
            entries = [LogLine.from_dict(line) for line in raw]
        except (ValueError, TypeError, RecursionError):
            return False
        self.entries = entries
        if entries:
            self.move, self.round = entries[-1].move, entries[-1].round
        self._changed()
        return True

    # -- scrolling ---------------------------------------------------------------------------------------------
    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, self.scroll + rows)  # clamped to the rows there are when drawn
        self._cache = {}

    def scroll_to(self, rows: int) -> None:
        self.scroll = max(0, rows)
        self._cache = {}

    def to_newest(self) -> None:
        self.scroll = 0
        self._cache = {}

    # -- drawing -----------------------------------------------------------------------------------------------
    def _rows(self, ui: UI, width: int) -> list[tuple[str, tuple, str]]:
        """Every row to show, oldest first: ``(text, colour, style)``; style ``round`` for a round's heading,
        ``new`` for the newest line's rows, ``pending`` for the line saying more is coming, else ``""``."""
        return self._rows_and_rounds(ui, width)[0]

    def _rows_and_rounds(self, ui: UI, width: int) -> tuple[list, list]:
        """``_rows`` and, row by row, the round it belongs to (a heading: its round)."""
        # a line about the reader says "you": who reads is part of the text
        key = (width, ui.scale, language(), self.version, self.viewer, reader(), self.pending)
        if key in self._rows_cache:
            return self._rows_cache[key]
        rows: list[tuple[str, tuple, str]] = []
        rounds: list[int] = []
        shown = self.visible()
        ctx = key[:3] + key[4:6]
        last_round = None
        for i, entry in enumerate(shown):
            if entry.round and entry.round != last_round:
                rows.append((t("history.round", round=entry.round), (250, 214, 120), "round"))
                rounds.append(entry.round)
            last_round = entry.round or last_round
            newest = i == len(shown) - 1
            for part in entry.wrapped(ui, width, ctx, newest):
                rows.append((part, entry.color, "new" if newest else ""))
                rounds.append(entry.round)
        if self.pending is not None:
            for part in ui.wrap(str(self.pending()), 17, width):
                rows.append((part, (170, 196, 186), "pending"))
                rounds.append(last_round or 0)
        if len(self._rows_cache) > 3:
            self._rows_cache.clear()
        self._rows_cache[key] = rows, rounds
        return rows, rounds

    def row_at(self, rect: pygame.Rect, pos, expanded: bool = False):
        """The row drawn under ``pos`` (window coordinates) when the panel was last drawn in ``rect``: ``(text,
        colour, style, round)`` (style ``round``: a round's heading), or None (no row there, or not drawn there)."""
        drawn = self._drawn.get(expanded)
        if drawn is None or drawn[0] != tuple(rect.size):
            return None
        local = (pos[0] - rect.x, pos[1] - rect.y)
        for row_rect, row, round_no in drawn[1]:
            if row_rect.collidepoint(local):
                return (*row, round_no)
        return None

    def heading_rect(self, rect: pygame.Rect, round_no: int, expanded: bool = False):
        """Where the heading of round ``round_no`` was last drawn (window coordinates), or None if not shown."""
        drawn = self._drawn.get(expanded)
        if drawn is None or drawn[0] != tuple(rect.size):
            return None
        for row_rect, row, number in drawn[1]:
            if row[2] == "round" and number == round_no:
                return row_rect.move(rect.topleft)
        return None

    #: how many rows the small panel had room for when last drawn (None: not drawn yet): the layout checks ask it
    #: (``app/layoutprobe.py``: a history panel must show at least ``MIN_HISTORY_ROWS``)
    rows_room: int | None = None
    _rooms: dict = {}

    def room(self, ui: UI, height: int, head: int) -> int:
        return max(1, (height - head - ui.s(6)) // ui.font(17).get_linesize())

    @staticmethod
    def _head_h(ui: UI, title_h: int | None = None) -> int:
        """How far down the rows start: the title's line (``title_h``: as drawn, else its font's linesize)."""
        return ui.s(8) + max(title_h or 0, ui.font(15, True).get_linesize()) + ui.s(4)

    def fitting_ui(self, ui: UI, height: int) -> UI:
        """``ui``, or the same at a smaller interface size (down to ``MIN_SCALE``, the smallest the settings offer)
        whose rows fit ``MIN_ROWS`` in a panel ``height`` tall: a large interface never squeezes the history to a
        line or two (issue 32)."""
        scale = ui.ui_scale
        while scale > MIN_SCALE and self.room(ui, height, self._head_h(ui)) < MIN_ROWS:
            scale = max(MIN_SCALE, round(scale - 0.05, 2))
            uis = self.__dict__.setdefault("_uis", {})  # (window size, scale) -> the smaller UI, this panel's own
            key = (tuple(ui.size), scale)
            smaller = uis.get(key)
            if smaller is None:
                smaller = uis[key] = UI(tuple(ui.size), scale, ui._font_provider)
            ui = smaller
        return ui

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, ui: UI, title: str, expanded: bool = False) -> None:
        if not expanded:
            ui = self.fitting_ui(ui, rect.h)
        key = (tuple(rect), self.version, self.scroll, title, ui.scale, language(), self.viewer, expanded, reader(),
               self.reserve, self.pending)
        cached = self._cache.get(expanded)
        if cached is None or cached[0] != key:
            cached = self._cache[expanded] = (key, self._render(rect.size, ui, title, expanded))
        surface.blit(cached[1], rect.topleft)
        if not expanded:
            self.rows_room = self._rooms.get(tuple(rect.size))

    def _render(self, size, ui: UI, title: str, expanded: bool) -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(6, min(h, ui.s(260)) // 10)
        pygame.draw.rect(surf, (6, 30, 28, 235 if expanded else 150), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (255, 255, 255, 40), (0, 0, w, h), max(1, ui.s(2)), border_radius=radius)
        head = ui.text_fit(title.upper(), 15, w - ui.s(64) - (0 if expanded else self.reserve), (196, 226, 214), True)
        surf.blit(head, (ui.s(12), ui.s(8)))
        _expand_icon(surf, pygame.Rect(w - ui.s(34), ui.s(6), ui.s(24), ui.s(24)), expanded)
        line_h = ui.font(17).get_linesize()
        top = self._head_h(ui, head.get_height())
        room = self.room(ui, h, top)
        if not expanded:
            self._rooms = {tuple(size): room}
        text_w = w - ui.s(34)
        rows, rounds = self._rows_and_rounds(ui, text_w)
        self.scroll = min(self.scroll, max(0, len(rows) - room))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - room):end]
        first = max(0, end - room)
        # where each shown row was drawn (panel coordinates): what a click on the panel points at (``row_at``)
        self._drawn[expanded] = (tuple(size), [(pygame.Rect(ui.s(12), top + i * line_h, text_w, line_h), row,
                                                rounds[first + i]) for i, row in enumerate(shown)])
        for i, (text, color, style) in enumerate(shown):
            bold = style in ("new", "round")
            img = ui.text_fit(text, 17, text_w, color, bold)  # a single word wider than the panel: cut
            y = top + i * line_h
            if style == "round":
                pygame.draw.line(surf, (250, 214, 120, 90), (ui.s(12) + img.get_width() + ui.s(8), y + line_h // 2),
                                 (w - ui.s(22), y + line_h // 2), max(1, ui.s(1)))
            elif style != "new" and not expanded and not self.scroll:
                img = img.copy()
                img.set_alpha(150 + round(100 * (i + 1) / len(shown)))
            surf.blit(img, (ui.s(12), y))
        if len(rows) > room:  # the scroll bar: where the shown rows are in the whole history
            track = pygame.Rect(w - ui.s(14), top, max(3, ui.s(6)), h - top - ui.s(10))
            pygame.draw.rect(surf, (255, 255, 255, 30), track, border_radius=track.w // 2)
            thumb_h = max(ui.s(24), round(track.h * room / len(rows)))
            thumb_y = track.y + round((track.h - thumb_h) * first / max(1, len(rows) - room))
            pygame.draw.rect(surf, (196, 226, 214, 170), (track.x, thumb_y, track.w, thumb_h),
                             border_radius=track.w // 2)
        return finish(surf)


def _expand_icon(surf: pygame.Surface, rect: pygame.Rect, expanded: bool) -> None:
    """Two corner arrows: out (enlarge the history) or in (back to the small panel)."""
    color = (196, 226, 214)
    width = max(1, rect.w // 10)
    k = rect.w // 3
    if expanded:
        corners = [((rect.x + k, rect.y), (rect.x + k, rect.y + k), (rect.x, rect.y + k)),
                   ((rect.right - k, rect.bottom), (rect.right - k, rect.bottom - k), (rect.right, rect.bottom - k))]
    else:
        corners = [((rect.x, rect.y + k), (rect.x, rect.y), (rect.x + k, rect.y)),
                   ((rect.right - k, rect.bottom), (rect.right, rect.bottom), (rect.right, rect.bottom - k))]
    for points in corners:
        pygame.draw.lines(surf, color, False, points, width)


def expand_icon_rect(ui: UI, log_rect: pygame.Rect) -> pygame.Rect:
    """Where the log panel's enlarge icon is drawn (window coordinates): its top right corner."""
    return pygame.Rect(log_rect.right - ui.s(40), log_rect.y, ui.s(40), ui.s(36))
