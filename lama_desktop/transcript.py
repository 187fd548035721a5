"""What the player reads: a whole game played through the real table scenes, headless, as a transcript.

    python -m lama_desktop.transcript GAME [--variant V,...] --players B0,B1,... --seed S --lang LANG [--json]
                                      [--check] [--games N] [--net]

Seat 0 is the local player: a human seat at the table, whose moves are chosen by a bot of level ``B0`` and go in
through the table's own input path (``table.try_move``, what a click or key calls) from the seat's view; the round
summary is closed with the Enter key, as a player would. Seats 1… are the table's own bots (levels ``B1``…).
The app is the real one (``App``, its scene stack, the table, the summary and results screens) on SDL's dummy
drivers, with the bots at the instant pace and animations a thousand times as fast; a frame's logic runs without
drawing it, and the summary and results screens are drawn once each to read what they say.

Printed (``--json``: one JSON object per line): ``log`` (every line the table's log panel gets, with ``seat``: the
seat the line is about, and ``event``: the kind and seat of the engine event being shown when the line was added,
``null`` for a line of the table's own), ``toast``, ``prompt`` (the status line whenever it changes while seat 0
may act, and every question a message box asks, answered with Enter), ``summary`` (every text the round summary
draws), ``round_end`` (``shown``: the totals the summary shows per seat, ``engine``: the engine's scores when the
round closed), ``game_end`` (``shown``: the results screen's totals, ``engine``: the engine's final scores), then
``{"kind": "done", "lines": N, "games": 1}``. ``--games N`` plays seeds S … S+N-1 one after the other (the
``done`` line then counts them all, and the text form says how many games a second it played).
Every line has ``kind``, ``round`` and ``text``. Without ``--json``: the same as readable text.
``--net``: the game is hosted on loopback (``net/headless``) and seat 0's table is drawn from its network client's
``RemoteSession``; what seat 0 reads is the same as without it (the seconds line aside).

``--check`` also checks what a QA reader checks by eye, and exits 1 on a problem (each one on stderr):
``problems(transcript)`` lists them; ``tests/test_transcript.py`` runs it over hundreds of games. Bad arguments:
one line on stderr, exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field

from lama_desktop.app.tables import has_table, open_table
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.engine.registry import games, get_game, plugins
from lama_desktop.storage import Storage
from lama_desktop.wording import name_lists, word_problems

#: the seat names the transcript gives the players (distinct words in every language, so a line's actor can be
#: read from its text)
NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elif", "Farid")
#: seconds a frame stands for (animations run a thousand times as fast: each is over in a frame or two)
FRAME = 0.1
#: a game that has not reached its results after this many frames is stuck (a question nobody answers...)
MAX_FRAMES = 400_000


def question_line(title, text) -> str:
    """A question the player answers, in one line: its title then its text, joined by ": " unless the title ends
    its own sentence ("Quit this round? You no longer…", never "round?: You")."""
    title = str(title).rstrip()
    return f"{title}{' ' if title.endswith(('?', '!', '.', ':')) else ': '}{text}"


class BadArguments(ValueError):
    """A command line the tool cannot run (the message is one line)."""


@dataclass
class Transcript:
    game: str
    variants: tuple
    levels: tuple
    seed: int
    lang: str
    lines: list = field(default_factory=list)
    #: (raw event, the copy seat 0 was given) for every event the table was handed
    seen: list = field(default_factory=list)
    frames: int = 0
    seconds: float = 0.0
    finished: bool = False

    def emit(self, kind: str, round_no, text: str, **extra) -> dict:
        line = {"kind": kind, "round": round_no, "text": text, **extra}
        self.lines.append(line)
        return line


def parse_args(argv) -> argparse.Namespace:
    parser = _Parser(prog="python -m lama_desktop.transcript",
                     description="Play a game through the real tables, headless, and print what seat 0 reads.")
    parser.add_argument("game")
    parser.add_argument("--variant", default="", help="variants, comma-separated")
    parser.add_argument("--players", required=True, help="bot levels per seat, comma-separated (seat 0 first)")
    parser.add_argument("--seed", required=True, type=int)
    parser.add_argument("--lang", required=True)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--check", action="store_true", help="check the transcript; exit 1 on a problem")
    parser.add_argument("--games", type=int, default=1, help="play seeds S, S+1, ... (default 1 game)")
    parser.add_argument("--net", action="store_true",
                        help="play through a host and a client on loopback (seat 0 reads the same)")
    args = parser.parse_args(argv)
    if args.games < 1:
        raise BadArguments(f"--games must be 1 or more, not {args.games}")
    validate(args.game, _split(args.variant), _split(args.players), args.lang)
    return args


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one clear line, exit 2 (not argparse's usage block)
        raise BadArguments(message)


def _split(text: str) -> tuple:
    return tuple(part.strip() for part in text.split(",") if part.strip())


def validate(game: str, variants, levels, lang: str) -> None:
    """Raise ``BadArguments`` (one line) unless the tool can play this."""
    try:
        spec = get_game(game)
    except (KeyError, ValueError):
        raise BadArguments(f"unknown game {game!r} (games: {', '.join(g.id for g in games())})") from None
    if not has_table(game):
        raise BadArguments(f"{game} has no table")
    try:
        spec.check_options(len(levels), variants)
    except ValueError as error:
        raise BadArguments(f"--players/--variant: {error}") from None
    known = levels_for(game)
    for level in levels:
        if level not in known:
            raise BadArguments(f"unknown bot level {level!r} for {game} (levels: {', '.join(known)})")
    if lang not in i18n.LANGUAGES:
        raise BadArguments(f"unknown language {lang!r} (languages: {', '.join(i18n.LANGUAGES)})")


def _headless() -> None:
    """SDL's dummy drivers and no pygame banner on stdout (set before pygame is first imported)."""
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                       ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(key, value)


# -- playing -----------------------------------------------------------------------------------------------------------
_APP = None


def _app():
    """One headless app per process (games reuse it: a window and fonts are not free), made again when its window is
    gone (another app of the process shut the video system down: a test runner's worker plays many)."""
    global _APP
    if _APP is None or not _APP.window_alive():
        _headless()
        # lazy: the app and pygame, only once SDL's dummy drivers are set (_headless)
        from lama_desktop.app.main import App

        app = App(Storage(tempfile.mkdtemp(prefix="lama-transcript-")), (1280, 720))
        app.settings.bot_pace = "instant"
        app.settings.animation_speed = 1000.0
        app.play_sound = lambda name: None
        app.transitions = False
        app.warm_up = False
        app.smoke_test = True  # statistics and saves stay out of it: no save is written either (the
        for name in ("autosave", "delete_save", "record_result"):  # disk's fsync would be most of the time)
            setattr(app.storage, name, lambda *args, **kwargs: None)
        app.running = True
        _APP = app
    return _APP


def _net_table(app, game: str, variants, levels, seed: int, config):
    """``--net``: the same game hosted on loopback (``net/headless.LoopbackTable``: seat 0 a remote seat, the others
    the host's bots), seat 0's table drawn from its ``RemoteSession``; returns (table, the loopback table)."""
    os.environ["LAMA_NET_LOOPBACK"] = "1"
    # lazy: only --net needs the network host (asyncio, websockets; and it loads every game at once)
    from lama_desktop.net.headless import LoopbackTable

    scene = plugins()[game].table()
    first = getattr(scene, "first_option", None)  # the engine option the game's own table sets from the config
    options = {first: int(config.first_dealer) % config.players} if first else {}
    # the game the home table plays (one person against bots: the options its undo needs, e.g. a turn that waits
    # for its end), so both read the same game line for line
    options = {**get_game(game).undo_options, **options}
    net = LoopbackTable(game, ["remote:none", *levels[1:]], variants=tuple(sorted(variants)), seed=seed,
                        watch=False, options=options).start()
    return scene(net.clients[0].session, config), net


def play(game: str, variants=(), levels=("medium", "medium"), seed: int = 1, lang: str = "en",
         net: bool = False) -> Transcript:
    """Play one game through the real table; return what seat 0 read. ``net``: through a host and a client on
    loopback (what seat 0 reads must be the same)."""
    validate(game, tuple(variants), tuple(levels), lang)
    app = _app()
    i18n.set_language(lang)
    app.settings.language = lang
    seats = [SeatConfig(NAMES[0], "human")] + [SeatConfig(NAMES[i], "bot", level)
                                               for i, level in enumerate(levels[1:], 1)]
    config = GameConfig(game, seats, tuple(sorted(variants)), 0, seed=seed)
    out = Transcript(game, tuple(variants), tuple(levels), seed, lang)
    started = time.perf_counter()
    loop = None
    if net:
        table, loop = _net_table(app, game, variants, levels, seed, config)
    else:
        table = open_table(app, config)  # what App.start_game opens; watched from its first line (the welcome)
    session = table.session
    watcher = _Watcher(out, app, table)
    app.stack.clear_to(table)
    me = make_bot(game, levels[0], seed * 7919 + 17)
    try:
        for frame in range(MAX_FRAMES):
            if session.thinking:
                session.wait_for_bot(60.0)
            app.step(FRAME, draw=False)
            out.frames = frame + 1
            if watcher.look():
                out.finished = True
                break
            if app.stack.top is table and table.idle and table.can_act():
                move = me.choose(session.view(0))
                table.try_move(str(move))
    finally:
        table.close()
        watcher.detach()
        if loop is not None:
            loop.close()
    out.seconds = time.perf_counter() - started
    if not out.finished:
        raise RuntimeError(f"{game} seed {seed}: the game did not reach its results in {MAX_FRAMES} frames")
    return out


class _Watcher:
    """Reads the table, its screens and its log as the game goes, into the transcript."""

    def __init__(self, out: Transcript, app, table):
        self.out, self.app, self.table = out, app, table
        self.session = table.session
        #: the toasts already read, kept alive so that a new toast never reuses a freed one's id
        self.toasts: dict[int, object] = {}
        self.prompt = None
        self.summary = None
        self.message = None
        self.numbers: dict[int, int] = {}
        table.log.on_add = self._log
        real = self.session.events_for

        def events_for(events, seat):
            seen = real(events, seat)
            for pair in zip(events, seen, strict=False):
                self.numbers[id(pair[1])] = len(out.seen)  # the copies stay alive in out.seen: ids stay unique
                out.seen.append(pair)
            return seen

        self.session.events_for = events_for

    def detach(self) -> None:
        self.table.log.on_add = None
        self.session.__dict__.pop("events_for", None)

    def round_no(self):
        """The round the table's history files its lines under now (``LogPanel.round``: the engine's round of the
        move being shown): the transcript's rounds are the history's "Round N" headings."""
        return self.table.log.round or 1

    def _event(self, source) -> dict | None:
        """The engine event a line or toast was shown for (kind, seat, its number in the game), else None."""
        if source is None or not hasattr(source, "private"):
            return None  # none, or one of the table's own
        return {"kind": source.kind, "seat": source.seat, "n": self.numbers.get(id(source))}

    def _log(self, text, seat) -> None:
        key = getattr(text, "key", None)
        self.out.emit("log", self.round_no(), str(text), seat=seat, event=self._event(self.table.log.source),
                      key=key)

    def look(self) -> bool:
        """Note what is new on screen; True once the results are up."""
        table, top = self.table, self.app.stack.top
        for toast in table.toasts:
            if id(toast) not in self.toasts:
                self.toasts[id(toast)] = toast
                self.out.emit("toast", self.round_no(), str(toast.text), seat=toast.seat,
                              event=self._event(toast.source), key=getattr(toast.text, "key", None))
        if top is table and table.can_act():
            status = table._status_text()
            status = status[0] if isinstance(status, tuple) else status
            if status != self.prompt:
                self.prompt = status
                self.out.emit("prompt", self.round_no(), str(status))
        name = getattr(top, "name", "")
        if name == "message" and top is not self.message:  # a question the player answers (quit this round?)
            self.message = top
            self.out.emit("prompt", self.round_no(), question_line(top.title, top.text))
            _press_enter()  # the answer the bot's move meant (Enter takes the first button: go ahead)
        elif "summary" in name and top is not self.summary:
            self.summary = top
            self._summary(top)
            _press_enter()
        elif name.endswith("results"):
            self._results(top)
            return True
        return False

    def _summary(self, scene) -> None:
        texts = _texts_drawn(self.app, scene, self.app.ui)
        round_no = scene.data.get("round", self.round_no())
        self.out.emit("summary", round_no, " | ".join(texts))
        history = self.session.score_history
        engine = list(history[round_no - 1]) if 0 < round_no <= len(history) else None
        self.out.emit("round_end", round_no, texts[0] if texts else "", shown=scene.totals(), engine=engine)

    def _results(self, scene) -> None:
        texts = _texts_drawn(self.app, scene, self.app.menu_ui)
        shown = [int(x) for x in scene.results.scores]
        self.out.emit("game_end", self.round_no(), " | ".join(texts), shown=shown,
                      engine=list(self.session.scores))


def _press_enter() -> None:
    import pygame  # lazy: see _app (called once the app is there)

    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))


def _texts_drawn(app, scene, ui) -> list[str]:
    """Every text ``scene`` draws (its own layer and widgets, not the table below), in order."""
    import pygame  # lazy: see _app (called once the app is there)

    texts: list[str] = []
    spied = []

    class FontSpy:
        def __init__(self, font):
            self._font = font

        def render(self, text, *args, **kwargs):
            texts.append(str(text))
            return self._font.render(text, *args, **kwargs)

        def __getattr__(self, name):
            return getattr(self._font, name)

    for target in {id(app.ui): app.ui, id(app.menu_ui): app.menu_ui}.values():
        real_text, real_alpha, real_font = target.text, target.text_alpha, target.font

        def text(value, *args, _real=real_text, **kwargs):
            texts.append(str(value))
            return _real(value, *args, **kwargs)

        def text_alpha(value, *args, _real=real_alpha, **kwargs):
            texts.append(str(value))
            return _real(value, *args, **kwargs)

        def font(*args, _real=real_font, **kwargs):
            return FontSpy(_real(*args, **kwargs))

        target.text, target.text_alpha, target.font = text, text_alpha, font
        spied.append(target)
    try:
        surface = pygame.Surface(app.size)
        scene.draw_static(surface, ui)
        scene.group.draw(surface, ui)
        scene.draw_dynamic(surface, ui)
    finally:
        for target in spied:
            for name in ("text", "text_alpha", "font"):
                target.__dict__.pop(name, None)
    out: list[str] = []
    for text in texts:  # a text drawn through ``ui.text`` is rendered by its font too: keep it once
        text = text.strip()
        if text and (not out or out[-1] != text):
            out.append(text)
    return out


# -- checking ----------------------------------------------------------------------------------------------------------
def _named(text: str, names) -> list[int]:
    """The seats whose names ``text`` mentions, in the order they appear."""
    found = []
    for seat, name in enumerate(names):
        match = re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text)
        if match:
            found.append((match.start(), seat))
    return [seat for _pos, seat in sorted(found)]


def _second_person(actor: int, named: list[int], viewer: int) -> bool:
    """A line about the reader (``actor`` is ``viewer``) that does not name the reader is said to them ("You → Carla:
    1", a toast, which has no key to tell): it may name others, after the "you"."""
    return actor == viewer and viewer not in named


def problems(transcript: Transcript, viewer: int = 0) -> list[str]:
    """What is wrong in ``transcript`` (an empty list when nothing is):

    - privacy: an event handed to the table carries another seat's private field (a drawn card), or a line added
      while such an event was shown names the hidden card;
    - attribution: a log line or toast added while an engine event was shown is not about that event's seat (its
      structured seat differs, or the first player its text names is someone else, or it speaks to the player —
      a key ending in ``_own`` — about another seat's event); a line of the table's own (no event) whose text
      names first someone other than its seat;
    - totals: a ``round_end`` or ``game_end`` whose ``shown`` totals differ from the engine's.
    """
    names = NAMES[:len(transcript.levels)]
    found: list[str] = []
    for raw, seen in transcript.seen:
        if seen.kind != raw.kind or seen.seat != raw.seat:
            found.append(f"an event changed kind or seat on its way to the table: {raw!r} -> {seen!r}")
        for key in raw.private:
            if raw.seat != viewer and seen.data.get(key) is not None:
                found.append(f"seat {viewer} was handed seat {raw.seat}'s private {key}: {seen!r}")
    for line in transcript.lines:
        kind = line["kind"]
        if kind in ("log", "toast"):
            text, seat, event = line["text"], line.get("seat"), line.get("event")
            named = _named(text, names)
            own = str(line.get("key") or "").endswith("_own")
            if event is not None and event.get("seat") is not None:
                actor = event["seat"]
                if seat is not None and seat != actor:
                    found.append(f"round {line['round']}: line {text!r} is filed under seat {seat} but shows "
                                 f"seat {actor}'s {event['kind']}")
                if own and actor != viewer:
                    found.append(f"round {line['round']}: {text!r} speaks to the player about seat {actor}'s "
                                 f"{event['kind']}")
                if named and named[0] != actor and not own and not _second_person(actor, named, viewer):
                    found.append(f"round {line['round']}: {text!r} names {names[named[0]]} first for "
                                 f"{names[actor]}'s {event['kind']}")
                number = event.get("n")
                raw = transcript.seen[number][0] if number is not None else None
                if raw is not None and raw.hidden_from(viewer):  # the line must not name what was hidden
                    secrets = "".join(str(raw.data.get(key) or "") for key in raw.private)
                    if {ch for ch in secrets if ch.isdigit()} & set(text):
                        found.append(f"round {line['round']}: {text!r} may show {names[actor]}'s hidden card")
            elif seat is not None and named and named[0] != seat and not _second_person(seat, named, viewer):
                found.append(f"round {line['round']}: {text!r} is about seat {seat} but names {names[named[0]]}")
        elif kind in ("round_end", "game_end"):
            if line.get("engine") is None or line["shown"] != line["engine"]:
                found.append(f"{kind} of round {line['round']}: shown {line['shown']} but the engine has "
                             f"{line.get('engine')}")
    if not any(line["kind"] == "game_end" for line in transcript.lines):
        found.append("the game did not reach its results screen")
    return found


def check_games(specs) -> dict:
    """Play ``specs`` (``(game, variants, levels, seed, lang)`` each) and check each transcript: what a test (or a
    worker process of one) needs. Returns counts and the problems found, each prefixed by its game."""
    stats = {"games": 0, "lines": 0, "log": 0, "attributed": 0, "hidden": 0, "round_end": 0, "game_end": 0,
             "problems": [], "seconds": 0.0, "by_game": {}}
    for game, variants, levels, seed, lang in specs:
        transcript = play(game, variants, levels, seed, lang)
        stats["games"] += 1
        stats["by_game"][game] = stats["by_game"].get(game, 0) + 1
        stats["seconds"] += transcript.seconds
        stats["lines"] += len(transcript.lines)
        for line in transcript.lines:
            stats["log"] += line["kind"] == "log"
            stats["attributed"] += line["kind"] == "log" and (line.get("event") or {}).get("seat") is not None
            stats["round_end"] += line["kind"] == "round_end"
            stats["game_end"] += line["kind"] == "game_end"
        stats["hidden"] += sum(1 for raw, _seen in transcript.seen if raw.hidden_from(0))
        tag = f"{game} {','.join(variants) or '-'} {','.join(levels)} seed {seed} {lang}"
        stats["problems"] += [f"{tag}: {problem}" for problem in problems(transcript)]
    return stats


def check_words(specs) -> dict:
    """Play ``specs`` (``(game, levels, seed, lang)`` each) through ``play`` and check their words:
    what a test (or one worker process of it) needs. Returns counts and the problems, each prefixed by its game
    (``wording.word_problems``)."""
    stats = {"games": 0, "lines": 0, "you_lines": 0, "lists": 0, "problems": []}
    for game, levels, seed, lang in specs:
        played = play(game, (), levels, seed, lang)
        names = NAMES[:len(levels)]
        lines = played.lines
        stats["games"] += 1
        stats["lines"] += len(lines)
        stats["you_lines"] += sum(1 for line in lines if str(line.get("key") or "").endswith("_own"))
        stats["lists"] += sum(len(name_lists(str(line.get("text", "")), names)) for line in lines)
        stats["problems"] += [f"{game} seed {seed} {lang}: {p}" for p in word_problems(lines, lang, names)]
    return stats


# -- output ------------------------------------------------------------------------------------------------------------
def format_line(line: dict) -> str:
    kind = line["kind"]
    if kind == "log":
        return f"[r{line['round']}] {line['text']}"
    if kind in ("round_end", "game_end"):
        return f"[r{line['round']}] == {line['text']} == shown {line['shown']} engine {line['engine']}"
    return f"[r{line['round']}] {kind}: {line['text']}"


def main(argv=None) -> int:
    _headless()
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader stopped reading (| head): not an error of ours
        sys.stderr.close()
        return 0


def _main(argv) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except BadArguments as error:
        print(f"transcript: error: {error}", file=sys.stderr)
        return 2
    lines = frames = 0
    found: list[str] = []
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        transcript = play(args.game, _split(args.variant), _split(args.players), seed, args.lang, net=args.net)
        for line in transcript.lines:
            print(json.dumps(line, ensure_ascii=False) if args.json else format_line(line))
        lines += len(transcript.lines)
        frames += transcript.frames
        if args.check:
            found += [f"seed {seed}: {problem}" for problem in problems(transcript)]
    seconds = time.perf_counter() - started
    done = {"kind": "done", "lines": lines, "games": args.games}
    games = f"{args.games} game" + ("s" if args.games != 1 else "")
    print(json.dumps(done) if args.json else f"done: {lines} lines, {games}, {frames} frames in {seconds:.2f} s "
                                              f"({args.games / seconds:.2f} games/s)")
    for problem in found:
        print(f"transcript: problem: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
