"""The network bench (``python -m lama_desktop.bench net``): ``tables`` tables of ``players`` headless clients each
against their hosts, all on loopback in this process, every client seat played by a bot choosing from its
``RemoteSession``'s own view; games are played back to back for ``seconds``.

Measured: ``games`` finished, ``moves`` played, ``rtt_p50_ms`` / ``rtt_p95_ms`` (a client's move sent → that move's
update received), ``errors`` (moves refused, games that did not end, lost connections, host errors), ``leaks``
(hidden values of other seats in any received message: ``headless.Watch`` checks every message against the host's
state) and ``rss_growth_mib`` (resident memory gained between the end of the warm-up, a quarter of the time, and
the end, after a garbage collection, with the same number of tables running).

Every host and client of every table shares this one process (in the app each is a process of its own): the
interpreter's thread switch interval is shortened while the bench runs (``SWITCH_INTERVAL``), so that one busy
thread does not keep a client's answer waiting for 5 ms slices of the others.
"""

from __future__ import annotations

import gc
import random
import sys
import time

from lama_desktop.net.headless import LoopbackTable
from lama_desktop.stats import percentile

#: seconds a thread runs before the interpreter lets another one have a turn, while the bench runs (default 0.005)
SWITCH_INTERVAL = 0.0005


def _rss_mib() -> float:
    """Resident memory of this process (Linux ``/proc/self/statm``; the bench tool passes its own measure)."""
    import os

    with open("/proc/self/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def bench_net(tables: int = 8, players: int = 4, seconds: float = 60.0, game: str = "lama", level: str = "medium",
              seed: int = 1, rss=None) -> dict:
    """Play for ``seconds`` and measure (see the module's docstring)."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        return _bench(tables, players, seconds, game, level, seed, rss)
    finally:
        sys.setswitchinterval(interval)


def _bench(tables: int, players: int, seconds: float, game: str, level: str, seed: int, rss) -> dict:
    rss = rss or _rss_mib
    rng = random.Random(seed)
    totals = {"games": 0, "moves": 0, "errors": 0, "leaks": 0, "messages": 0}
    rtts: list[float] = []

    def new_table() -> tuple[LoopbackTable, float]:
        table = LoopbackTable(game, [f"remote:{level}"] * players, seed=rng.randrange(1 << 62),
                              bot_seed=rng.randrange(1 << 30)).start()
        return table, time.monotonic()

    def finish(table: LoopbackTable, ended: bool) -> None:
        totals["games"] += int(ended)
        totals["moves"] += table.session.moves_played
        totals["errors"] += len(table.errors) + int(not ended and table.session.is_over)
        totals["errors"] += sum(1 for cs in table.clients.values() if cs.session.lost or cs.session.last_error)
        totals["errors"] += int(bool(table.host.last_error))
        totals["leaks"] += table.watch.leaks
        totals["messages"] += table.watch.messages
        rtts.extend(table.rtts())
        table.close()

    started = time.monotonic()
    warm_at, end_at = started + seconds / 4, started + seconds
    live = [new_table() for _ in range(tables)]
    rss_warm = rss_end = None
    while True:
        now = time.monotonic()
        if rss_warm is None and now >= warm_at:
            gc.collect()
            rss_warm = rss()
        if now >= end_at:
            break
        sent = 0
        for i, (table, since) in enumerate(live):
            sent += table.step()
            if table.over:
                finish(table, True)
                live[i] = new_table()
            elif now - since > max(60.0, seconds):  # a game that cannot end: an error
                totals["errors"] += 1
                finish(table, False)
                live[i] = new_table()
        if not sent:
            time.sleep(0.0005)
    gc.collect()
    rss_end = rss()
    for table, _since in live:
        finish(table, False)
    ms = sorted(1000.0 * r for r in rtts)
    return {"tables": tables, "games": totals["games"], "moves": totals["moves"],
            "rtt_p50_ms": round(percentile(ms, 0.5), 2) if ms else None,
            "rtt_p95_ms": round(percentile(ms, 0.95), 2) if ms else None,
            "errors": totals["errors"], "leaks": totals["leaks"],
            "rss_growth_mib": round(rss_end - (rss_warm if rss_warm is not None else rss_end), 2),
            "players": players, "game": game, "level": level, "messages_checked": totals["messages"],
            "seconds": seconds}
