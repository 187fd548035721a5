"""Helpers for tests that drive the real app frame by frame.

A test steps frames as fast as the CPU allows while the bots think on a worker thread in real time; on a loaded
machine a bot's move then spans thousands of frames and a frame budget runs out although nothing is wrong. These
tests wait for the bot after each frame (an autouse fixture in conftest.py wraps ``App.step``), so their budgets
count moves, not scheduling luck. Tests of the frame loop ticking while a bot thinks opt out with
``@pytest.mark.real_time_bots``.
"""


def wait_for_bots(app, timeout: float = 30.0) -> None:
    for scene in app.stack.scenes:
        session = getattr(scene, "session", None)
        if session is not None and getattr(session, "thinking", False):
            session.wait_for_bot(timeout)
