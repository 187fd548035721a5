"""What the lesson tests share: a clock that ticks a second per reading, and the frame loop's side of a lesson
(bots polled and awaited, then the lesson's step machine), with no window."""


class TickingClock:
    """A session clock that moves on one second each time it is read: a bot's pace is always over."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


def lesson_frames(session, n: int = 1, idle: bool = True) -> None:
    """Run ``n`` frames of the frame loop's side: poll the bots (waiting for the worker), then the lesson."""
    for _ in range(n):
        session.poll(busy=not idle)
        session.wait_for_bot(5)
        session.poll(busy=not idle)
        session.lesson.update(idle)
        session.take_played()
