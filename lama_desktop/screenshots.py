"""``python -m lama_desktop.screenshots DIR [--size WxH ...] [--only NAME] [--lang de]``: every scene to PNG, headless.

Files are ``<scene>-<moment>-<w>x<h>.png`` at 1920×1080 and 1280×720 by default. The list of shots is
``SHOTS``: ``(name, builder, frames)`` where ``builder(app)`` puts the app's scene stack in the wanted state
(``app`` is a real ``App`` on a throw-away storage folder) and ``frames`` is how many frames run before the
picture is taken. Game engineers add their tables' moments with ``add_shot`` from a module imported in
``_load_game_shots``; ``python -m lama_desktop.bench render`` times the same builders.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

from lama_desktop.cli import ArgumentParser, UsageError, run, window_size

SHOTS: list[tuple[str, Callable, int]] = []


def add_shot(name: str, builder: Callable, frames: int = 3) -> None:
    """Register a screenshot: ``name`` is ``<scene>-<moment>``; ``builder(app)`` sets up ``app.stack``."""
    for i, (existing, _b, _f) in enumerate(SHOTS):
        if existing == name:
            SHOTS[i] = (name, builder, frames)
            return
    SHOTS.append((name, builder, frames))


def at_ui_scale(builder: Callable, scale: float) -> Callable:
    """``builder`` with Settings → UI scale set to ``scale`` first (the scaled variants of table shots)."""
    def build(app):
        app.update_settings(ui_scale=scale)
        builder(app)

    return build


# --- the framework's own scenes -----------------------------------------------------------------------------------
def _sample_config(players: int = 4, game_id: str = "lama", variants=()):
    from lama_desktop.app.gameconfig import GameConfig, SeatConfig

    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Felix"]
    seats = [SeatConfig("Anna", "human")] + [SeatConfig(names[i], "bot", "medium") for i in range(1, players)]
    return GameConfig(game_id, seats, tuple(variants), 0, 12345)


def write_sample_save(app, moves: int = 10) -> None:
    """A real autosave of a L.A.M.A. game a few moves in (so that Continue is enabled)."""
    from lama_desktop.engine.record import GameRecord

    config = _sample_config()
    record = GameRecord(config.game_id, config.players, config.variants, config.seed,
                        {"first_dealer": config.first_dealer})
    state = record.new_state()
    for _ in range(moves):
        if state.is_over:
            break
        record.play(state, state.legal_moves()[0])
    app.storage.autosave(record, state, {"config": config.to_dict(), "round_scores": []})


def sample_results():
    from lama_desktop.app.gameconfig import GameResults

    rounds = [[3, 12, 0, 7], [13, 14, 10, 18], [13, 26, 21, 19], [16, 27, 22, 30], [17, 41, 22, 31]]
    return GameResults(_sample_config(), rounds, rounds[-1], [0])


def _title(app):
    from lama_desktop.app.scenes.title import TitleScene

    app.stack.push(TitleScene())


def _lessons(app):
    """The "Learn to play" chooser, the first lesson done (its check mark and "Done")."""
    from lama_desktop.app.scenes.lessons import LessonsScene
    from lama_desktop.tutorial.script import tutorials

    app.update_settings(tutorials_done=list(tutorials())[:1])
    _title(app)
    app.stack.push(LessonsScene())


def _title_continue(app):
    write_sample_save(app)
    _title(app)


def _setup(app):
    from lama_desktop.app.scenes.setup import SetupScene

    _title(app)
    app.stack.push(SetupScene())


def _setup_party(app):
    from lama_desktop.app.scenes.setup import SetupScene

    _title(app)
    scene = SetupScene()
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.select_game("lama-party", rebuild=False)
    scene.set_player_count(6, rebuild=False)
    scene.seats[2].kind = "human"
    scene.variants.add("drama")
    scene.build()


def _settings(app):
    from lama_desktop.app.scenes.settings import SettingsScene

    _title(app)
    app.stack.push(SettingsScene())


def _rules(page: int, book: str = "lama"):
    def build(app):
        from lama_desktop.app.scenes.rules import RulesScene

        _title(app)
        app.stack.push(RulesScene(book, page))
    return build


def _statistics(app):
    from lama_desktop.app.scenes.statistics import StatisticsScene

    store = app.storage
    store.record_result("lama", ["Anna", "Bruno", "Carla", "Dario"], [17, 41, 22, 31], [0])
    store.record_result("lama", ["Anna", "Bruno", "Carla", "Dario"], [44, 12, 25, 30], [1])
    store.record_result("lama", ["Anna", "Bruno", "Elena"], [9, 40, 33], [0])
    store.record_result("lama-party", ["Anna", "Felix"], [20, 45], [0])
    _title(app)
    app.stack.push(StatisticsScene())


def _statistics_empty(app):
    from lama_desktop.app.scenes.statistics import StatisticsScene

    _title(app)
    app.stack.push(StatisticsScene())


def _pause(app):
    from lama_desktop.app.scenes.pause import PauseScene

    _load_game_shots()
    table = next((b for n, b, _f in SHOTS if n == "table-lama-mid-round"), None)
    (table or _title)(app)  # over the table it pauses, when the table's shots are there
    app.stack.apply_pending()
    for _ in range(3):
        app.step(dt=1 / 60)
    app.stack.push(PauseScene("lama"))


def _message(app):
    """A save cut off in the middle: the title's save preview finds it, moves it aside and tells the player."""
    write_sample_save(app)
    raw = app.storage.save_path.read_bytes()
    app.storage.save_path.write_bytes(raw[: len(raw) // 2])
    _title(app)


def _privacy(app):
    from lama_desktop.app.scenes.privacy import PrivacyScene

    _title(app)
    app.stack.push(PrivacyScene("Carla", None))


def _results(app):
    from lama_desktop.app.scenes.results import ResultsScene

    app.stack.push(ResultsScene(sample_results()))


def sample_past_game(game_id: str, seed: int = 12345, players: int = 3):
    """A finished game played by the easiest bots (deterministic), as ``pastgames.PastGame``; the first seat is
    "you" (a human)."""
    from lama_desktop.bots import levels_for, make_bot
    from lama_desktop.engine.record import GameRecord
    from lama_desktop.pastgames import make_past_game

    config = _sample_config(players, game_id)
    record = GameRecord(game_id, players, (), seed, {}, [])
    state = record.new_state()
    bots = [make_bot(game_id, levels_for(game_id)[0], seed + i) for i in range(players)]
    while not state.is_over:
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
    return make_past_game(record, config.seats, state.scores, state.winners(),
                          finished_at=f"2026-11-{10 + seed % 20:02d}T1{seed % 10}:3{seed % 6}:00")


def _past_games(app):
    from lama_desktop.app.scenes.past_games import PastGamesScene
    from lama_desktop.app.scenes.statistics import StatisticsScene

    for n, game_id in enumerate(("lama", "lama-dice", "lama-cadabra", "llama-land", "lama", "lama-dice")):
        past = sample_past_game(game_id, 100 + n, 3 + n % 2)
        past.practice = n == 1  # the list's tags: a game with a move taken back, one with the advisor's help
        past.advised = (0,) if n in (1, 3) else ()
        app.storage.keep_game(past)
    _title(app)
    app.stack.push(StatisticsScene())
    app.stack.push(PastGamesScene())


def _replay(game_id: str, view: int | None = None):
    """The replay viewer two thirds into a sample game: every hand open (its default), or ``view``'s own view."""
    def build(app):
        from lama_desktop.app.scenes.replay import ReplayScene

        past = sample_past_game(game_id)
        _title(app)
        scene = ReplayScene(past, view=view)
        scene.pos = len(past.record.moves) * 2 // 3
        app.stack.push(scene)
        app.stack.apply_pending()
        scene.history_of_view()  # a still picture: the history read at once (the viewer reads it over frames)
    return build


for _name, _builder, _frames in [
    ("title-menu", _title, 50),
    ("title-continue", _title_continue, 50),
    ("lessons-chooser", _lessons, 3),
    ("setup-default", _setup, 3),
    ("setup-party-6", _setup_party, 3),
    ("settings-menu", _settings, 3),
    ("rules-lama-first", _rules(0), 3),
    ("rules-lama-scoring", _rules(5), 3),
    ("rules-controls", _rules(0, "controls"), 3),
    ("statistics-table", _statistics, 3),
    ("statistics-empty", _statistics_empty, 3),
    ("pause-overlay", _pause, 3),
    ("message-damaged-save", _message, 3),
    ("privacy-pass", _privacy, 3),
    ("results-final", _results, 40),
    ("past-games", _past_games, 3),
    ("replay-lama", _replay("lama"), 40),
    ("replay-lama-dice", _replay("lama-dice"), 40),
    ("replay-lama-cadabra", _replay("lama-cadabra"), 40),
    ("replay-llama-land", _replay("llama-land"), 40),
    ("replay-lama-seat", _replay("lama", view=1), 40),
]:
    add_shot(_name, _builder, _frames)


def _load_game_shots() -> None:
    """Every game's screenshot moments (its descriptor's ``shots`` loader imports the module, which calls
    ``add_shot``), then the frame's own. They are part of the package: a broken one is an error, never a silently
    missing shot."""
    from lama_desktop.games import GAMES

    for plugin in GAMES.values():
        plugin.shots()
    from lama_desktop.app.table import advisor_shots, history_shots, tooltip_shots, tutorial_shots  # noqa: F401


# --- running -----------------------------------------------------------------------------------------------------
LANGUAGE = "en"


def make_app(size, base_dir: str | None = None):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from lama_desktop.app.main import App
    from lama_desktop.storage import Storage

    app = App(Storage(base_dir or tempfile.mkdtemp(prefix="lama-shots-")), size)
    app.transitions = False  # pictures of the scenes themselves, not of a cross-fade
    app.warm_up = False  # no background imports competing with the frames the render bench times
    if LANGUAGE != app.settings.language:
        app.update_settings(language=LANGUAGE)
    return app


def stage(app, builder, frames: int) -> None:
    """Empty the stack, run ``builder``, then ``frames`` frames at a fixed 1/60 s step."""
    import pygame

    while app.stack.scenes:
        app.stack._pop_now()
    builder(app)
    app.stack.apply_pending()
    pygame.event.clear()
    for _ in range(max(1, frames)):
        app.step(dt=1 / 60)


def render_all(out_dir: Path, sizes, only: str | None = None) -> list[Path]:
    import pygame

    _load_game_shots()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        for name, builder, frames in SHOTS:
            if only and only not in name:
                continue
            app = make_app(size)  # a fresh app (and storage) per shot: no state leaks between pictures
            app.running = True
            try:
                stage(app, builder, frames)
                path = out_dir / f"{name}-{size[0]}x{size[1]}.png"
                pygame.image.save(app.screen, str(path))
                written.append(path)
                print(path, flush=True)
            except Exception as error:  # report and go on: one broken scene must not hide the others
                print(f"FAILED {name} at {size[0]}x{size[1]}: {type(error).__name__}: {error}", file=sys.stderr)
            finally:
                app.shutdown()
    return written


PROG = "python -m lama_desktop.screenshots"


def output_folder(text: str) -> Path:
    """The pictures' folder: made if missing; a file, a folder that cannot be made or written is a usage error."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"{text!r:.80} is a file, not a folder") from None
    except OSError as error:
        raise UsageError(f"cannot make the folder {text!r:.80} ({error.strerror or error})") from None
    if not folder.is_dir():
        raise UsageError(f"{text!r:.80} is not a folder")
    try:
        probe = tempfile.NamedTemporaryFile(dir=folder, prefix=".write-test-", delete=True)
        probe.close()
    except OSError as error:
        raise UsageError(f"cannot write into {text!r:.80} ({error.strerror or error})") from None
    return folder


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from lama_desktop.app.i18n import LANGUAGES

    parser = ArgumentParser(prog=PROG, description=__doc__.split("\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--size", action="append", default=None, type=window_size,
                        help="WxH (repeatable); default 1920x1080 and 1280x720")
    parser.add_argument("--only", default=None, help="only shots whose name contains this text")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, metavar="LANG",
                        help=f"language of the pictures: {', '.join(LANGUAGES)}")
    args = parser.parse_args(argv)
    global LANGUAGE
    LANGUAGE = args.lang
    sizes = args.size or [(1920, 1080), (1280, 720)]
    _load_game_shots()
    chosen = [s for s in SHOTS if not args.only or args.only in s[0]]
    if not chosen:
        raise UsageError(f"no shot matches {args.only!r:.40} (e.g. {', '.join(n for n, _b, _f in SHOTS[:4])})")
    out_dir = output_folder(args.out_dir)
    expected = len(sizes) * len(chosen)
    written = render_all(out_dir, sizes, args.only)
    if len(written) < expected:
        print(f"screenshots: {expected - len(written)} of {expected} pictures failed (see above)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
