"""Every command-line tool answers a bad argument with one clear line on stderr and exit status 2, never a
traceback; an empty selection is an error (issue 17). In-process (``main(argv)``) for speed; one real process
checks the whole path, ``python -m`` included."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lama_desktop import __main__ as app_main
from lama_desktop import arena, bench, screenshots
from lama_desktop.cli import ArgumentParser, UsageError, int_in, run
from lama_desktop.games import GAMES
from registry_games import sample_game

#: the game the tools are asked about (any game does: the errors are the tools')
GAME = sample_game()
SPEC = GAMES[GAME].spec


def status_and_stderr(capsys, main, argv):
    try:
        code = run(main, argv, prog="tool")
    except SystemExit as exit_:
        code = exit_.code
    captured = capsys.readouterr()
    return code, captured.err


def assert_one_line_usage_error(capsys, main, argv, *words):
    code, err = status_and_stderr(capsys, main, argv)
    assert code == 2, f"{argv}: exit {code}, stderr {err!r}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"{argv}: {err!r}"
    assert "error" in lines[0] and "Traceback" not in err
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.mark.parametrize("argv, word", [
    (["engine", "chess"], "unknown game 'chess'"),
    (["engine", GAME, "--players", "0"], "--players"),
    (["engine", GAME, "--players", "9"], f"{SPEC.min_players} to {SPEC.max_players} players"),
    (["engine", GAME, "--players", "-2"], "--players"),
    (["engine", GAME, "--variant", "bogus"], "bogus"),
    (["engine", GAME, "--seconds", "nan"], "--seconds"),
    (["engine", GAME, "--seconds", "abc"], "not a number"),
    (["bot", GAME, "--level", "godlike"], "godlike"),
    (["bot", GAME], "--level"),
    (["bot", GAME, "--level", "easy", "--moves", "0"], "--moves"),
    (["render", "--size", "abc"], "--size"),
    (["render", "--size", "10x10"], "out of range"),
    (["render", "--frames", "-1"], "--frames"),
    (["render", "--only", "no-such-scene"], "no scene matches"),
    (["memory", "chess"], "unknown game"),
    (["memory", GAME, "--games", "10", "--warmup", "20"], "--warmup"),
    (["memory", GAME, "--games", "0"], "--games"),
    (["warp"], "invalid choice"),
    ([], "required"),
])
def test_bench_bad_arguments(capsys, argv, word):
    assert_one_line_usage_error(capsys, bench.main, argv, word)


@pytest.mark.parametrize("argv, word", [
    ([GAME, "--players", "hard,random", "--games", "0", "--seed", "1"], "--games"),
    ([GAME, "--players", "hard,random", "--games", "-5", "--seed", "1"], "--games"),
    ([GAME, "--players", "hard,godlike", "--games", "5", "--seed", "1"], "godlike"),
    ([GAME, "--players", "hard", "--games", "5", "--seed", "1"], "not 1"),
    (["chess", "--players", "hard,random", "--games", "5", "--seed", "1"], "unknown game"),
    ([GAME, "--players", "hard,random", "--games", "5", "--seed", "x"], "--seed"),
    ([GAME, "--players", "hard,random", "--games", "5", "--seed", "1", "--jobs", "0"], "--jobs"),
    ([GAME, "--players", "hard,random", "--games", "5", "--seed", "1", "--variant", "nope"], "nope"),
])
def test_arena_bad_arguments(capsys, argv, word):
    assert_one_line_usage_error(capsys, arena.main, argv, word)


def test_screenshots_bad_arguments(capsys, tmp_path):
    a_file = tmp_path / "a-file.png"
    a_file.write_text("x")
    assert_one_line_usage_error(capsys, screenshots.main, [str(a_file)], "is a file")
    assert_one_line_usage_error(capsys, screenshots.main, [str(a_file / "inside")], "cannot make the folder")
    assert_one_line_usage_error(capsys, screenshots.main, [str(tmp_path / "out"), "--size", "abc"], "--size")
    assert_one_line_usage_error(capsys, screenshots.main, [str(tmp_path / "out"), "--only", "zzzz"],
                                "no shot matches")
    assert_one_line_usage_error(capsys, screenshots.main, [str(tmp_path / "out"), "--lang", "xx"], "--lang")
    assert not (tmp_path / "out").exists()  # nothing made for a refused call


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into read-only folders")
def test_screenshots_into_a_read_only_folder(capsys, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert_one_line_usage_error(capsys, screenshots.main, [str(folder)], "cannot write")
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("argv, word", [
    (["--bogus"], "unrecognized"),
    (["--profile"], "--profile"),
    (["--smoke-test", "extra"], "unrecognized"),
])
def test_the_apps_own_flags(capsys, argv, word):
    assert_one_line_usage_error(capsys, app_main.main, argv, word)


def test_the_app_refuses_a_profile_that_is_a_file(capsys, tmp_path):
    a_file = tmp_path / "profile"
    a_file.write_text("x")
    assert_one_line_usage_error(capsys, app_main.main, ["--profile", str(a_file)], "is a file")


def test_the_app_ignores_the_macos_process_serial_number(capsys):
    assert app_main.main(["-psn_0_12345", "--version"]) == 0
    assert "lama-desktop" in capsys.readouterr().out


def test_the_shared_parser_for_other_tools(capsys):
    """``transcript`` and ``advise`` use the same helper: one line, exit 2."""
    def main(argv):
        parser = ArgumentParser(prog="transcript")
        parser.add_argument("--games", type=int_in(1, 10))
        args = parser.parse_args(argv)
        if args.games == 7:
            raise UsageError("seven is not allowed")
        return 0

    assert_one_line_usage_error(capsys, main, ["--games", "11"], "transcript", "between 1 and 10")
    assert_one_line_usage_error(capsys, main, ["--games", "7"], "seven")
    assert run(main, ["--games", "3"]) == 0


def test_a_real_process_prints_one_line_and_exits_2():
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    for module, argv in (("lama_desktop.bench", ["engine", "chess"]),
                         ("lama_desktop.arena", [GAME, "--players", "a,b", "--games", "0", "--seed", "1"])):
        done = subprocess.run([sys.executable, "-m", module, *argv], capture_output=True, text=True, env=env,
                              timeout=120)
        assert done.returncode == 2, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_bench_memory_reports_rss_growth(capsys):
    assert bench.main(["memory", GAME, "--games", "4", "--warmup", "2", "--json"]) == 0
    import json

    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 4 and "rss_growth_mib" in result


@pytest.mark.parametrize("shot", ["table-lama-start", "table-dice-rolled", "table-cadabra-round-summary"])
def test_bench_render_and_screenshots_never_let_a_bot_move(shot):
    """``bench render`` was flaky (a bot moved before the Cadabra shot's set-up): however long the frames take, the
    staged tables keep their position (their sessions' clocks are pushed a thousand seconds on every frame)."""
    from lama_desktop.core.session import GameSession

    screenshots._load_game_shots()
    builder, count = next((b, f) for name, b, f in screenshots.SHOTS if name == shot)
    app = screenshots.make_app((1280, 720))
    app.running = True
    try:
        screenshots.stage(app, builder, count)
        sessions = [s.session for s in app.stack.scenes if isinstance(getattr(s, "session", None), GameSession)]
        assert any(session.bot_to_move for session in sessions)  # a bot would move here if it could
        before = [session.moves_played for session in sessions]
        for session in sessions:
            later = iter(range(1, 10 ** 6))
            session._clock = lambda later=later: 1000.0 * next(later)
        for _ in range(20):
            app.step(dt=1 / 60)
            for session in sessions:
                session.wait_for_bot(30)
        assert [session.moves_played for session in sessions] == before
    finally:
        app.shutdown()


def _table_shots() -> list[str]:
    screenshots._load_game_shots()
    return [name for name, _b, _f in screenshots.SHOTS if name.startswith("table-")]


@pytest.mark.parametrize("shot", _table_shots())
def test_a_table_shot_sets_up_its_position_however_slow_the_frames(shot, monkeypatch):
    """``table-dice-rolled`` and ``table-cadabra-round-summary`` failed now and then with IllegalMove in their
    set-up at 1920x1080: a bot was to move, the builder's first frames took longer than the bot's pace (the pace was
    frozen before the table's ``enter`` put the settings' pace back), the bot moved, and the builder's own move no
    longer fitted the position. Here every frame lasts a thousand seconds and every bot answers at once, from the
    first frame of the set-up on: no bot moves while a builder stages its moment, and every builder succeeds."""
    from lama_desktop.core.session import GameSession

    poll = GameSession.poll

    def slow_poll(session, busy=False):
        later = getattr(session, "_slow_clock", None)
        if later is None:
            later = session._slow_clock = iter(range(1, 10 ** 9))
            session._clock = lambda: 1000.0 * next(later)
        session.wait_for_bot(60)  # the bot has chosen before the frame ends
        return poll(session, busy)

    monkeypatch.setattr(GameSession, "poll", slow_poll)
    played = []
    apply = GameSession._apply

    def counted(session, seat, move, by_bot):
        if by_bot:
            played.append((seat, str(move)))
        return apply(session, seat, move, by_bot)

    monkeypatch.setattr(GameSession, "_apply", counted)
    builder, count = next((b, f) for name, b, f in screenshots.SHOTS if name == shot)
    app = screenshots.make_app((1920, 1080))
    app.running = True
    try:
        screenshots.stage(app, builder, count)
    finally:
        app.shutdown()
    assert played == [], f"a bot moved while {shot} was staged: {played}"


# --- issue 24: every argument checked before any work, every file through the door --------------------------------
def _sound_state_file(tmp_path):
    from lama_desktop.engine.registry import new_game
    import json

    path = tmp_path / "state.json"
    path.write_text(json.dumps(new_game(GAME, 3, seed=4).to_dict()))
    return path


def _bad_invocations(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    a_file = tmp_path / "not-a-folder.txt"
    a_file.write_text("x")
    state = _sound_state_file(tmp_path)
    cases = [
        ("lama_desktop.advise", [str(deep), "--seat", "0"], "nested"),
        ("lama_desktop.advise", [str(state), "--seat", "0", "--lang", "xx"], "xx"),
        ("lama_desktop.layoutcheck", ["--lang", "xx"], "xx"),
        ("lama_desktop.layoutcheck", ["--save", str(a_file)], "not a folder"),
        ("lama_desktop.catalogs", ["init", "xx_invalid!"], "language code"),
        ("lama_desktop.catalogs", ["nosuch"], "nosuch"),
        ("lama_desktop.catalogs", ["check", "zz"], "zz"),
        ("lama_desktop", ["--profile", ""], "--profile"),
    ]
    yaml_dir = tmp_path / "tables"
    yaml_dir.mkdir()
    (yaml_dir / "common.yaml").write_text("[" * 100_000)
    cases += [
        ("lama_desktop.catalogs", ["import-yaml", "fr", str(yaml_dir)], "nested"),
        ("lama_desktop.screenshots", [""], "empty path"),  # it made 248 pictures in the current folder
    ]
    if os.path.exists("/dev/zero"):
        cases.append(("lama_desktop.advise", ["/dev/zero", "--seat", "0"], "device"))
    return cases


def test_every_bad_invocation_is_one_line_and_status_2_within_10_seconds(tmp_path):
    import time

    from lama_desktop.catalog_places import source_locale_dir

    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for module, argv, word in _bad_invocations(tmp_path):
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", module, *argv], capture_output=True, text=True, env=env,
                              timeout=60, cwd=tmp_path)
        took = time.monotonic() - started
        lines = done.stderr.strip().splitlines()
        assert done.returncode == 2, (module, argv, done.returncode, done.stderr)
        assert len(lines) == 1 and "Traceback" not in done.stderr, (module, argv, done.stderr)
        assert word in lines[0], (module, argv, lines[0])
        assert took < 10, (module, argv, took)
        assert not done.stdout.strip(), (module, argv, done.stdout[:200])
    assert not (source_locale_dir() / "xx_invalid!").exists()  # nothing was written
    assert not (tmp_path / "settings.json").exists()  # the empty profile did not become the current folder
    assert not list(tmp_path.glob("*.png"))  # nor the empty screenshots folder


def test_advise_reads_through_the_door_in_process(tmp_path, capsys):
    from lama_desktop import advise

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert advise.main([str(deep), "--seat", "0"]) == 2
    assert "nested" in capsys.readouterr().err
    fifo = tmp_path / "fifo"
    if hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
        assert advise.main([str(fifo), "--seat", "0"]) == 2
        assert "FIFO" in capsys.readouterr().err


def test_catalogs_refuse_bad_languages_before_any_work(capsys):
    from lama_desktop import catalogs

    assert_one_line_usage_error(capsys, catalogs.main, ["init", "xx_invalid!"], "language code")
    assert_one_line_usage_error(capsys, catalogs.main, ["init", "qq"], "CLDR")
    assert_one_line_usage_error(capsys, catalogs.main, ["check", "zz"], "zz", "init")
    assert_one_line_usage_error(capsys, catalogs.main, ["update", "zz"], "zz")
    assert_one_line_usage_error(capsys, catalogs.main, ["nosuch"], "nosuch")


def _yaml_folders(tmp_path):
    """Folders of old YAML string tables, each wrong in one way the door refuses: ``(folder, word of the error)``."""
    cases = []

    def table(name, text=None, make=None):
        folder = tmp_path / name
        folder.mkdir()
        if make is not None:
            make(folder / "common.yaml")
        elif text is not None:
            (folder / "common.yaml").write_text(text)
        cases.append((folder, name))
        return folder

    table("deep", "[" * 100_000)
    table("big", "a: b\n" * 400_000)
    table("alias", "a: &x [1, 2]\nb: [*x, *x, *x]\n")
    table("not-yaml", "a: [b\n c: }\n")
    table("a-list", "- a\n- b\n")
    table("no-table")
    if hasattr(os, "mkfifo"):
        table("fifo", make=os.mkfifo)
    if os.path.exists("/dev/zero"):
        table("device", make=lambda path: path.symlink_to("/dev/zero"))
    words = {"deep": "nested", "big": "bytes", "alias": "alias", "not-yaml": "not valid YAML",
             "a-list": "must be an object", "no-table": "no string table", "fifo": "FIFO", "device": "symbolic link"}
    return [(folder, words[name]) for folder, name in cases]


def test_catalogs_import_yaml_reads_every_table_through_the_door_before_any_work(tmp_path, capsys):
    """``catalogs import-yaml LANG DIR`` reads ``DIR/<domain>.yaml`` through the file door (regular files only, at
    most 1 MiB, nesting at most 48 deep on the parser's events, no aliases): each bad table, a file given as the
    folder and a folder that is not there are one line and exit 2, and no catalog is written."""
    import time

    from lama_desktop import catalog_places, catalogs

    before = {p: p.read_bytes() for p in catalog_places.source_locale_dir().glob("fr/LC_MESSAGES/*.po")}
    a_file = tmp_path / "a-file.yaml"
    a_file.write_text("a: b\n")
    cases = _yaml_folders(tmp_path) + [(a_file, "not a folder"), (tmp_path / "nowhere", "no folder")]
    for folder, word in cases:
        started = time.monotonic()
        assert_one_line_usage_error(capsys, catalogs.main, ["import-yaml", "fr", str(folder)], "import-yaml", word)
        assert time.monotonic() - started < 10, folder
    assert_one_line_usage_error(capsys, catalogs.main, ["import-yaml", "zz", str(tmp_path / "deep")], "zz")
    assert {p: p.read_bytes() for p in catalog_places.source_locale_dir().glob("fr/LC_MESSAGES/*.po")} == before


def test_catalogs_import_yaml_still_fills_a_catalog_from_a_sound_table(tmp_path):
    """The door lets a real old table through: its texts fill the untranslated entries (plural groups as forms)."""
    import shutil

    from babel.messages.pofile import read_po

    from lama_desktop import catalog_places, catalogs

    source = catalog_places.source_locale_dir()
    folder = tmp_path / "locale"
    for part in ("common.pot", "en/LC_MESSAGES/common.po", "de/LC_MESSAGES/common.po"):
        (folder / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source / part, folder / part)
    po = folder / "de" / "LC_MESSAGES" / "common.po"
    with open(po, "rb") as handle:
        catalog = read_po(handle, locale="de", domain="common")
    single = next(m for m in catalog if m.context and isinstance(m.id, str) and m.string)
    counted = next(m for m in catalog if m.context and isinstance(m.id, (tuple, list)) and all(m.string))
    tables = tmp_path / "strings"
    tables.mkdir()
    import yaml

    data: dict = {}
    for key, value in ((single.context, "Aus der alten Tabelle"),
                       (counted.context, {"one": "eine alte", "other": "{n} alte"})):
        *parents, last = key.split(".")[1:]  # the table's file is the domain
        node = data
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    (tables / "common.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    assert catalogs.import_yaml("de", tables, folder, overwrite=True) == [po]
    with open(po, "rb") as handle:
        after = {m.context: m.string for m in read_po(handle, locale="de", domain="common") if m.context}
    assert after[single.context] == "Aus der alten Tabelle"
    assert tuple(after[counted.context]) == ("eine alte", "{n} alte")


def test_load_position_reads_through_the_door(tmp_path):
    """``engine.registry.load_position`` (lessons, bug reports, tests) refuses what the door refuses with one
    ``StateFormatError`` — a file nested 100,000 deep, a folder, a device, a FIFO — and keeps the engine's own
    ``ImpossibleState`` for a position the rules could never reach."""
    import json

    from lama_desktop.engine.core import ImpossibleState, StateFormatError
    from lama_desktop.engine.registry import load_position, new_game

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    odd = [(deep, "nested"), (tmp_path, "folder"), (tmp_path / "nowhere.json", "no such file")]
    if os.path.exists("/dev/zero"):
        odd.append((Path("/dev/zero"), "device"))
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        odd.append((tmp_path / "fifo", "FIFO"))
    for path, word in odd:
        with pytest.raises(StateFormatError) as refused:
            load_position(path)
        assert word in str(refused.value) and not isinstance(refused.value, ImpossibleState), (path, refused.value)
    data = new_game(GAME, 3, seed=4).to_dict()
    data["returner"] = 99
    impossible = tmp_path / "impossible.json"
    impossible.write_text(json.dumps(data))
    with pytest.raises(ImpossibleState):
        load_position(impossible)
    data["returner"] = -1
    (tmp_path / "sound.json").write_text(json.dumps(data))
    assert load_position(tmp_path / "sound.json").game_id == GAME


def test_advise_refuses_a_save_the_rules_could_never_reach(tmp_path, capsys):
    """The advisor reads an autosave as the app loads it (checked): a L.A.M.A. save whose ``returner`` is 99 is one
    line and exit 2 with the game's reason, and so is the same state given as a position; the sound one is advised."""
    import json

    from lama_desktop import advise
    from lama_desktop.core.gameconfig import GameConfig, SeatConfig
    from lama_desktop.engine.record import GameRecord
    from lama_desktop.storage import Storage

    store = Storage(tmp_path / "profile")
    config = GameConfig(GAME, [SeatConfig(n, "human" if i == 0 else "bot", "easy")
                                 for i, n in enumerate(("Anna", "Bruno", "Carla"))], (), 0, 4242)
    record = GameRecord(GAME, 3, (), config.seed, {})
    state = record.new_state()
    store.autosave(record, state, {"config": config.to_dict()})
    doc = json.loads(store.database().read("SELECT save FROM unfinished")[0][0])
    sound = tmp_path / "sound-autosave.json"  # the save document as an older version's autosave.json held it
    sound.write_text(json.dumps(doc))
    seat = state.current_player
    bad = dict(doc, state=dict(doc["state"], returner=99))
    for name, data in (("autosave.json", bad), ("state.json", bad["state"])):
        path = tmp_path / name
        path.write_text(json.dumps(data))
        assert advise.main([str(path), "--seat", str(seat)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "an impossible state" in err[0] and "(99)" in err[0], err
    assert advise.main([str(sound), "--seat", str(seat), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"]


def test_an_empty_path_is_refused_by_every_tool_before_any_work(tmp_path, capsys, monkeypatch):
    """``""`` as a folder or file is the current folder: ``screenshots ""`` wrote its 248 pictures there and
    ``serve --profile ""`` kept its save there. Every path argument refuses it (one line, exit 2), and a file given
    where ``catalogs compile`` wants a folder is refused too; nothing is written."""
    from lama_desktop import advise, catalogs, layoutcheck, lessonshots

    monkeypatch.chdir(tmp_path)
    a_file = tmp_path / "a-file.txt"
    a_file.write_text("x")
    calls = [
        (screenshots.main, [""]),
        (lessonshots.main, [""]),
        (layoutcheck.main, ["--save", ""]),
        (catalogs.main, ["compile", ""]),
        (catalogs.main, ["import-yaml", "fr", ""]),
        (advise.main, ["", "--seat", "0"]),
        (app_main.main, ["--replay", ""]),
        (app_main.main, ["--profile", " "]),
        (app_main.main, ["serve", "--game", GAME, "--seats", "remote,easy", "--port", "0", "--profile", ""]),
    ]
    for main, argv in calls:
        assert_one_line_usage_error(capsys, main, argv, "empty path" if "--profile" not in argv[:1] else "--profile")
    assert_one_line_usage_error(capsys, catalogs.main, ["compile", str(a_file)], "not a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file.txt"]
