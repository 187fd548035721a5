"""The collector's full passes stay off the frames (issue 32: the Llama Land lessons' 40 ms frames, every 84 frames,
were full garbage collections walking every module and font): once the app's long-lived objects are loaded they are
set aside (``gc.freeze``), and the next settling brings back what the last one set aside, so nothing dropped is kept.
The frame times themselves are the render bench's (``python -m lama_desktop.bench render``)."""

from __future__ import annotations

import gc
import threading
import weakref

from frames import fast_app
from lama_desktop.app import gc_pacing


class _Node:
    pass


def test_a_settled_cycle_is_skipped_by_the_collector_and_freed_by_the_next_settling():
    node = _Node()
    node.me = node  # a cycle: only the collector can free it
    ref = weakref.ref(node)
    gc_pacing.settle()
    assert gc.get_freeze_count() > 0
    del node
    gc.collect()
    assert ref() is not None  # set aside: a full pass no longer walks it
    gc_pacing.settle()
    assert ref() is None  # the next settling brought it back, and it was garbage


def test_the_app_settles_once_its_first_frames_are_drawn(tmp_path):
    gc.unfreeze()
    app = fast_app(tmp_path)
    app.warm_up = False
    app.start()
    app.step(1 / 60)
    assert gc.get_freeze_count() == 0
    app.step(1 / 60)
    assert gc.get_freeze_count() > 0
    app.shutdown()


def test_with_its_warm_up_the_app_settles_after_the_warm_up_imports_on_its_own_thread(tmp_path, monkeypatch):
    settled_on = []
    settle = gc_pacing.settle
    monkeypatch.setattr(gc_pacing, "settle", lambda: (settled_on.append(threading.current_thread()), settle()))
    app = fast_app(tmp_path)
    app.start()
    app.step(1 / 60)
    app.step(1 / 60)  # the warm-up starts (it may be over at once when every module is imported already)
    warm_ups = [thread for thread in threading.enumerate() if thread.name == "warm-up"]
    for thread in warm_ups:
        thread.join(60)
    assert not any(thread.is_alive() for thread in warm_ups)
    app.step(1 / 60)
    assert settled_on == [threading.main_thread()]  # once, between two frames, never on the worker
    assert gc.get_freeze_count() > 0 and not app._gc_settle
    app.shutdown()
