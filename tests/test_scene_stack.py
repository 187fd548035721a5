"""Scene stack: queued operations, enter/exit and paired pause/resume, overlay drawing, event pass-down."""

from lama_desktop.app.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, opaque=True, passes=False, consumes=()):
        super().__init__()
        self.name, self.log, self.opaque, self.passes_events, self.consumes = name, log, opaque, passes, consumes

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def handle_event(self, event):
        self.log.append(f"event {self.name} {event}")
        return event in self.consumes

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        surface.append(self.name)


def test_operations_are_queued_until_apply_pending():
    log = []
    stack = SceneStack(app="APP")
    a = Probe("a", log)
    stack.push(a)
    assert len(stack) == 0 and log == []
    assert stack.apply_pending() is True
    assert stack.top is a and a.stack is stack and a.app == "APP"
    assert log == ["enter a"]
    assert stack.apply_pending() is False


def test_push_pop_pairs_pause_and_resume_in_order():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    stack.push(c)
    stack.pop()
    stack.pop()
    stack.apply_pending()
    assert log == ["enter a", "pause a", "enter b", "pause b", "enter c", "exit c", "resume b", "exit b", "resume a"]
    assert log.count("pause a") == log.count("resume a") == 1
    assert stack.scenes == (a,) and b.stack is None


def test_replace_and_clear_to():
    log = []
    stack = SceneStack()
    a, b, c, d = (Probe(n, log) for n in "abcd")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.apply_pending()
    assert stack.scenes == (a, c)
    assert log == ["enter a", "pause a", "enter b", "exit b", "resume a", "pause a", "enter c"]
    log.clear()
    stack.clear_to(d)
    stack.apply_pending()
    assert stack.scenes == (d,)
    assert log == ["exit c", "resume a", "exit a", "enter d"]


def test_operation_queued_during_apply_runs_in_the_same_apply():
    log = []
    stack = SceneStack()
    b = Probe("b", log)

    class Pusher(Probe):
        def enter(self):
            super().enter()
            self.stack.push(b)

    stack.push(Pusher("a", log))
    stack.apply_pending()
    assert stack.top is b
    assert log == ["enter a", "pause a", "enter b"]


def test_only_scenes_from_the_highest_opaque_one_are_drawn_bottom_up():
    log = []
    stack = SceneStack()
    stack.push(Probe("table", log))
    stack.push(Probe("menu", log))
    stack.push(Probe("pause", log, opaque=False))
    stack.push(Probe("message", log, opaque=False))
    stack.apply_pending()
    drawn = []
    stack.draw(drawn)
    assert drawn == ["menu", "pause", "message"]


def test_events_go_to_the_top_and_pass_down_only_through_passing_scenes():
    log = []
    stack = SceneStack()
    bottom = Probe("bottom", log, consumes=("x",))
    middle = Probe("middle", log, passes=False)
    top = Probe("top", log, passes=True, consumes=("y",))
    for s in (bottom, middle, top):
        stack.push(s)
    stack.apply_pending()
    log.clear()
    assert stack.handle_event("y") is True
    assert log == ["event top y"]
    log.clear()
    assert stack.handle_event("x") is False  # top passes it to middle, which blocks it
    assert log == ["event top x", "event middle x"]
    middle.passes_events = True
    log.clear()
    assert stack.handle_event("x") is True
    assert log == ["event top x", "event middle x", "event bottom x"]


def test_update_goes_to_the_top_scene_only():
    log = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.apply_pending()
    log.clear()
    stack.update(0.016)
    assert log == ["update b"]
