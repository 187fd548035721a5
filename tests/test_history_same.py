"""Live and replay history are the same history (issue 23).

For every registered game a whole game is played headless at a live table (one person against bots, instant pace),
then the replay of that very game is opened for the same seat: both histories hold the same lines, in the same
order, filed under the same rounds, so they show the same "Round N" headings. A line's round has one source, the
engine's round of the move it tells (``pastgames.round_of``, what the replay's timeline and its "Round 2 of 4" use):
a move's lines sit under the round the move was played in, and a new round's deal line under the round it opens.
Under a "Round N" heading no line says "Round N" again, in any language; and the transcript tool files each line
under the round the table's history gives it. A game that declares no rounds (``GamePlugin.rounds``) is checked
for the same lines only.
"""

from __future__ import annotations

import pygame
import pytest

from frames import fast_app, post_key
from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.app.tables import open_table
from lama_desktop.engine.registry import get_game
from lama_desktop.pastgames import timeline
from lama_desktop.games import plugin
from registry_games import game_ids

NAMES = ("Anna", "Bruno", "Carla", "Dawid")
#: the seat the person plays (not seat 0: the viewer's seat is not the first one by chance)
PERSON = 1


def _players(game: str) -> int:
    spec = get_game(game)
    return max(spec.min_players, min(3, spec.max_players))


def _live_game(tmp_path, game: str, seed: int):
    """A whole game at a live table, the person's moves the first legal one that does not leave the round; returns
    (app, the table's history lines, the finished game as kept for the replay)."""
    app = fast_app(tmp_path, (1280, 720))
    players = _players(game)
    seats = [SeatConfig(NAMES[i], "human" if i == PERSON else "bot", "easy") for i in range(players)]
    table = open_table(app, GameConfig(game, seats, (), 0, seed=seed))
    app.stack.push(table)
    app.running = True
    for _ in range(60000):
        app.step(1 / 30)
        if app.storage.past_games():
            break  # the game is over and kept: the results are up
        top = app.stack.top
        name = getattr(top, "name", "")
        if top is not table:
            if "summary" in name or name in ("message", "privacy"):
                post_key(pygame.K_RETURN)
            continue
        session = table.session
        if table.can_act() and session.is_human(session.current_player):
            moves = [str(m) for m in session.state.legal_moves()]
            session.play(next((m for m in moves if m not in ("quit", "stop")), moves[0]))
    [past] = app.storage.past_games()
    return app, list(table.log.entries), past


def _said(entries, seat: int, lang: str = "en") -> list[tuple]:
    """Each line as the person at ``seat`` reads it in ``lang``: (text, round, move, seat it is about)."""
    i18n.set_language(lang)
    i18n.set_reader(lambda: seat)
    try:
        return [(str(e.text), e.round, e.move, e.actor) for e in entries if e.private_to in (None, seat)]
    finally:
        i18n.set_reader(None)
        i18n.set_language("en")


@pytest.mark.parametrize("game", game_ids())
def test_live_and_replay_history_are_the_same_lines_under_the_same_rounds(tmp_path, game):
    app, live, past = _live_game(tmp_path, game, seed=2)
    viewer = ReplayScene(past, view=PERSON)
    app.stack.push(viewer)
    app.stack.apply_pending()
    app.step(0.02)
    replayed = viewer.history_of_view()
    said_live, said_replay = _said(live, PERSON), _said(replayed, PERSON)
    assert len(said_live) > 20
    assert said_replay == said_live
    if not plugin(game).rounds:  # a game without rounds declares none: no headings to check
        app.shutdown()
        return

    # the round of each line is the engine's round of its move (the replay's timeline), a new round's deal opening
    # the heading of the round it deals
    rounds = timeline(past.record).rounds
    assert max(rounds) >= 2
    last = 0
    for text, round_no, move, _seat in said_live:
        assert round_no >= max(1, last), f"{text!r} filed under round {round_no} after round {last}"
        if move >= 0:
            assert round_no in (rounds[move], rounds[move] + 1), f"{text!r} (move {move}, round {rounds[move]})"
        last = round_no
    assert last == max(rounds)
    headings = [text for text, _colour, style in viewer.table.log._rows(app.menu_ui, 400) if style == "round"]
    assert headings == [i18n.t("history.round", round=r) for r in range(1, max(rounds) + 1)]
    app.shutdown()


@pytest.mark.parametrize("game", game_ids())
def test_no_line_repeats_the_round_heading_it_stands_under(tmp_path, game):
    app, live, _past = _live_game(tmp_path, game, seed=3)
    for lang in ("en", "fr", "de", "pl"):
        said = _said(live, PERSON, lang)
        i18n.set_language(lang)
        try:
            for text, round_no, _move, _seat in said:
                heading = i18n.t("history.round", round=round_no)
                assert heading.casefold() not in text.casefold(), f"{lang}: {text!r} under the heading {heading!r}"
        finally:
            i18n.set_language("en")
    app.shutdown()


@pytest.mark.parametrize("game", game_ids())
def test_the_transcript_files_each_line_under_the_historys_round(game, monkeypatch):
    from lama_desktop import transcript

    watchers = []

    class Watcher(transcript._Watcher):
        def __init__(self, out, app, table):
            super().__init__(out, app, table)
            watchers.append(self)

    monkeypatch.setattr(transcript, "_Watcher", Watcher)
    players = _players(game)
    out = transcript.play(game, levels=("easy",) * players, seed=2, lang="en")
    logged = [(line["text"], line["round"]) for line in out.lines if line["kind"] == "log"]
    table_lines = [(text, round_no) for text, round_no, _move, _seat in _said(watchers[0].table.log.entries, 0)]
    assert logged == table_lines
    if plugin(game).rounds:  # a sample game of rounds plays at least two
        assert max(round_no for _text, round_no in logged) >= 2


def test_a_moves_mark_and_a_deal_of_a_later_round_file_the_lines():
    from lama_desktop.app.table.pieces import LogPanel
    from lama_desktop.engine.core import Event

    log = LogPanel()
    log.round = 1
    log.add("welcome")
    log.mark(7, 2)  # move 7 was played in round 2 (the engine's round of the position before it)
    with log.acting(0, Event("discard", 0, {"cards": ["3"]})):
        log.add("Anna discards 3")
    with log.acting(0, Event("round_end", 0, {"round": 2})):  # the round that ends: no new heading
        log.add("Anna empties the row")
    with log.acting(1, Event("deal", None, {"round": 3, "starter": 1})):  # the deal opens round 3
        log.add("Bruno starts")
    log.add("Bruno: +4 (total 9)", seat=1)  # a line added later stays in the round opened
    log.mark(8, 0)  # a move whose round is not known keeps the round
    log.add("Bruno rolls")
    assert [(e.text, e.move, e.round) for e in log.entries] == [
        ("welcome", -1, 1), ("Anna discards 3", 7, 2), ("Anna empties the row", 7, 2), ("Bruno starts", 7, 3),
        ("Bruno: +4 (total 9)", 7, 3), ("Bruno rolls", 8, 3)]


def test_one_definition_of_a_round_for_every_game():
    """The replay's timeline and the history's lines read the round from the same function, for every game."""
    from lama_desktop.engine.record import round_of
    from lama_desktop import pastgames

    assert pastgames.round_of is round_of
    for game in game_ids():
        state = get_game(game).new(_players(game), seed=1)
        assert round_of(state) == 1
