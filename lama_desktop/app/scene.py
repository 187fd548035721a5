"""Scene stack: push / pop / replace queued and applied between frames.

- ``enter()`` when a scene becomes part of the stack, ``exit()`` when it leaves;
- ``pause()`` when another scene is pushed over it, ``resume()`` when it is on top again (always paired);
- events go to the top scene first; ``handle_event`` returns True when it consumed the event, otherwise the event
  is passed down to the scene below (only while the scene above is an overlay: ``opaque = False``);
- ``draw`` is called bottom-up from the lowest scene that is visible (the first opaque scene from the top),
  so transparent overlays draw over the scene below. ``draw`` never mutates state; ``update(dt)`` does.
- A lesson's narrator (``app/table/narrator.py``) stays over a table's own overlays: when the top scene says
  ``narrated = True`` (the round summary, Llama Land's choices) and a scene below it has a ``narrator``, that
  narrator gets the events first, is updated after the top scene and drawn last, with the overlay passed along.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # pragma: no cover
    import pygame


class Scene:
    #: an opaque scene hides everything below it; an overlay (False) is drawn over the scene below
    opaque: bool = True
    #: whether events the scene does not consume fall through to the scene below
    passes_events: bool = False
    #: one of a table's own overlays: a lesson's narrator stays over it and may point into it (``tutorial_rect``)
    narrated: bool = False
    name: str = "scene"

    def __init__(self) -> None:
        self.stack: SceneStack | None = None
        self.app = None  # set by the stack: the App (settings, fonts, sounds, storage, strings)

    # lifecycle ---------------------------------------------------------------------------------------------
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    # frame -------------------------------------------------------------------------------------------------
    def handle_event(self, event: "pygame.event.Event") -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: "pygame.Surface") -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...


class SceneStack:
    def __init__(self, app=None) -> None:
        self.app = app
        self._scenes: list[Scene] = []
        self._pending: list[Callable[[], None]] = []

    # queued operations (applied in apply_pending, between frames) ----------------------------------------------
    def push(self, scene: Scene) -> None:
        self._pending.append(lambda: self._push_now(scene))

    def pop(self) -> None:
        self._pending.append(self._pop_now)

    def replace(self, scene: Scene) -> None:
        self._pending.append(lambda: (self._pop_now(), self._push_now(scene)))

    def clear_to(self, scene: Scene) -> None:
        """Pop everything and push ``scene`` (e.g. back to the title menu)."""
        def run():
            while self._scenes:
                self._pop_now()
            self._push_now(scene)
        self._pending.append(run)

    def apply_pending(self) -> bool:
        changed = bool(self._pending)
        while self._pending:
            pending, self._pending = self._pending, []
            for operation in pending:
                operation()
        return changed

    def _push_now(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].pause()
        scene.stack = self
        scene.app = self.app
        self._scenes.append(scene)
        scene.enter()

    def _pop_now(self) -> None:
        if not self._scenes:
            return
        scene = self._scenes.pop()
        scene.exit()
        scene.stack = None
        if self._scenes:
            self._scenes[-1].resume()

    # queries -----------------------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque scene up."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        return self._scenes[start:]

    def narrator(self):
        """The narrator of a lesson's table under the top scene, when the top scene is one of its narrated
        overlays (else None)."""
        top = self.top
        if top is None or not getattr(top, "narrated", False):
            return None
        for scene in reversed(self._scenes[:-1]):
            narrator = getattr(scene, "narrator", None)
            if narrator is not None:
                return narrator
        return None

    # frame -------------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        narrator = self.narrator()
        if narrator is not None and narrator.handle_event(event, self.top):
            return True
        for scene in reversed(self._scenes):
            if scene.handle_event(event):
                return True
            if not scene.passes_events:
                return False
        return False

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)
            narrator = self.narrator()
            if narrator is not None:
                narrator.update(dt, self.top)

    def draw(self, surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
        narrator = self.narrator()
        if narrator is not None:
            narrator.draw(surface, self.top)

    def resize(self, size) -> None:
        for scene in self._scenes:
            scene.resize(size)
