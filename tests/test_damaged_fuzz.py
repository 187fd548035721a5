"""Fuzz: hundreds of damaged variants of every file the app reads — settings, the save, the statistics — each
through the player's real paths in one headless app (issue 17).

Variants (seeded, the same every run): truncations, random bytes, flipped bytes, the wrong type at every key
(``null``, booleans, numbers, ``1e400``, ``NaN``, 5,001-digit integers, text, ``NUL``, a lone surrogate, 10,000
characters, lists, objects, deep nesting), the whole document replaced, odd file kinds (a folder, a FIFO, symbolic
links) and files that cannot be read or moved. For each one:

- no exception escapes the title screen (with its save preview), Continue, New game, the end of a game and the
  statistics screen;
- the original bytes survive: in place, or moved aside as ``<name>.damaged-<time>`` (a sound file may of course
  be replaced afterwards by the app's own writes: New game replaces a sound save, a game's end rewrites sound
  statistics);
- a file that was not used as it is (moved aside, or kept untouched because it could not be moved) was told to
  the player in a message.
"""

import json
import os
import random
from pathlib import Path

import pygame
import pytest

from lama_desktop import filedoor
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.engine.record import GameRecord
from lama_desktop.settings import UI_SCALES, Settings
from lama_desktop.storage import Storage
from store_docs import save_document
from registry_games import one_per_table, sample_game

SEED = 17
PER_KIND = 320  # damaged variants of each file kind (the issue asks for at least 300)
RAW = "__raw_json__"


# --- the sound documents -------------------------------------------------------------------------------------------
def sound_config() -> GameConfig:
    return GameConfig(sample_game(), [SeatConfig("Anna", "human"), SeatConfig("Bruno", "bot", "easy"),
                               SeatConfig("Carla", "bot", "easy")], (), 1, 77)


def sound_settings() -> dict:
    last = sound_config().to_dict()
    last.pop("seed")
    return Settings(language="en", ui_scale=1.15, animation_speed=2.0, bot_pace="fast", volume=0.4,
                    window_size=(1400, 800), player_name="Anna", last_setup=last).to_dict()


def sound_save(tmp: Path) -> dict:
    store = Storage(tmp)
    config = sound_config()
    record = GameRecord(sample_game(), 3, (), config.seed, {"first_dealer": 1})
    state = record.new_state()
    for _ in range(9):
        record.play(state, state.legal_moves()[0])
    store.autosave(record, state, {"config": config.to_dict(), "seats": [s.to_dict() for s in config.seats],
                                   "score_history": [], "stats_recorded": False})
    doc = json.loads(save_document(store))
    store.close()
    return doc


def sound_stats() -> dict:
    return {"stats_version": 1, "games": {
        sample_game(): {"Anna": {"games": 3, "wins": 1, "points": 40}, "Bruno": {"games": 2, "wins": 2, "points": 9}},
        one_per_table()[1]: {"Carla": {"games": 1, "wins": 0, "points": 12}}}}


# --- damage ------------------------------------------------------------------------------------------------------
REPLACEMENTS = [
    ("null", None), ("true", True), ("false", False), ("minus", -1), ("zero", 0), ("huge", 10 ** 30),
    ("half", 0.5), ("text", "x"), ("empty", ""), ("list", [1, 2, 3]), ("object", {"a": 1}), ("nul", "A\x00b"),
    ("surrogate", "\ud800"), ("zwj", "\u200d\u200d"), ("long", "N" * 10_000), ("list-of-text", ["x"]),
    ("inf", RAW + "1e400"), ("minus-inf", RAW + "-1e400"), ("nan", RAW + "NaN"), ("digits", RAW + "7" * 5001),
    ("deep", RAW + "[" * 3000 + "]" * 3000), ("deep-objects", RAW + '{"a":' * 500 + "1" + "}" * 500),
]


def paths_of(doc, prefix=()):
    """Every key path in ``doc`` (lists: their first three items)."""
    out = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.append(prefix + (key,))
            out.extend(paths_of(value, prefix + (key,)))
    elif isinstance(doc, list):
        for index, value in enumerate(doc[:3]):
            out.append(prefix + (index,))
            out.extend(paths_of(value, prefix + (index,)))
    return out


def replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


RAW_TEXTS = {name: value[len(RAW):] for name, value in REPLACEMENTS if isinstance(value, str) and
             value.startswith(RAW)}


def dumps(doc) -> bytes:
    text = json.dumps(doc, ensure_ascii=True)
    for raw in RAW_TEXTS.values():  # values JSON cannot hold as Python values, spliced in as raw text
        text = text.replace(json.dumps(RAW + raw), raw)
    return text.encode()


class Variant:
    def __init__(self, name, content=None, kind="file", env=None):
        self.name, self.content, self.kind, self.env = name, content, kind, env

    def __repr__(self):
        return self.name


def variants(doc, count: int, seed: int) -> list[Variant]:
    """``count`` damaged variants of ``doc`` (seeded)."""
    rng = random.Random(seed)
    good = dumps(doc)
    out = [
        Variant("empty", b""), Variant("spaces", b" \n\t "), Variant("bom-only", b"\xef\xbb\xbf"),
        Variant("array", b"[1, 2, 3]"), Variant("number", b"42"), Variant("string", b'"hello"'),
        Variant("null", b"null"), Variant("nested-deep", b"[" * 100_000 + b"]" * 100_000),
        Variant("objects-deep", b'{"a":' * 2_000 + b"1" + b"}" * 2_000), Variant("not-utf8", b"\xff\xfe" + good),
        Variant("png", b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(64))),
        Variant("huge", good[:-1] + b', "pad": "' + b"x" * (filedoor.MAX_BYTES + 10) + b'"}'),
        Variant("folder", kind="folder"), Variant("fifo", kind="fifo"), Variant("symlink", kind="symlink"),
        Variant("symlink-loop", kind="symlink-loop"), Variant("symlink-dangling", kind="symlink-dangling"),
        Variant("unreadable", good, env="unreadable"), Variant("unmovable-garbage", b"{garbage", env="unmovable"),
        Variant("unreadable-unmovable", good, env="unreadable+unmovable"),
    ]
    for cut in sorted(rng.sample(range(1, len(good)), 25)):
        out.append(Variant(f"truncated-at-{cut}", good[:cut]))
    for i in range(10):
        out.append(Variant(f"random-bytes-{i}", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))))
    for i in range(20):
        data = bytearray(good)
        for _ in range(rng.randrange(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out.append(Variant(f"flipped-{i}", bytes(data)))
    paths = paths_of(doc)
    combos = [(path, name, value) for path in paths for name, value in REPLACEMENTS]
    rng.shuffle(combos)
    for path, name, value in combos[: max(0, count - len(out))]:
        where = ".".join(map(str, path))
        out.append(Variant(f"{where}={name}", dumps(replaced(doc, path, value))))
    assert len(out) >= min(count, 300)
    return out


# --- running one variant through the real paths -------------------------------------------------------------------
class Refusing:
    """``os`` as the file door sees it, with opening and/or renaming refused inside one folder (a folder that
    cannot be read or written, whoever runs the tests: root reads every folder)."""

    def __init__(self, folder: Path, read: bool, move: bool):
        self._folder, self._read, self._move = str(folder), read, move

    def _inside(self, path) -> bool:
        return str(path).startswith(self._folder)

    def open(self, path, flags, *args, **kwargs):
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if self._inside(path) and (self._move if writing else self._read):
            raise PermissionError(13, "Permission denied", str(path))
        return os.open(path, flags, *args, **kwargs)

    def rename(self, src, dst, *args, **kwargs):
        if self._move and self._inside(src):
            raise PermissionError(13, "Permission denied", str(src))
        return os.rename(src, dst, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(os, name)


def plant(path: Path, variant: Variant, good: bytes) -> bytes | None:
    """Put the variant at ``path``; the bytes that must survive (None for odd file kinds without bytes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if variant.kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_bytes(good)
        return None
    if variant.kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
        return None
    if variant.kind == "symlink":
        target = path.with_name("elsewhere.json")
        target.write_bytes(good)
        path.symlink_to(target)
        return None
    if variant.kind == "symlink-loop":
        path.symlink_to(path)
        return None
    if variant.kind == "symlink-dangling":
        path.symlink_to(path.with_name("nowhere.json"))
        return None
    path.write_bytes(variant.content)
    return variant.content


def survives(path: Path, content: bytes | None, variant: Variant) -> bool:
    """The planted thing is still there: in place, moved aside, or (an old file the database imported) in the
    ``imported-<time>/`` folder beside it (bytes equal; odd kinds by their kind)."""
    candidates = [path, *path.parent.glob(path.name + ".damaged-*"), *path.parent.glob("imported-*/" + path.name)]
    for candidate in candidates:
        if not os.path.lexists(candidate):
            continue
        if content is not None:
            if candidate.is_file() and not candidate.is_symlink() and candidate.read_bytes() == content:
                return True
        elif variant.kind == "folder" and candidate.is_dir() and not candidate.is_symlink():
            return (candidate / "inside.txt").is_file()
        elif variant.kind == "fifo" and candidate.is_fifo():
            return True
        elif variant.kind.startswith("symlink") and candidate.is_symlink():
            return True
    return False


def imported(path: Path, content: bytes | None) -> bool:
    """A sound old file the database took in whole, moved into ``imported-<time>/`` beside where it was."""
    return content is not None and any(p.read_bytes() == content for p in path.parent.glob("imported-*/" + path.name))


def untouched(path: Path, content: bytes | None) -> bool:
    return content is not None and path.is_file() and not path.is_symlink() and path.read_bytes() == content


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = App(Storage(tmp_path_factory.mktemp("boot")), (1280, 720))
    application.warm_up = False
    application.transitions = False
    application.settings.bot_pace = "instant"
    application.start()
    application.step(dt=1 / 60)
    application.told = []
    push = application.stack.push

    def recording_push(scene):
        if isinstance(scene, MessageScene):
            application.told.append(scene)
        push(scene)

    application.stack.push = recording_push
    yield application
    application.shutdown()
    i18n.set_language("en")


def frames(app, n=2):
    for _ in range(n):
        app.step(dt=1 / 60)


def fresh(app, folder: Path, monkeypatch, variant: Variant, locked: Path) -> Storage:
    """A new storage for the variant (the app's own is swapped), an empty stack, nothing told yet."""
    while app.stack.scenes:
        app.stack._pop_now()
    app.stack._pending.clear()
    store = Storage(folder)
    app.storage = store
    app.told = []
    if variant.env:
        refusing = Refusing(locked, read="unreadable" in variant.env, move="unmovable" in variant.env)
        monkeypatch.setattr(filedoor, "os", refusing)
    return store


def finish(app, monkeypatch):
    monkeypatch.setattr(filedoor, "os", os)
    for scene in list(app.stack.scenes):
        closer = getattr(scene, "close", None)
        if callable(closer):
            closer()
    while app.stack.scenes:
        app.stack._pop_now()
    app.stack._pending.clear()
    pygame.event.clear()


def assert_kept_and_told(app, store: Storage, path: Path, content, variant: Variant, reports: list):
    assert survives(path, content, variant), f"{variant}: the original is gone"
    used_as_is = (untouched(path, content) or imported(path, content)) and not any(r.path == path for r in reports)
    if not used_as_is:
        texts = " ".join(m.text for m in app.told)
        assert any(r.path == path for r in reports), f"{variant}: set aside without a report"
        assert texts, f"{variant}: the player was not told"
        for report in reports:
            if report.path == path and report.action == "damaged":
                where = str(report.path if report.kept else report.moved_to)
                assert where in texts, f"{variant}: the message does not say where the file is"
                if report.kept:
                    assert os.path.lexists(path), f"{variant}: a file that could not be moved is gone"


def recorded_reports(store: Storage) -> list:
    seen = []
    take = store.take_reports

    def take_and_remember():
        reports = take()
        seen.extend(reports)
        return reports

    store.take_reports = take_and_remember
    return seen


def results() -> GameResults:
    config = sound_config()
    return GameResults(config, [[5, 9, 2]], [5, 9, 2], [2])


# --- the three file kinds ------------------------------------------------------------------------------------------
SETTINGS_VARIANTS = variants(sound_settings(), PER_KIND, SEED)
STATS_VARIANTS = variants(sound_stats(), PER_KIND, SEED + 1)


@pytest.mark.parametrize("variant", SETTINGS_VARIANTS, ids=repr)
def test_damaged_settings(app, tmp_path, monkeypatch, variant):
    store = fresh(app, tmp_path / "home", monkeypatch, variant, tmp_path / "home" / "config")
    reports = recorded_reports(store)
    content = plant(store.settings_path, variant, dumps(sound_settings()))
    try:
        app.load_settings()  # what the app does at start
        app.stack.push(TitleScene())
        app.show_reports()
        frames(app, 2)
        assert app.settings.ui_scale in UI_SCALES and 1280 <= app.settings.window_size[0] <= 3840
        assert app.settings.player_name == "" or app.settings.player_name.isprintable()
        app.stack.push(SetupScene())  # New game: the setup screen offers the remembered table again
        frames(app, 2)
        assert all(seat.name.isprintable() and len(seat.name) <= 24 for seat in app.stack.top.seats)
        assert_kept_and_told(app, store, store.settings_path, content, variant, reports)
    finally:
        finish(app, monkeypatch)


@pytest.mark.parametrize("variant", STATS_VARIANTS, ids=repr)
def test_damaged_statistics(app, tmp_path, monkeypatch, variant):
    store = fresh(app, tmp_path / "home", monkeypatch, variant, tmp_path / "home" / "data")
    reports = recorded_reports(store)
    content = plant(store.stats_path, variant, dumps(sound_stats()))
    try:
        app.stack.push(TitleScene())
        app.stack.push(StatisticsScene())
        frames(app, 2)
        assert_kept_and_told(app, store, store.stats_path, content, variant, reports)
        app.game_over(results())  # the end of a game records the statistics
        frames(app, 2)
        rows = store.statistics()
        assert all(r["name"].isprintable() and len(r["name"]) <= 24 for r in rows)
        if not store.is_kept(store.stats_path) and "unreadable" not in (variant.env or ""):
            assert any(r["name"] == "Carla" and r["wins"] >= 1 for r in rows), f"{variant}: result not recorded"
        assert survives(store.stats_path, content, variant) or untouched_before(content, reports, store)
    finally:
        finish(app, monkeypatch)


def untouched_before(content, reports, store) -> bool:
    """A sound statistics file the game's end rewrote with this game added (by design)."""
    return not any(r.path == store.stats_path and r.action == "damaged" for r in reports)


_SAVE_DOC = None


def save_variants() -> list[Variant]:
    import tempfile

    global _SAVE_DOC
    with tempfile.TemporaryDirectory() as folder:
        _SAVE_DOC = sound_save(Path(folder))
    return variants(_SAVE_DOC, PER_KIND, SEED + 2)


SAVE_VARIANTS = save_variants()


@pytest.mark.parametrize("variant", SAVE_VARIANTS, ids=repr)
def test_damaged_save(app, tmp_path, monkeypatch, variant):
    store = fresh(app, tmp_path / "home", monkeypatch, variant, tmp_path / "home" / "data" / "saves")
    reports = recorded_reports(store)
    content = plant(store.save_path, variant, dumps(_SAVE_DOC))
    try:
        app.stack.push(TitleScene())  # the title's save preview
        frames(app, 1)
        assert survives(store.save_path, content, variant), f"{variant}: lost at the title"
        opened = app.continue_game()  # Continue
        app.show_reports()
        assert survives(store.save_path, content, variant), f"{variant}: lost by Continue"
        assert_kept_and_told(app, store, store.save_path, content, variant, reports)
        if opened:
            frames(app, 2)
            for scene in list(app.stack.scenes):
                if hasattr(scene, "close"):
                    scene.close()
        damaged = any(r.path == store.save_path and r.action == "damaged" for r in reports)
        app.start_game(sound_config())  # New game
        frames(app, 2)
        if damaged:
            assert survives(store.save_path, content, variant), f"{variant}: lost by New game"
        app.game_over(results())  # the end of that game
        frames(app, 1)
        if damaged:
            assert survives(store.save_path, content, variant), f"{variant}: lost at the end of a game"
    finally:
        finish(app, monkeypatch)


def test_every_kind_has_hundreds_of_variants():
    for found in (SETTINGS_VARIANTS, STATS_VARIANTS, SAVE_VARIANTS):
        assert len(found) >= 300
        assert len({v.name for v in found}) == len(found)
