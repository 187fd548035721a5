"""The replay viewer: a finished game (``pastgames.PastGame``) shown on the game's real table, read-only.

The table is the game's own table scene (``tables.open_table``) opened on the position after ``pos`` moves
(``GameRecord.replay(pos)``) with a *frozen* session (``GameSession.frozen``: no bot moves, no click plays, nothing
is saved) and a private scene stack, so nothing it does (a round summary, the results screen, a sound) leaves the
viewer. The viewer chooses whose eyes the table has (``view``): ``None``, "All hands open" (the default), makes the
session ``omniscient`` (only a frozen session can be: the table then draws every seat's hand face up from
``session.open_views()``), or a seat's number: that seat is the table's human and the table draws that seat's view
alone. Beside it: the history, which is the table's own ``LogPanel`` (grouped by round, scrolled with the wheel, a
drag or Page Up / Page Down), its lines written by the table itself: the whole game is fed once through a hidden
table of the same view (``GameSession.feed``, animations skipped, summaries closed), and each position's table
takes those lines up to its move (``LogPanel.cut_at_move``). The bar: a round back, a move back, play/pause, a move
on, a round on, the speed, the view, export, close.

Keys: ←/→ a move, ↑/↓ a round, Home/End, Space play/pause, +/- speed, Tab the next view, E export, PgUp/PgDn
scroll the history, H hide it, Esc close.
"""

from __future__ import annotations

import logging
import time

import pygame

from lama_desktop.pastgames import PastGame, export_name, timeline
from lama_desktop.core import i18n
from lama_desktop.core.i18n import language, t, t_game
from lama_desktop.app.scene import Scene, SceneStack
from lama_desktop.app.table.log_panel import expand_icon_rect
from lama_desktop.app.widgets import CREAM, INK, Button, WidgetGroup, draw_panel, felt_surface
from lama_desktop.engine.registry import plugins
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.tables import open_table
from lama_desktop.app.window import MIN_SIZE
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.engine.record import GameRecord
from lama_desktop.savefile import SavedGame

log = logging.getLogger("lama_desktop.replay")

#: the view note's text size
NOTE_PX = 15

#: a position kept every this many moves (a jump replays at most this many moves)
KEEP_EVERY = 10

#: seconds per move at each play speed
SPEEDS = (2.0, 1.0, 0.5, 0.25)


class _ReplayStack(SceneStack):
    """The table's own stack: it holds the table only (anything a table pushes — a round summary, the results —
    is closed at once: the viewer shows positions, and the results are the past game's own)."""

    def __init__(self, app):
        super().__init__(app)
        self.table = None

    def push(self, scene) -> None:
        if self.table is None:
            self.table = scene
            super().push(scene)
            return
        on_close = getattr(scene, "on_close", None)  # a round summary: the table goes on as if it was read
        if callable(on_close):
            scene.on_close = None
            on_close()

    def replace(self, scene) -> None:
        pass

    def clear_to(self, scene) -> None:
        pass

    def pop(self) -> None:
        pass


class _ReplayApp:
    """The app as the replay's table sees it: the real one for drawing and settings, but its size is the table's
    canvas (``ReplayScene.canvas_size``), no storage, no game over, no sounds, and its own scene stack."""

    def __init__(self, app, size_of):
        self._app = app
        self._size_of = size_of
        self.stack = _ReplayStack(self)
        self.storage = None
        self.writes_files = False

    @property
    def size(self) -> tuple[int, int]:
        return self._size_of()

    def __getattr__(self, name):
        return getattr(self._app, name)

    def game_over(self, results) -> None:
        pass

    def to_title(self) -> None:
        pass

    def start_game(self, config) -> None:
        pass

    def play_sound(self, name: str) -> None:
        pass


class ReplayScene(Scene):
    name = "replay"
    #: seconds of each frame the history may take while it is read (the frame's drawing comes on top)
    READ_BUDGET = 0.008

    def __init__(self, past: PastGame, view: int | None = None):
        super().__init__()
        self.past = past
        self.total = len(past.record.moves)
        self.pos = self.total  # the finished game's last position first
        humans = [i for i, s in enumerate(past.seats) if s.kind == "human"] + [
            i for i, s in enumerate(past.seats) if s.kind == "remote"]
        #: the seat at the bottom of the open view (the game's first person at this screen, else from afar)
        self.home = humans[0] if humans else 0
        #: None: every hand open; a seat: that seat's own view
        self.view = view
        #: the history of the whole game as each view's table writes it, built once per view a few moves a frame
        #: (``HistoryBuild``; a switched-away view's build waits, never feeds the view shown)
        self._builds: dict = {}
        #: (build, moves it had fed) last copied into the shown table's history while that build was unfinished
        self._synced = None
        #: positions of the game kept on the way (moves played -> state), every ``KEEP_EVERY`` moves
        self._positions: dict = {}
        self.wide_history = False
        #: (round, where) of a press on a round's heading in the history: released there, it jumps to that round
        self._heading_press = None
        self.playing = False
        self.speed = 1
        self.clock = 0.0
        self.show_history = True
        self.table = None
        self._fresh = False
        self._canvas = None
        self.group = WidgetGroup(on_back=self.close)
        self.timeline = timeline(past.record, keep=self._positions, every=KEEP_EVERY)
        self.rounds = max(self.timeline.rounds, default=1)
        self.message = ""
        self.message_age = 0.0

    # positions ----------------------------------------------------------------------------------------------------
    def round_at(self, pos: int) -> int:
        """The round of the position after ``pos`` moves (the round its next move is played in)."""
        rounds = self.timeline.rounds
        if not rounds:
            return 1
        return rounds[max(0, pos)] if pos < self.total else rounds[-1]

    def go(self, pos: int) -> None:
        pos = max(0, min(self.total, pos))
        if pos == self.pos + 1 and self._feed_next():
            pass  # one move on: the table shows it as it was played (animated, its history lines its own)
        elif pos != self.pos or self.table is None:
            self.pos = pos
            self._open_table()
        if self.pos >= self.total:
            self.playing = False
        self.build()

    def _feed_next(self) -> bool:
        """Play the next recorded move on the table shown (``GameSession.feed``): False when it cannot (no table,
        one that closed itself at the game's end, or a history still being read: the position's table then takes
        the lines read so far), and the position's table is opened instead."""
        table = self.table
        if table is None or self.pos >= self.total or getattr(table, "finished", False) or table.session.is_over \
                or self.history_pending:
            return False
        try:
            skip = getattr(table, "skip_animations", None) or table.tween.skip
            skip()  # what still moved from the move before lands first
            table.session.feed(self.past.record.moves[self.pos])
        except Exception:  # noqa: BLE001 - a move the table cannot take: the position is opened instead
            log.exception("the replay's table cannot take move %s", self.pos + 1)
            return False
        self.pos += 1
        return True

    def step(self, delta: int) -> None:
        self.playing = False
        self.go(self.pos + delta)

    def jump_round(self, delta: int) -> None:
        """To the start of the previous / next round (back from inside a round: to its own start first)."""
        self.playing = False
        starts = self.timeline.round_starts
        if delta > 0:
            later = [s for s in starts if s > self.pos]
            self.go(later[0] if later else self.total)
        else:
            earlier = [s for s in starts if s < self.pos]
            self.go(earlier[-1] if earlier else 0)

    def go_round(self, round_no: int) -> None:
        """To the first move of round ``round_no``."""
        self.playing = False
        rounds = self.timeline.rounds
        self.go(next((i for i, r in enumerate(rounds) if r >= round_no), self.total))

    def toggle_play(self) -> None:
        if not self.playing and self.pos >= self.total:
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0
        self.build()

    def change_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        self.build()

    @property
    def seat(self) -> int:
        """The seat at the bottom of the table: the viewed seat, or the open view's home seat."""
        return self.home if self.view is None else self.view

    def next_view(self) -> None:
        """All hands open → each seat's own view in turn → all hands open."""
        n = len(self.past.seats)
        self.view = 0 if self.view is None else (None if self.view + 1 >= n else self.view + 1)
        self._open_table()
        self.build()

    def set_view(self, view: int | None) -> None:
        self.view = view
        self._open_table()
        self.build()

    def view_note_lines(self, ui, size) -> list[tuple[str, pygame.Rect]]:
        """The view note's lines and where they go: left of the position label, under the table, above the bar
        (where the eye goes when a view switch seems to change nothing), wrapped to two lines when one is too long."""
        note = self.view_note()
        if not note:
            return []
        bar = self.bar_rect(ui, size)
        label_w, label_h = ui.font(20, True).size(t("replay.position", move=self.pos, moves=self.total,
                                                    round=self.round_at(self.pos), rounds=self.rounds))
        label_left = bar.centerx - label_w // 2 - ui.s(10)
        left = self.table_rect(ui, size).left + ui.s(4)
        room = label_left - ui.s(16) - left
        if room < ui.s(120):
            return []
        lines = ui.wrap(note, NOTE_PX, room, max_lines=2)
        line_h = ui.font(NOTE_PX).get_linesize()
        centre = bar.top - ui.s(8) - label_h // 2
        top = centre - line_h * len(lines) // 2
        return [(line, pygame.Rect(left, top + i * line_h, ui.font(NOTE_PX).size(line)[0], line_h))
                for i, line in enumerate(lines)]

    def view_note(self) -> str:
        """A short note beside the position when the views cannot differ (the game's ``replay_note``: every row of
        LAMA Dice is open, so every hand open and each seat's view show the same), else ""."""
        plugin = plugins().get(self.past.record.game_id)
        return t(plugin.replay_note) if plugin is not None and plugin.replay_note else ""

    def view_label(self) -> str:
        if self.view is None:
            return t("replay.view_open")
        return t("replay.seat", name=self.past.seats[self.view].name)

    # the table ------------------------------------------------------------------------------------------------
    def _table_at(self, pos: int, view=...):
        """A table of ``view`` (default: the view shown) opened on the position after ``pos`` moves (frozen;
        omniscient in the open view), settled: its opening animations and events shown at once."""
        past = self.past
        record = GameRecord(past.record.game_id, past.record.players, past.record.variants, past.record.seed,
                            dict(past.record.options), list(past.record.moves[:pos]))
        if view is ...:
            view = self.view
        seat = self.home if view is None else view
        seats = [SeatConfig(s.name, "human" if i == seat else "bot", s.level) for i, s in enumerate(past.seats)]
        config = GameConfig(record.game_id, seats, tuple(record.variants),
                            int(record.options.get("first_dealer", record.options.get("first_player", 0)) or 0),
                            record.seed)
        saved = SavedGame(record, self._state_at(pos), {"seats": [s.to_dict() for s in seats], "replay": True},
                          replayed=True)
        proxy = _ReplayApp(self.app, lambda: self.canvas_size(self.app.menu_ui, self.app.size))
        table = open_table(proxy, config=config, saved=saved)
        table.log_shown = False  # the viewer shows the whole history beside the table: one history, not two
        table.session.omniscient = view is None
        table.session.played_by = list(past.seats)  # the plates say who played: a person, or a bot of a level
        proxy.stack.push(table)
        proxy.stack.apply_pending()
        _settle(table)
        speak = getattr(table, "_speak_to_viewer", None)
        if speak is not None:  # a finished game's table closed itself on its way to the results: it still reads
            speak()
        return table

    # the history ----------------------------------------------------------------------------------------------
    def _build_of_view(self) -> "HistoryBuild":
        build = self._builds.get(self.view)
        if build is None:
            build = self._builds[self.view] = HistoryBuild(self, self.view)
        return build

    @property
    def history_pending(self) -> bool:
        """The shown view's history is still being read (the panel shows the lines read so far)."""
        build = self._builds.get(self.view)
        return build is None or not build.done

    def _state_at(self, pos: int):
        """The game's position after ``pos`` moves: replayed from the nearest kept position before it (one every
        ``KEEP_EVERY`` moves, kept as the viewer and its history readers pass them), never from the start again."""
        kept = self._positions
        base = max((p for p in kept if p <= pos), default=0)
        state = kept[base].clone() if base in kept else self.past.record.new_state()
        moves = self.past.record.moves
        for index in range(base, pos):
            state.step(moves[index])
            if (index + 1) % KEEP_EVERY == 0 and index + 1 not in kept:
                kept[index + 1] = state.clone()
        return state

    def history_of_view(self) -> list:
        """The whole game's history as this view's table writes it (its ``LogLine``s, oldest first): every move fed
        through a hidden table from the first position, read at once (the viewer itself reads it a few moves a
        frame: ``update``); the shown table then holds it up to its position."""
        build = self._build_of_view()
        build.finish()
        if build.failed is not None:
            raise build.failed
        self._sync_history()
        return build.lines

    def _read_history(self, budget: float) -> None:
        """Read the shown view's history on for about ``budget`` seconds (at least one step), then give the shown
        table the lines read so far. A view switched away from waits where it is: it never writes into this one."""
        build = self._build_of_view()
        if build.done:
            return
        try:
            build.advance(budget)
        except Exception as error:  # noqa: BLE001 - a game a table cannot follow: said, never a crash
            self._cannot_show(error)
            return
        finally:
            if self.table is not None:
                self.table._speak_to_viewer()  # the hidden table spoke to the reader while it read
        self._sync_history()

    def _sync_history(self) -> None:
        """The shown table's history from its view's build: all of it cut at the position once read, else the lines
        read so far (up to the position) and a line saying the rest is being read."""
        table, build = self.table, self._builds.get(self.view)
        if table is None or build is None:
            return
        if build.done:
            if self._synced is not None:
                self._synced = None
                table.log.replace(build.lines_before(self.pos))
            table.log.pending = None
            return
        key = (build, build.table is None, min(build.fed, self.pos), self.pos, id(table))  # new lines to show
        if self._synced == key:
            return
        self._synced = key
        table.log.replace(build.lines_before(self.pos))
        table.log.pending = _reading if build.table is None or build.fed < self.pos else None

    def _open_table(self) -> None:
        if self.table is not None:
            self.table.close()
        self.table = None
        past = self.past
        try:
            build = self._build_of_view()
            table = self._table_at(self.pos)
            if build.done:
                table.log.replace(build.lines_before(self.pos))
        except Exception as error:  # noqa: BLE001 - a position a table cannot show: said, never a crash
            self._cannot_show(error)
            return
        own_status = table._status_text
        names = past.names

        def status() -> str:  # a replay says whose move comes next, never that a bot "thinks"
            cur = table.session.current_player
            own = own_status()
            if table.session.is_over or not 0 <= cur < len(names):
                return own
            text = t("replay.to_move", name=names[cur])
            return (text, *own[1:]) if isinstance(own, tuple) else text

        table._status_text = status
        self.table = table
        self._fresh = True  # its first picture is drawn next frame: opening a table and drawing it are a frame each
        self._synced = None if build.done else ()
        self._sync_history()

    def _cannot_show(self, error: Exception) -> None:
        """A position (or a move of the history) a table cannot show: the viewer closes with a message saying why."""
        log.error("the replay's table cannot show move %s", self.pos, exc_info=error)
        if self.table is not None:
            self.table.close()
        self.table = None
        self.playing = False
        self._close_builds()
        if self.stack is not None and self.stack.top is self:  # the viewer closes; the message says why
            self.stack.pop()
            self.stack.push(MessageScene(t("replay.not_record_title"), t(
                "replay.rules_changed", name=t_game(self.past.record.game_id),
                detail=f"{type(error).__name__}: {error}")))

    def _close_builds(self) -> None:
        for build in self._builds.values():
            build.close()
        self._builds.clear()

    # lifecycle --------------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.go(self.pos)

    def exit(self) -> None:
        if self.table is not None:
            self.table.close()
        self._close_builds()

    def resume(self) -> None:
        self._open_table()
        self.build()

    def resize(self, size) -> None:
        if self.table is not None:
            self.table.resize(self.canvas_size(self.app.menu_ui, size))
        self.build()

    def close(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    # the bar ------------------------------------------------------------------------------------------------
    def bar_rect(self, ui, size) -> pygame.Rect:
        w, h = size
        bar = pygame.Rect(0, 0, min(w - ui.s(40), ui.s(1500)), ui.s(74))
        bar.midbottom = (w // 2, h - ui.s(10))
        return bar

    def history_rect(self, ui, size) -> pygame.Rect:
        w, h = size
        width = max(ui.s(300), min(ui.s(440), w // 4))
        if self.wide_history:  # its corner icon (or F2) widens it (the table gives it room)
            width = min(w - ui.s(40), max(ui.s(620), w * 2 // 5))
        return pygame.Rect(w - width - ui.s(12), ui.s(12), width, self.bar_rect(ui, size).top - ui.s(24))

    def build(self) -> None:
        if self.app is None:
            return
        self.group.clear()
        ui = self.app.menu_ui
        bar = self.bar_rect(ui, self.app.size)
        h = bar.h - ui.s(16)
        y = bar.y + ui.s(8)
        x = bar.x + ui.s(10)
        items = [
            ("round_back", t("replay.round_back"), lambda: self.jump_round(-1), "↑", self.pos > 0),
            ("back", t("replay.move_back"), lambda: self.step(-1), "←", self.pos > 0),
            ("play", t("replay.pause") if self.playing else t("replay.play"), self.toggle_play, "Space", True),
            ("forward", t("replay.move_on"), lambda: self.step(1), "→", self.pos < self.total),
            ("round_on", t("replay.round_on"), lambda: self.jump_round(1), "↓", self.pos < self.total),
            ("speed", t("replay.speed", speed=f"{1 / SPEEDS[self.speed]:g}"), lambda: self.change_speed(
                1 if self.speed < len(SPEEDS) - 1 else -(len(SPEEDS) - 1)), "+/-", True),
            ("view", self.view_label(), self.next_view, "Tab", True),
            ("export", t("replay.export"), self.export, "E", True),
            ("close", t("replay.close"), self.close, "Esc", True),
        ]
        font = ui.font(20)
        widths = [font.size(text)[0] + ui.s(30) for _n, text, _f, _k, _e in items]
        room = bar.w - ui.s(20) - ui.s(8) * (len(items) - 1)
        scale = min(1.0, room / max(1, sum(widths)))
        used = sum(int(wd * scale) for wd in widths) + ui.s(8) * (len(items) - 1)
        x = bar.centerx - used // 2
        for (name, text, action, _hint, enabled), width in zip(items, widths, strict=False):
            rect = pygame.Rect(x, y, int(width * scale), h)
            self.group.add(Button(text, action, rect=rect, name=name, size=20, enabled=enabled,
                                  style="primary" if name == "play" else "secondary"))
            x = rect.right + ui.s(8)
        self.group.start_on_default()  # the frame's focus rule: the first Enter plays (or pauses)

    def export(self) -> None:
        storage = self.app.storage
        folder = storage.export_dir
        path = folder / export_name(self.past)
        counter = 2
        while path.exists():
            path = folder / f"{export_name(self.past)[:-5]}-{counter}.json"
            counter += 1
        try:
            storage.write_file("export", path, self.past.to_dict())
        except OSError as error:
            log.error("cannot export the game: %s", error)
            self.stack.push(MessageScene(t("replay.export_title"), t("replay.export_failed", path=str(path))))
            return
        self.stack.push(MessageScene(t("replay.export_title"), t("replay.exported", path=str(path)), icon="success"))

    # frame --------------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if self.show_history and self._history_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            actions = {
                pygame.K_LEFT: lambda: self.step(-1), pygame.K_RIGHT: lambda: self.step(1),
                pygame.K_UP: lambda: self.jump_round(-1), pygame.K_DOWN: lambda: self.jump_round(1),
                pygame.K_HOME: lambda: self.step(-self.total), pygame.K_END: lambda: self.step(self.total),
                pygame.K_SPACE: self.toggle_play, pygame.K_TAB: self.next_view, pygame.K_e: self.export,
                pygame.K_PLUS: lambda: self.change_speed(1), pygame.K_EQUALS: lambda: self.change_speed(1),
                pygame.K_KP_PLUS: lambda: self.change_speed(1), pygame.K_MINUS: lambda: self.change_speed(-1),
                pygame.K_KP_MINUS: lambda: self.change_speed(-1), pygame.K_h: self._toggle_history,
                pygame.K_F2: self._widen_history, pygame.K_ESCAPE: self.close,
            }
            action = actions.get(key)
            if action is not None:
                action()
                return True
        self.group.handle_event(event)
        return True  # the table below is read-only: nothing reaches it

    def _history_event(self, event) -> bool:
        """The history beside the table is the table's own: its panel's scrolling (wheel over it, a drag, Page Up /
        Page Down) on the viewer's rect; its corner icon widens it; a click on a round's heading (pressed and
        released there, not a drag) jumps to that round."""
        table = self.table
        if table is None or getattr(table, "history", None) is None or self.app is None:
            return False
        ui = self.app.menu_ui
        rect = self.history_rect(ui, self.app.size)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if expand_icon_rect(ui, rect).collidepoint(event.pos):
                self._widen_history()
                return True
            row = table.log.row_at(rect, event.pos, expanded=True)
            self._heading_press = (row[3], tuple(event.pos)) if row is not None and row[2] == "round" else None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._heading_press is not None:
            round_no, start = self._heading_press
            self._heading_press = None
            row = table.log.row_at(rect, event.pos, expanded=True)
            moved = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1])
            table.history.scroll_event(event, rect, ui)  # the drag it started ends
            if row is not None and row[2] == "round" and row[3] == round_no and moved <= ui.s(6):
                self.go_round(round_no)
            return True
        return table.history.scroll_event(event, rect, ui)

    def _toggle_history(self) -> None:
        self.show_history = not self.show_history

    def _widen_history(self) -> None:
        self.wide_history = not self.wide_history

    def update(self, dt: float) -> None:
        if self.history_pending and self.table is not None:
            self._read_history(self.READ_BUDGET)
        if self.table is not None:
            try:
                self.table.update(dt)
            except Exception:  # noqa: BLE001 - a table that cannot animate this position still draws it
                log.exception("replay table update")
            speak = getattr(self.table, "_speak_to_viewer", None)
            if speak is not None and not i18n.reader_is(self.table):  # a finished game's table closed itself
                speak()
        if self.playing:
            self.clock += dt
            if self.clock >= SPEEDS[self.speed]:
                self.clock = 0.0
                self.go(self.pos + 1)

    def draw(self, surface) -> None:
        ui = self.app.menu_ui
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        if self.table is not None:
            self._draw_table(surface, ui)
        if self.show_history:
            self._draw_history(surface, ui)
        bar = self.bar_rect(ui, surface.get_size())
        draw_panel(surface, bar.inflate(ui.s(8), ui.s(8)), ui)
        self.group.draw(surface, ui)
        label = ui.text(t("replay.position", move=self.pos, moves=self.total, round=self.round_at(self.pos),
                          rounds=self.rounds), 20, CREAM, bold=True)
        box = label.get_rect(midbottom=(bar.centerx, bar.top - ui.s(8)))
        pygame.draw.rect(surface, (20, 44, 40), box.inflate(ui.s(20), ui.s(10)), border_radius=ui.s(10))
        surface.blit(label, box)
        for line, rect in self.view_note_lines(ui, surface.get_size()):
            surface.blit(ui.text(line, NOTE_PX, (196, 226, 214)), rect)

    def table_room(self, ui, size) -> pygame.Rect:
        """The room for the table: left of the history (the whole width when it is hidden), above the position."""
        right = self.history_rect(ui, size).left - ui.s(10) if self.show_history else size[0] - ui.s(12)
        top = ui.s(12)  # level with the history's top
        return pygame.Rect(ui.s(12), top, right - ui.s(12), self.bar_rect(ui, size).top - ui.s(40) - top)

    def canvas_size(self, ui, size) -> tuple[int, int]:
        """The size the table is laid out and drawn at before it is scaled into its room: the room's own shape (the
        table fills the room, no band of felt above and below it), as tall as the window, and never smaller than
        the smallest window a table is made for (``window.MIN_SIZE``)."""
        room = self.table_room(ui, size)
        aspect = max(0.5, min(3.0, room.w / max(1, room.h)))
        w, h = round(max(size[1], MIN_SIZE[1]) * aspect), max(size[1], MIN_SIZE[1])
        if w < MIN_SIZE[0]:
            w, h = MIN_SIZE[0], round(MIN_SIZE[0] / aspect)
        return w, h

    def table_rect(self, ui, size) -> pygame.Rect:
        """Where the table is drawn: its canvas (``canvas_size``) scaled down into the room, aspect kept."""
        room = self.table_room(ui, size)
        w, h = self.canvas_size(ui, size)
        scale = min(room.w / w, room.h / h, 1.0)
        rect = pygame.Rect(0, 0, round(w * scale), round(h * scale))
        rect.center = room.center
        return rect

    def _draw_table(self, surface, ui) -> None:
        rect = self.table_rect(ui, surface.get_size())
        size = self.canvas_size(ui, surface.get_size())
        scaled = getattr(self, "_scaled", None)
        if self._fresh:  # a table opened this frame: the picture before it (if any) stays one more frame
            self._fresh = False
            if scaled is not None and scaled[1].get_size() == rect.size:
                surface.blit(scaled[1], rect)
            return
        if self._canvas is not None and self._canvas.get_size() != size:
            self.table.resize(size)  # the history widened or hidden: the table is laid out for its new room
        # the table is drawn and scaled down again only when what it shows may have changed (another move, another
        # seat's view, a new size or language, or something still moving on it): a still replay costs one blit
        tween = getattr(self.table, "tween", None)
        moving = bool(getattr(tween, "busy", False)) or bool(getattr(self.table, "toasts", None))
        key = (id(self.table), self.pos, self.view, getattr(self.table, "viewer", None), size, rect.size, language(),
               bool(self.app.settings.colorblind))
        scaled = getattr(self, "_scaled", None)
        if moving or scaled is None or scaled[0] != key:
            if self._canvas is None or self._canvas.get_size() != size:
                self._canvas = pygame.Surface(size)
            try:
                self.table.draw(self._canvas)
            except Exception:  # noqa: BLE001 - a position the table cannot draw: the viewer stays usable
                log.exception("replay table draw")
                return
            scaled = self._scaled = (key, pygame.transform.smoothscale(self._canvas, rect.size))
        surface.blit(scaled[1], rect)
        pygame.draw.rect(surface, (226, 200, 140), rect.inflate(ui.s(4), ui.s(4)), width=max(1, ui.s(2)),
                         border_radius=ui.s(4))

    # history ------------------------------------------------------------------------------------------------
    def history_lines(self) -> list[str]:
        """The history's lines at this position, as the viewer's reader reads them (oldest first)."""
        if self.table is None:
            return []
        return [str(entry.text) for entry in self.table.log.visible()]

    def _draw_history(self, surface, ui) -> None:
        if self.table is None:
            return
        rect = self.history_rect(ui, surface.get_size())
        self.table.log.draw(surface, rect, ui, t("replay.history"), expanded=True)


class HistoryBuild:
    """One view's history of the whole game, read a move at a time: a hidden table of that view (``_table_at(0,
    view)``) is fed the recorded moves one by one (``GameSession.feed``, each settled at once), so its ``LogPanel``
    writes exactly the lines a table of that view writes, in any language and to any reader (lazy texts).
    ``advance(budget)`` reads on for about ``budget`` seconds (at least one step) and returns, so the window keeps
    drawing and answering input; ``finish()`` reads the rest at once. ``fed``: the moves read so far (every line of
    the moves before ``fed`` is written); ``lines``: the whole history (``LogLine``s) once done."""

    def __init__(self, scene: ReplayScene, view: int | None):
        self.scene, self.view = scene, view
        self.moves = list(scene.past.record.moves)
        self.table = None
        self.fed = 0
        self.lines: list | None = None
        self.failed: Exception | None = None

    @property
    def done(self) -> bool:
        return self.lines is not None or self.failed is not None

    def step(self) -> None:
        """One piece of the work: open the hidden table, feed it one move, or take its whole history."""
        if self.done:
            return
        try:
            if self.table is None:
                self.table = self.scene._table_at(0, self.view)
            elif self.fed < len(self.moves):
                self.table.session.feed(self.moves[self.fed])
                _settle(self.table)
                self.fed += 1
                if self.fed % KEEP_EVERY == 0:
                    self.scene._positions.setdefault(self.fed, self.table.session.state.clone())
            else:
                self.lines = list(self.table.log.entries)
                self.close()
        except Exception as error:
            self.failed = error
            self.close()
            raise

    def advance(self, budget: float) -> None:
        deadline = time.perf_counter() + budget
        self.step()
        while not self.done and time.perf_counter() < deadline:
            self.step()

    def finish(self) -> None:
        while not self.done:
            try:
                self.step()
            except Exception:  # noqa: BLE001 - kept in ``failed`` for the caller
                log.debug("the history stops where a move failed", exc_info=True)
                return

    def lines_before(self, moves: int) -> list:
        """The lines read so far of the moves before ``moves`` (and of the game's opening), oldest first: what a
        table of this view opened after ``moves`` moves holds (``LogPanel.cut_at_move``)."""
        entries = self.lines if self.lines is not None else self.table.log.entries if self.table is not None else []
        upto = min(moves, self.fed)
        return [e for e in entries if e.move < upto]

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None


def _reading() -> str:
    """The history's last line while the lines of the position are still being read."""
    return t("replay.reading")


def _settle(table, rounds: int = 400) -> None:
    """Show everything the table has queued at once: animations finished, events handled, summaries closed (the
    replay's stack closes them), until the table is idle (bounded: a table that never settles is drawn as it is)."""
    for _ in range(rounds):
        skip = getattr(table, "skip_animations", None) or table.tween.skip
        skip()
        table.update(0.05)
        if table.idle:
            skip()
            return


__all__ = ["ReplayScene", "SPEEDS", "INK"]
