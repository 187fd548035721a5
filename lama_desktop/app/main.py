"""The application object and its frame loop.

``App`` owns the window, the clock, the settings, the strings, the storage, the sounds, the fonts (``app.ui`` for
the tables, ``app.menu_ui`` for the menu screens, each of which shrinks below it only if it would not fit) and
the scene stack. The loop never blocks: bots think on worker threads owned by the game session, and the loop keeps
ticking, animating and drawing. Windows are resizable from 1280×720 to 3840×2160; F11 (or Alt+Enter) toggles
fullscreen; the UI scale setting multiplies the size-derived scale of every scene.

``run_app(smoke_test=False, storage=None, size=None)`` is the entry point (``python -m lama_desktop``).
``--smoke-test`` plays title → setup → a complete 4-bot L.A.M.A. game through the real table scenes at the
fastest pace → results, and returns 0 (1 on a failure or a time-out).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import threading
import time
import warnings
from typing import Callable

import pygame

from lama_desktop.storage import KINDS, Report, SaveDamaged, Storage
from lama_desktop.core.store import JOINED
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, GameResults
from lama_desktop.core.i18n import t, t_game
from lama_desktop.app.scene import SceneStack
from lama_desktop.app.widgets import UI
from lama_desktop.app.window import MAX_SIZE, MIN_SIZE, clamp_size, fit_to_desktop
from lama_desktop.app import art
from lama_desktop.app import gc_pacing
from lama_desktop.app.scenes.continue_list import ContinueScene, rejoin
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.app.scenes.results import ResultsScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.app.smoke import SmokeDriver
from lama_desktop.app.table.net_table import continue_hosted, open_network_table
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.app.tables import has_table, open_lesson, open_table, playable_games
from lama_desktop.bots import levels_for
from lama_desktop.engine.registry import games
from lama_desktop.pastgames import NotAGameRecord, check_replay, read_past_game

log = logging.getLogger("lama_desktop.app")

FPS = 60
FADE_SECONDS = 0.16


def process_uptime() -> float | None:
    """Seconds since this process started (Linux: from /proc), or None where the platform does not say."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as handle:
            uptime = float(handle.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Sounds:
    """The app's sound board: ``art.Sounds`` when it is there; silent otherwise (never an error).

    The sounds are loaded by ``load()``, which the app calls once the first frame is on screen (start-up time).
    """

    def __init__(self, volume: float, muted: bool):
        self._board = None
        self._loaded = False
        self.volume, self.muted = volume, muted

    def load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        try:
            self._board = art.Sounds(self.volume, self.muted)
        except Exception as error:  # no audio device, or the art package not ready
            log.info("sounds off: %s", error, exc_info=True)

    def set(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted
        if self._board is not None:
            try:
                self._board.volume = volume
                if hasattr(self._board, "set_muted"):
                    self._board.set_muted(muted)  # also silences what is playing now
                else:
                    self._board.muted = muted
            except Exception as error:
                log.info("cannot change the sound settings: %s", error, exc_info=True)

    def play(self, name: str) -> None:
        if not self._loaded:
            self.load()
        if self._board is None or self.muted:
            return
        try:
            self._board.play(name)
        except Exception:  # a sound that will not play never stops the game
            log.debug("cannot play the sound %s", name, exc_info=True)


class App:
    def __init__(self, storage: Storage | None = None, size: tuple[int, int] | None = None, *,
                 smoke_test: bool = False, timing: bool = False, real_paths: bool = False):
        self.storage = storage if storage is not None else Storage()
        #: the game's files are the player's (a real run, or the smoke test in a --profile folder): saves are
        #: replaced and statistics recorded; the plain smoke test leaves its throw-away folder alone
        self.writes_files = not smoke_test or real_paths
        self.log_path = self.storage.setup_logging()
        self.storage.remove_stale_temp_files()  # left behind if an earlier run was killed while saving
        self.smoke_test = smoke_test
        self.load_settings()
        self.strings = i18n  # app.strings.t(key, **fmt), app.strings.language(); scenes import t directly
        self.timing = timing
        pygame.display.init()
        pygame.font.init()
        self.windowed_size = clamp_size(size) if size else fit_to_desktop(self.settings.window_size,
                                                                          self._desktop_size())
        self.fullscreen = bool(self.settings.fullscreen) and size is None and not smoke_test
        self.screen = self._open_window()
        self._limit_text_width()
        pygame.display.set_caption(t("common.app.title"))
        self._set_icon()
        pygame.key.set_repeat(380, 45)
        self.ui = UI(self.screen.get_size(), self.settings.ui_scale)
        # the menu screens: each lays out at this scale, or smaller where it would not fit (MenuScene._fitted_ui)
        self.menu_ui = UI(self.screen.get_size(), self.settings.ui_scale)
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = False
        self.exit_code = 0
        self.frame = 0
        self.first_frame_seconds: float | None = None
        self.frame_hooks: list[Callable[["App"], None]] = []
        self.startup_messages: list[tuple[str, str]] = []
        #: cross-fade between screens (off for the smoke test; the screenshot tool turns it off too)
        self.transitions = not smoke_test
        #: import engines, bots and tables on a worker thread once the title is up (tools turn it off)
        self.warm_up = True
        self._gc_settle = False  # set when the long-lived objects are loaded (``gc_pacing.settle``)
        self._save_settings_at: float | None = None
        self._fade: list | None = None

    # window --------------------------------------------------------------------------------------------------------
    @staticmethod
    def _desktop_size() -> tuple[int, int] | None:
        try:
            return tuple(pygame.display.get_desktop_sizes()[0])
        except (pygame.error, IndexError, AttributeError):
            return None

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                desktop = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                desktop = self.windowed_size
            screen = pygame.display.set_mode(clamp_size(desktop), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():  # the display-module window is what we draw on; fine here
                    warnings.simplefilter("ignore", DeprecationWarning)
                    window = pygame.Window.from_display_module()
                window.minimum_size = MIN_SIZE
                window.maximum_size = MAX_SIZE
            except (AttributeError, pygame.error):
                pass
        return screen

    def _set_icon(self) -> None:
        try:
            pygame.display.set_icon(art.app_icon(64))
        except Exception as error:
            log.info("no app icon: %s", error, exc_info=True)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.fullscreen = on
        self.screen = self._open_window()
        # the mode switch sends resize events of its own (the desktop size) that may only arrive after we are
        # back in a window: for a moment, a resize means "the switch", not "the player dragged the window"
        self._switch_settles_at = time.monotonic() + 1.0
        self.settings.fullscreen = on
        self._save_settings()
        self._resized()

    def _limit_text_width(self) -> None:
        """No text surface wider than the window (art.text.MAX_WIDTH: longer texts end with "…")."""
        try:
            art.text.MAX_WIDTH = max(MIN_SIZE[0], self.screen.get_width())
        except Exception as error:  # the art package not there: pygame's own fonts are used
            log.info("no text width limit: %s", error, exc_info=True)

    def _resized(self) -> None:
        self._limit_text_width()
        self.ui = UI(self.screen.get_size(), self.settings.ui_scale)
        # the menu screens: each lays out at this scale, or smaller where it would not fit (MenuScene._fitted_ui)
        self.menu_ui = UI(self.screen.get_size(), self.settings.ui_scale)
        self.stack.resize(self.screen.get_size())

    def _on_resize(self, size) -> None:
        if self.fullscreen:
            return
        if time.monotonic() < getattr(self, "_switch_settles_at", 0.0):
            if self.screen.get_size() != self.windowed_size:  # keep the window size we had before fullscreen
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
                self._resized()
            return
        wanted = clamp_size(size)
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != wanted:
            surface = pygame.display.set_mode(wanted, pygame.RESIZABLE)
        self.screen = surface
        self.windowed_size = wanted
        self.settings.window_size = wanted
        self._save_settings_at = time.monotonic() + 0.6  # a drag sends many resizes: save once it settles
        self._resized()

    # settings ------------------------------------------------------------------------------------------------------
    def load_settings(self) -> None:
        """Read the settings through the file door (a damaged file is moved aside and reported; defaults are used)
        and apply the language. The window size and fullscreen apply when the window opens."""
        self.settings, _damage = self.storage.load_settings()
        if self.smoke_test:
            self.settings.bot_pace = "instant"
            self.settings.animation_speed = max(self.settings.animation_speed, 4.0)
        i18n.set_language(self.settings.language)

    def update_settings(self, **changes) -> None:
        """Change settings, apply them at once and save them."""
        for key, value in changes.items():
            setattr(self.settings, key, value)
        self.settings = self.settings.validated()
        if "language" in changes:
            i18n.set_language(self.settings.language)
            pygame.display.set_caption(t("common.app.title"))
        if "volume" in changes or "muted" in changes:
            self.sounds.set(self.settings.volume, self.settings.muted)
        if "fullscreen" in changes:
            self.set_fullscreen(self.settings.fullscreen)
        self._save_settings()
        if {"language", "ui_scale", "colorblind"} & set(changes):
            self._resized()

    def _save_settings(self) -> None:
        if self.smoke_test:
            return
        try:
            self.storage.save_settings(self.settings)
        except OSError as error:
            log.error("cannot save settings: %s", error)

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    # games ---------------------------------------------------------------------------------------------------------
    def start_game(self, config: GameConfig) -> None:
        """A new game: its own unfinished entry (every other unfinished game stays where it stood)."""
        log.info("new game %s", config.to_dict())
        self.stack.clear_to(open_table(self, config=config))

    def start_lesson(self, game_id: str) -> None:
        """A "Learn to play" lesson (``tables.open_lesson``): the player's saved game stays where it is."""
        log.info("lesson %s", game_id)
        self.stack.clear_to(open_lesson(self, game_id))

    def open_setup(self, game_id: str | None = None) -> None:
        """The setup screen over the title, with ``game_id`` chosen (the lesson's "Play a real game")."""
        self.stack.clear_to(TitleScene())
        self.stack.push(SetupScene(game_id))

    def continue_game(self, key: str | None = None) -> bool:
        """Continue: with one unfinished game (or ``key``), open it; with several, the list to choose from
        (``scenes/continue_list.py``). A damaged save is copied out and reported. True if a game or the list
        opened."""
        if key is None:
            entries = self.storage.unfinished()
            if len(entries) > 1:
                self.stack.push(ContinueScene())
                return True
            if not entries:
                return False
            key = entries[0].key
        entry = next((e for e in self.storage.unfinished() if e.key == key), None)
        if entry is not None and entry.where == JOINED:
            return rejoin(self, entry)
        try:
            saved = self.storage.load_save(key)
        except FileNotFoundError:
            return False
        except SaveDamaged:  # copied out and queued for the player by the storage
            return False
        config_data = saved.meta.get("config")
        if config_data is None:
            self.storage.set_aside_save("the save does not say who sits at the table", key=key)
            return False
        config = GameConfig.from_dict(config_data)  # already checked at the door: cannot fail here
        if isinstance(saved.meta.get("net"), dict):  # a network table this app hosted: host it again, rejoin
            return continue_hosted(self, saved)
        if not has_table(config.game_id):  # a sound save of a game this copy cannot show: keep it untouched
            self.stack.push(MessageScene(t("common.damage.save_title"),
                                         t("common.message.no_table", game=config.game_id)))
            return False
        try:
            scene = open_table(self, config=config, saved=saved)
        except Exception as error:  # whatever a foreign or damaged save does to a table: report, never crash
            log.exception("cannot resume the saved game")
            self.storage.set_aside_save(f"the saved game cannot be resumed ({type(error).__name__}: {error})",
                                        key=key)
            return False
        self.stack.clear_to(scene)
        return True

    def open_network_table(self, client, hosted=None, keeper=None) -> None:
        """Go to the table of a network game joined with ``client`` (``hosted``: the table this app hosts;
        ``keeper``: a joined seat's ``SeatKeeper``, keeping it in the profile)."""
        self.stack.clear_to(open_network_table(self, client, hosted, keeper))

    def show_reports(self) -> None:
        """Show the player every file problem the storage queued (damaged files, failed writes), one message
        each, in the player's language."""
        for report in self.storage.take_reports():
            title, text = report_message(report)
            self.stack.push(MessageScene(title, text))

    def game_over(self, results: GameResults) -> None:
        """Called by a table when its game ends: archived, counted, its save removed (``end_game``), then the
        results screen."""
        self.end_game(results)
        log.info("game over: %s scores %s winners %s", results.config.game_id, results.scores, results.winners)
        self.stack.clear_to(ResultsScene(results))

    def end_game(self, results: GameResults) -> None:
        """A game's end in one transaction (``storage.finish_game``): its past game kept (``results.record``, for
        the replay viewer), its statistics counted and its unfinished entry removed."""
        if not self.writes_files:
            return
        try:
            self.storage.finish_game(results.save_key or None, game_id=results.config.game_id,
                                     seats=results.config.seats, scores=results.scores, winners=results.winners,
                                     advised=results.advised, practice=results.practice, record=results.record)
        except OSError as error:  # reported to the player by the storage
            log.error("cannot record the finished game: %s", error)

    def open_replay(self, past, checked: bool = False) -> bool:
        """Show a past game (``pastgames.PastGame``) in the replay viewer, over the current screen. It is replayed
        through today's engine first (``checked``: that was done): a game the rules no longer replay is refused with
        a message naming the first move that no longer applies. True if the viewer opened."""
        problem = None if checked else check_replay(past)
        if problem is not None:
            log.warning("past game %s cannot be replayed: %s", past.path, problem.detail)
            name = os.path.basename(str(past.path)) if past.path is not None else t_game(past.game_id)
            self.stack.push(MessageScene(t("replay.not_record_title"),
                                         t("replay.rules_changed", name=name, detail=problem.detail)))
            return False
        self.stack.push(ReplayScene(past))
        return True

    def open_record_file(self, path) -> None:
        """A file dropped onto the window: its replay, or a message saying why it is not a game record."""
        try:
            past = read_past_game(path)
        except NotAGameRecord as error:
            log.warning("not a game record: %s (%s)", path, error.detail)
            self.stack.push(MessageScene(t("replay.not_record_title"), not_record_text(error, path)))
            return
        self.open_replay(past, checked=True)

    def to_title(self) -> None:
        self.stack.clear_to(TitleScene())

    # loop ----------------------------------------------------------------------------------------------------------
    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def handle_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit(0)
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_resize(event.size)
            return
        if event.type == pygame.DROPFILE:
            self.open_record_file(event.file)
            return
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F11 or (
                event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return
        self.stack.handle_event(event)

    def step(self, dt: float | None = None, draw: bool = True) -> None:
        """One frame: events, queued scene changes, update, draw, flip (``draw=False``: the frame's logic only, for
        headless tools such as the transcript, which render only the screens they read)."""
        if dt is None:
            dt = self.clock.tick(0 if self.smoke_test else FPS) / 1000.0
        for hook in list(self.frame_hooks):
            hook(self)
        for event in pygame.event.get():
            self.handle_event(event)
        before = self.stack.top
        # the screen still holds the last frame: keep it for a cross-fade if the scene is about to change
        snapshot = self.screen.copy() if self.transitions and self.stack._pending and self.frame else None
        self.stack.apply_pending()
        if not self.stack.scenes:
            self.quit(self.exit_code)
            return
        self.stack.update(min(dt, 0.1))
        self.show_reports()
        self.stack.apply_pending()
        self._maybe_start_fade(before, snapshot)
        if draw:
            self.stack.draw(self.screen)
            self._draw_fade(dt)
            pygame.display.flip()
        self.frame += 1
        if self._save_settings_at is not None and time.monotonic() >= self._save_settings_at:
            self._save_settings_at = None
            self._save_settings()
        if self.frame == 2:
            self.sounds.load()
            if self.warm_up:
                self._start_warm_up()
            else:
                self._gc_settle = True
        if self._gc_settle:  # what the app keeps is loaded: the collector's full passes skip it from now on
            self._gc_settle = False
            gc_pacing.settle()
        if self.first_frame_seconds is None:
            self.first_frame_seconds = process_uptime() if process_uptime() is not None else 0.0
            log.info("first frame %.3f s after process start", self.first_frame_seconds)
            if self.timing:
                print(f"first frame flipped {self.first_frame_seconds:.3f} s after process start", flush=True)

    def _start_warm_up(self) -> None:
        """Import the engines and bots on a worker thread while the title is on screen, so that the first
        "New game" opens at once (imports block on Python's module locks, so the main thread can never see a
        half-imported module)."""
        def warm_up():
            try:
                for spec in games():
                    levels_for(spec.id)

                playable_games()
            except Exception:  # the menus will report any real problem when they import the same modules
                log.exception("warm-up import failed")
            self._gc_settle = True  # on the main thread, between two frames (``step``)

        threading.Thread(target=warm_up, name="warm-up", daemon=True).start()

    def _maybe_start_fade(self, before, snapshot) -> None:
        """A short cross-fade when an opaque scene replaces another (overlays appear at once)."""
        top = self.stack.top
        if snapshot is None or top is None or top is before or not top.opaque:
            return
        if snapshot.get_size() == self.screen.get_size():
            self._fade = [snapshot, FADE_SECONDS]

    def _draw_fade(self, dt: float) -> None:
        if self._fade is None:
            return
        image, left = self._fade
        left -= min(dt, 1 / 30)
        if left <= 0 or image.get_size() != self.screen.get_size():
            self._fade = None
            return
        self._fade[1] = left
        image.set_alpha(round(255 * left / FADE_SECONDS))
        self.screen.blit(image, (0, 0))

    def start(self) -> None:
        """Push the title (and any startup message) without running the loop (tests and tools use this)."""
        self.stack.push(TitleScene())
        for title, text in self.startup_messages:
            self.stack.push(MessageScene(title, text))
        self.startup_messages = []
        self.show_reports()
        self.running = True

    def run(self, max_seconds: float | None = None) -> int:
        if not self.running:
            self.start()
        deadline = time.monotonic() + max_seconds if max_seconds else None
        try:
            while self.running:
                self.step()
                if deadline and time.monotonic() > deadline:
                    log.error("run time limit reached")
                    self.quit(1)
        except Exception:
            log.exception("the game stopped on an unexpected error (the last move is saved)")
            raise
        finally:
            self.shutdown()
        return self.exit_code

    def window_alive(self) -> bool:
        """This app's window is still the display's (no other app of the process closed or replaced it)."""
        return pygame.display.get_init() and pygame.display.get_surface() is self.screen

    def shutdown(self) -> None:
        if self._save_settings_at is not None:
            self._save_settings_at = None
            self._save_settings()
        for scene in reversed(self.stack.scenes):
            closer = getattr(scene, "close", None)
            if callable(closer):
                try:
                    closer()
                except Exception:
                    log.exception("closing %s", scene)
        pygame.display.quit()


def report_message(report: Report) -> tuple[str, str]:
    """(title, text) telling the player, in their language, what became of a file and what was kept."""
    kind = report.kind if report.kind in KINDS else "file"
    name = report.path.name
    if report.problem == "busy":  # another copy of the app holds this profile
        return t("common.damage.busy_title"), t("common.damage.busy", path=str(report.path.parent))
    if report.action == "part_lost":  # the game goes on; the part that could not be read is in the copy
        return t("common.damage.part_title"), t("common.damage.part_history", path=str(report.moved_to or report.path))
    if report.action == "write_failed":
        problem = t(f"common.damage.write.{report.problem}")
        return t("common.damage.not_saved_title"), t(f"common.damage.{kind}_not_written", problem=problem,
                                                      **({"name": name} if kind == "file" else {}))
    if report.action == "cleaned":
        outcome, where = ("kept", report.path) if report.kept else ("copied", report.moved_to)
        return t("common.damage.cleaned_title"), t(f"common.damage.cleaned_{outcome}", name=name, path=str(where))
    problem = t(f"common.damage.problem.{report.problem}")
    if report.reason is not None:  # a position the rules could never reach: the game's reason, in words

        reason = refusal_text(report.reason)
        problem = t("common.damage.problem_because", problem=problem, reason=reason[:1].lower() + reason[1:])
    outcome, where = ("kept", report.path) if report.kept else ("moved", report.moved_to)
    return t(f"common.damage.{kind}_title"), t(f"common.damage.{kind}_{outcome}", problem=problem, path=str(where),
                                               **({"name": name} if kind == "file" else {}))


def not_record_text(error, path) -> str:
    """Why a file is not a game record this version can show, in the player's language."""
    name = os.path.basename(str(path))
    if error.problem == "rules_changed":
        return t("replay.rules_changed", name=name, detail=error.detail)
    if error.problem == "missing":
        return t("replay.missing", name=name)
    return t("replay.not_record", name=name, problem=t(f"common.damage.problem.{error.problem}"))


def run_app(smoke_test: bool = False, storage: Storage | None = None, size=None, timing: bool = False,
            profile=None, replay=None) -> int:
    """Run the game (``replay``: a ``pastgames.PastGame`` shown in the replay viewer at once). ``profile``: a folder
    that holds everything (``Storage(profile=...)``); with ``smoke_test`` it makes the smoke test go through the
    player's real paths in that folder (Continue, statistics, a game's end writing them) instead of a throw-away
    folder."""
    if smoke_test:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound card needed to prove the game runs
    if profile is not None and storage is None:
        storage = Storage(profile=profile)
    if smoke_test and storage is None:
        folder = tempfile.mkdtemp(prefix="lama-smoke-")  # never touches the player's saves
        try:
            return run_app(smoke_test=True, storage=Storage(folder), size=size, timing=timing)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    real_paths = smoke_test and profile is not None
    try:
        app = App(storage, size, smoke_test=smoke_test, timing=timing, real_paths=real_paths)
    except pygame.error as error:
        if not smoke_test or os.environ.get("SDL_VIDEODRIVER") == "dummy":
            print(f"lama-desktop: cannot open a window: {error}", file=sys.stderr)
            return 2
        # no screen here (a CI runner): the smoke test runs the same window on SDL's dummy video driver
        print(f"lama-desktop: no display ({error}); smoke test on the dummy video driver", file=sys.stderr)
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        app = App(storage, size, smoke_test=smoke_test, timing=timing, real_paths=real_paths)
    if smoke_test:
        driver = SmokeDriver(app, real_paths=real_paths)
        app.frame_hooks.append(driver)
        code = app.run(max_seconds=600)
        print(driver.report(), flush=True)
        return code if driver.finished else 1
    if replay is not None:  # lama-desktop --replay FILE: the title, with the game's replay over it
        app.start()
        app.open_replay(replay, checked=True)
    return app.run()
