"""Work a moment needs before it shows, spread over the frames that come before it.

A moment that builds all its art in the frame it opens stutters: a round's summary drawn whole in its first frame
took 40 ms at 1920x1080 (issue 32), while the table had a second of blow-up animation in which to get it ready.
A job is a generator: each ``yield`` is a place where its work may stop until the next frame. ``Prebuild.run``
(called once a frame) runs the steps of the jobs queued before this frame until the frame's budget is spent (no
step starts after it), at least one step, so a job always moves on; ``finish`` runs what is left at once (the
moment is due now).
"""

from __future__ import annotations

import time
from collections import deque
from typing import Iterator

#: after this much of a frame (seconds) no further step starts: small steps share a frame, a big one has it alone
#: (a frame at 60 Hz is 16.7 ms; the table's own work is a few ms; a job's step should stay under about 6 ms)
FRAME_BUDGET = 0.001


class Prebuild:
    """The jobs waiting to be built, oldest first."""

    def __init__(self, budget: float = FRAME_BUDGET) -> None:
        self.budget = budget
        self._jobs: deque[Iterator] = deque()
        self._new: list[Iterator] = []  # queued this frame: they start in the next one

    def add(self, job: Iterator) -> None:
        """Queue a job (a generator). Its first step runs in the frame after this one: the frame that queues a
        job is a busy one already (a round's end)."""
        self._new.append(job)

    @property
    def pending(self) -> int:
        return len(self._jobs) + len(self._new)

    def run(self, budget: float | None = None) -> None:
        """Steps of the jobs queued before this frame, oldest first, until ``budget`` seconds (default the frame
        budget) are used: at least one step when any job waits, none started after the budget."""
        start = time.perf_counter()
        budget = self.budget if budget is None else budget
        try:
            while self._jobs:
                if next(self._jobs[0], StopIteration) is StopIteration:
                    self._jobs.popleft()
                if time.perf_counter() - start >= budget:
                    return
        finally:
            self._jobs.extend(self._new)
            self._new.clear()

    def finish(self) -> None:
        """Every step left, now."""
        self._jobs.extend(self._new)
        self._new.clear()
        while self._jobs:
            for _ in self._jobs.popleft():
                pass
