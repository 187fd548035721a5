"""The menus' screenshot moments (title, the Continue list, lessons, setup, settings, rules, statistics, pause,
messages, privacy, results, past games, the replay viewer), registered in ``app/shots.py``'s ``SHOTS`` when this
module is imported (``app/staging.py`` does), and the sample games, saves and results they show.
"""

from __future__ import annotations

from lama_desktop.app.shots import SHOTS, add_shot, first_of_each_table
from lama_desktop.engine.registry import plugins
from lama_desktop.app.scenes.continue_list import ContinueScene
from lama_desktop.app.scenes.lessons import LessonsScene
from lama_desktop.app.scenes.past_games import PastGamesScene
from lama_desktop.app.scenes.pause import PauseScene
from lama_desktop.app.scenes.privacy import PrivacyScene
from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.app.scenes.results import ResultsScene
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.app.scenes.settings import SettingsScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig
from lama_desktop.core.seats import JoinedSeat
from lama_desktop.engine.record import GameRecord
from lama_desktop.pastgames import make_past_game
from lama_desktop.tutorial.script import tutorials


def _first_game() -> str:
    """The first game offered (the menus' sample game)."""
    return next(iter(plugins()))


def _sibling() -> str:
    """The other game played at the first game's table (Party beside L.A.M.A.)."""
    first = plugins()[_first_game()]
    return next(p.id for p in plugins().values() if p.table_group == first.table_group and p is not first)


def _one_per_table() -> list[str]:
    """The first game of every table group, in the order games are offered."""
    return [plugin.id for plugin in first_of_each_table()]


def _sample_config(players: int = 4, game_id: str | None = None, variants=()):
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Felix"]
    seats = [SeatConfig("Anna", "human")] + [SeatConfig(names[i], "bot", "medium") for i in range(1, players)]
    return GameConfig(game_id or _first_game(), seats, tuple(variants), 0, 12345)


def write_sample_save(app, moves: int = 10, config=None, key: str | None = None, **meta) -> None:
    """A real autosave of a L.A.M.A. game a few moves in (so that Continue is enabled)."""
    config = config or _sample_config()
    options = {"first_dealer": config.first_dealer} if config.game_id == _first_game() else {}
    record = GameRecord(config.game_id, config.players, config.variants, config.seed, options)
    state = record.new_state()
    for _ in range(moves):
        if state.is_over:
            break
        record.play(state, state.legal_moves()[0])
    app.storage.autosave(record, state, {"config": config.to_dict(), "round_scores": [], **meta}, key=key)


def sample_results():
    rounds = [[3, 12, 0, 7], [13, 14, 10, 18], [13, 26, 21, 19], [16, 27, 22, 30], [17, 41, 22, 31]]
    return GameResults(_sample_config(), rounds, rounds[-1], [0])


def title_screen(app):
    app.stack.push(TitleScene())


def _lessons(app):
    """The "Learn to play" chooser, the first lesson done (its check mark and "Done")."""
    app.update_settings(tutorials_done=list(tutorials())[:1])
    title_screen(app)
    app.stack.push(LessonsScene())


def _title_continue(app):
    write_sample_save(app)
    title_screen(app)


def _setup(app):
    title_screen(app)
    app.stack.push(SetupScene())


def _setup_party(app):
    title_screen(app)
    scene = SetupScene()
    app.stack.push(scene)
    app.stack.apply_pending()
    party = plugins()[_sibling()]
    scene.select_game(party.id, rebuild=False)
    scene.set_player_count(party.spec.max_players, rebuild=False)
    scene.seats[2].kind = "human"
    scene.variants.add(party.spec.variant_ids[0])
    scene.build()


def _settings(app):
    title_screen(app)
    app.stack.push(SettingsScene())


def _rules(page: int, book: str = ""):
    """The rules book ``book`` (default: the first offered game's) at ``page``."""
    def build(app):
        title_screen(app)
        app.stack.push(RulesScene(book or _first_game(), page))
    return build


def _sample_results(app) -> None:
    """Thirty games of Anna's against bots of every level over a year (she gets better), and one of another game."""
    store, game, other = app.storage, _first_game(), _sibling()
    names = ["Anna", "Bruno", "Carla", "Dario"]
    for n in range(30):
        level = ("easy", "medium", "hard")[n % 3]
        seats = [SeatConfig("Anna", "human")] + [SeatConfig(name, "bot", level) for name in names[1:]]
        won = (n * 7) % 10 < 2 + n // 5
        scores = [9 + n % 7, 40 + n % 3, 22, 31] if won else [41 + n % 4, 12, 25, 30]
        store.finish_game(None, game_id=game, seats=seats, scores=scores, winners=[0] if won else [1],
                          finished_at=f"2026-{1 + n * 11 // 30:02d}-{1 + n % 27:02d}T20:00:00")
    store.record_result(other, ["Anna", "Felix"], [20, 45], [0])


def _statistics(app):
    _sample_results(app)
    title_screen(app)
    app.stack.push(StatisticsScene())


def _statistics_levels(app):
    _statistics(app)
    app.stack.apply_pending()
    app.stack.top._set_view("levels")


def _statistics_empty(app):
    title_screen(app)
    app.stack.push(StatisticsScene())


def _pause(app):
    mid_round = f"{plugins()[_first_game()].table_group}-mid-round"
    table = next((b for n, b, _f in SHOTS if n == mid_round), None)
    (table or title_screen)(app)  # over the table it pauses, when the table's shots are there
    app.stack.apply_pending()
    for _ in range(3):
        app.step(dt=1 / 60)
    app.stack.push(PauseScene(_first_game()))


def _message(app):
    """A save cut off in the middle: Continue finds it, sets its bytes aside and tells the player."""
    write_sample_save(app)
    with app.storage.database().transaction() as conn:
        text = conn.execute("SELECT save FROM unfinished").fetchone()[0]
        conn.execute("UPDATE unfinished SET save = ?", (text[: len(text) // 2],))
    title_screen(app)
    app.continue_game()


def _three_unfinished(app):
    """Three unfinished games: one of this computer, a table this app hosts, a seat joined at another table."""
    write_sample_save(app, 14, key="solo")
    other = _sample_config(3, _one_per_table()[1])
    write_sample_save(app, 9, other, key="hosted", net={"code": "K7QXM"}, hosting={"seat": 0, "port": 47474})
    app.storage.seat_book.remember(JoinedSeat(
        "192.168.1.20", 47474, "B4RN3", "Anna", 2, "token-never-shown", _first_game(), ["Bruno", "Carla", "Anna"],
        {"round": 3, "scores": [12, 7, 21]}, "2026-11-27T21:40:00"))
    title_screen(app)


def _continue_list(app):
    _three_unfinished(app)
    app.stack.push(ContinueScene())


def _privacy(app):
    title_screen(app)
    app.stack.push(PrivacyScene("Carla", None))


def _results(app):
    app.stack.push(ResultsScene(sample_results()))


def sample_past_game(game_id: str, seed: int = 12345, players: int = 3):
    """A finished game played by the easiest bots (deterministic), as ``pastgames.PastGame``; the first seat is
    "you" (a human)."""
    config = _sample_config(players, game_id)
    record = GameRecord(game_id, players, (), seed, {}, [])
    state = record.new_state()
    bots = [make_bot(game_id, levels_for(game_id)[0], seed + i) for i in range(players)]
    while not state.is_over:
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
    return make_past_game(record, config.seats, state.scores, state.winners(),
                          finished_at=f"2026-11-{10 + seed % 20:02d}T1{seed % 10}:3{seed % 6}:00")


def _past_games(app):
    games = _one_per_table()
    for n, game_id in enumerate((games + games)[:6]):
        past = sample_past_game(game_id, 100 + n, 3 + n % 2)
        past.practice = n == 1  # the list's tags: a game with a move taken back, one with the advisor's help
        past.advised = (0,) if n in (1, 3) else ()
        app.storage.keep_game(past)
    title_screen(app)
    app.stack.push(StatisticsScene())
    app.stack.push(PastGamesScene())


def _replay(game_id: str, view: int | None = None):
    """The replay viewer two thirds into a sample game: every hand open (its default), or ``view``'s own view."""
    def build(app):
        past = sample_past_game(game_id)
        title_screen(app)
        scene = ReplayScene(past, view=view)
        scene.pos = len(past.record.moves) * 2 // 3
        app.stack.push(scene)
        app.stack.apply_pending()
        scene.history_of_view()  # a still picture: the history read at once (the viewer reads it over frames)
    return build


for _name, _builder, _frames in [
    ("title-menu", title_screen, 50),
    ("title-continue", _title_continue, 50),
    ("title-unfinished", _three_unfinished, 50),
    ("continue-list", _continue_list, 3),
    ("lessons-chooser", _lessons, 3),
    ("setup-default", _setup, 3),
    ("setup-party-6", _setup_party, 3),
    ("settings-menu", _settings, 3),
    ("rules-lama-first", _rules(0), 3),
    ("rules-lama-scoring", _rules(5), 3),
    ("rules-controls", _rules(0, "controls"), 3),
    ("statistics-table", _statistics, 3),
    ("statistics-levels", _statistics_levels, 3),
    ("statistics-empty", _statistics_empty, 3),
    ("pause-overlay", _pause, 3),
    ("message-damaged-save", _message, 3),
    ("privacy-pass", _privacy, 3),
    ("results-final", _results, 40),
    ("past-games", _past_games, 3),
    *((f"replay-{game_id}", _replay(game_id), 40) for game_id in _one_per_table()),
    (f"replay-{_first_game()}-seat", _replay(_first_game(), view=1), 40),
]:
    add_shot(_name, _builder, _frames)
