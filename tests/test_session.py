"""GameSession: human moves refused with a reason, bots off the UI thread, autosave after every move, resume."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.session import GameSession, Seat
from lama_desktop.bots.base import Bot, RandomBot
from lama_desktop.storage import Storage
from registry_games import first_variant, sample_game, table_mate
from store_docs import save_document

ROOT = Path(__file__).resolve().parents[1]


def seats(humans: int, bots: int, level: str = "random") -> list:
    return ([Seat(f"Human{i}", "human") for i in range(humans)]
            + [Seat(f"Bot{i}", "bot", level) for i in range(bots)])


def random_factory(game_id, level, seed):
    return RandomBot(seed)


def drive(session: GameSession, human_pick=lambda moves: moves[0], max_moves: int = 5000) -> None:
    """Play to the end: humans take ``human_pick``; bots through poll() (pace 0)."""
    for _ in range(max_moves):
        if session.is_over:
            return
        cur = session.current_player
        if session.is_human(cur):
            outcome = session.play(human_pick(session.view(cur).legal_moves()))
            assert outcome.ok, outcome.reason
        else:
            session.poll()
            session.wait_for_bot()
            session.poll()
    raise AssertionError("the game did not end")


def test_a_human_cannot_move_for_a_bot():
    session = GameSession.new(sample_game(), seats(1, 2), seed=11, bot_factory=random_factory)
    while session.is_human(session.current_player):
        session.play(session.view(session.current_player).legal_moves()[0])
    before = session.state.to_dict()
    bot_seat = session.current_player
    outcome = session.play(session.view(bot_seat).legal_moves()[0])
    assert not outcome.ok and session.seats[bot_seat].name in outcome.reason
    assert session.state.to_dict() == before


class SlowBot(Bot):
    level = "slow"
    threads: list = []

    def choose(self, view):
        SlowBot.threads.append(threading.current_thread())
        time.sleep(0.6)
        return view.legal_moves()[-1]


def test_bots_think_off_the_ui_thread_and_the_frame_loop_keeps_ticking():
    SlowBot.threads = []
    session = GameSession.new(sample_game(), seats(0, 3), seed=5, pace=0.0, bot_factory=lambda g, lv, s: SlowBot(s))
    frames, longest = 0, 0.0
    start = time.monotonic()
    while not session.record.moves and time.monotonic() - start < 5:
        t0 = time.perf_counter()
        session.poll()  # one frame's worth of work: must never wait for the bot
        longest = max(longest, time.perf_counter() - t0)
        frames += 1
        time.sleep(0.004)
    assert session.record.moves, "the bot never moved"
    assert SlowBot.threads and all(th is not threading.main_thread() for th in SlowBot.threads)
    assert frames >= 10, f"only {frames} frames ran while the bot thought for 0.6 s"
    assert longest < 0.3, f"a poll blocked for {longest:.3f} s"  # a blocking poll would take the bot's 0.6 s
    session.close()


def test_a_bot_waits_while_the_table_is_busy_and_for_the_pace():
    clock = [0.0]
    session = GameSession.new(sample_game(), seats(0, 2), seed=9, pace=1.0, bot_factory=random_factory,
                              clock=lambda: clock[0])
    session.poll()
    session.wait_for_bot()
    assert session.poll(busy=True) == []  # animations running: the move waits
    assert session.poll() == []  # idle now, but the pace delay has not passed
    clock[0] += 1.01
    played = session.poll()
    assert len(played) == 1 and played[0].by_bot
    session.close()


def test_autosave_after_every_move_and_resume_equals_the_replay(tmp_path):
    storage = Storage(tmp_path)
    session = GameSession.new(sample_game(), seats(1, 2), variants=first_variant(sample_game()), seed=21,
                              storage=storage, pace=0.0, bot_factory=random_factory, record_stats=False)
    assert storage.load_save().record.moves == []
    for _ in range(40):
        if session.is_over:
            break
        cur = session.current_player
        if session.is_human(cur):
            session.play(session.view(cur).legal_moves()[0])
        else:
            session.poll()
            session.wait_for_bot()
            session.poll()
        saved = storage.load_save()
        assert saved.record.moves == session.record.moves  # saved after every single move
    saved = storage.load_save()
    resumed = GameSession.from_save(saved, storage=storage, bot_factory=random_factory)
    assert resumed.state == saved.record.replay() == session.state
    assert resumed.names == session.names and resumed.score_history == session.score_history
    session.close()


def test_kill_mid_move_resumes_at_the_last_completed_move(tmp_path):
    """A real process is killed (SIGKILL) inside the 6th move's autosave transaction; the save holds 5 moves."""
    script = textwrap.dedent(f"""
        import os, signal, sys
        sys.path.insert(0, {str(ROOT)!r})
        from lama_desktop import storage as st
        from lama_desktop.core.session import GameSession, Seat
        from lama_desktop.bots.base import RandomBot
        s = st.Storage({str(tmp_path)!r})
        session = GameSession.new({sample_game()!r}, [Seat("A", "human"), Seat("B", "human")], seed=77, storage=s)
        def dying_commit(conn):
            if len(session.record.moves) == 6:
                os.kill(os.getpid(), signal.SIGKILL)  # killed half-way through writing the save
        s.database().before_commit = dying_commit
        while True:
            session.play(session.view(session.current_player).legal_moves()[0])
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert proc.returncode != 0  # it died
    storage = Storage(tmp_path)
    saved = storage.load_save()
    assert len(saved.record.moves) == 5
    resumed = GameSession.from_save(saved, storage=storage)
    assert resumed.state == saved.record.replay(5)
    assert resumed.moves_played == 5
    # and the game goes on from there
    outcome = resumed.play(resumed.view(resumed.current_player).legal_moves()[0])
    assert outcome.ok and len(storage.load_save().record.moves) == 6


def test_statistics_are_recorded_once_at_the_end_and_the_save_removed(tmp_path):
    storage = Storage(tmp_path)
    session = GameSession.new(sample_game(), seats(0, 3), seed=4, storage=storage, pace=0.0, bot_factory=random_factory)
    drive(session)
    assert session.finished and not storage.has_save()
    stats = storage.load_stats()[sample_game()]
    assert {name: row["games"] for name, row in stats.items()} == {"Bot0": 1, "Bot1": 1, "Bot2": 1}
    assert sum(row["wins"] for row in stats.values()) == len(session.winners())
    assert [row["points"] for row in (stats[n] for n in session.names)] == session.scores
    # per-round history for the results chart: one entry per round, the last equal to the final scores
    assert session.score_history == session.state.view(0).history
    assert session.score_history[-1] == session.scores
    session.close()


def test_when_the_app_records_statistics_the_final_position_stays_saved(tmp_path):
    storage = Storage(tmp_path)
    session = GameSession.new(sample_game(), seats(0, 2), seed=8, storage=storage, pace=0.0, bot_factory=random_factory,
                              record_stats=False)
    drive(session)
    assert storage.load_stats() == {}
    assert storage.load_save().state.is_over  # a kill before the results screen still ends the game properly


def test_from_config_keeps_the_config_in_the_save(tmp_path):
    storage = Storage(tmp_path)
    game = table_mate(sample_game())  # the config's game id counts: a game at another game's table
    config = GameConfig(game, [SeatConfig("Ann"), SeatConfig("Bo", "bot", "random")], first_variant(game), 1, 99)
    session = GameSession.from_config(config, storage=storage, bot_factory=random_factory)
    meta = json.loads(save_document(storage, session.save_key))["meta"]
    assert GameConfig.from_dict(meta["config"]).to_dict() == config.to_dict()
    assert session.state.view(0).dealer == 1
    resumed = GameSession.from_save(storage.load_save(), storage=storage, bot_factory=random_factory)
    assert resumed.names == ["Ann", "Bo"] and resumed.seats[1].is_bot


def test_a_crashing_bot_still_moves_legally():
    class Broken(Bot):
        def choose(self, view):
            raise RuntimeError("boom")

    session = GameSession.new(sample_game(), seats(0, 2), seed=2, pace=0.0, bot_factory=lambda g, lv, s: Broken(s))
    session.poll()
    session.wait_for_bot()
    played = session.poll()
    assert len(played) == 1 and "boom" in session.last_error
    session.close()
