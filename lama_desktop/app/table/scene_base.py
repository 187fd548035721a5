"""What every game table scene shares: its life cycle around the pause menu, window resizes and settings.

A table owns a ``GameSession`` (``self.session``) and a ``Tweener`` (``self.tween``) and builds its layout in
``_build(size)``. Coming back from the pause menu the settings may have changed (animation speed, bot pace, palette,
language, UI scale) and the window may have been resized: ``resume`` applies them and rebuilds what depends on
them. Leaving the table closes the session (its bot worker thread).
"""

from __future__ import annotations

from ..scene import Scene
from .layout import table_ui_scale


class TableScene(Scene):
    #: the largest UI scale the table's layout can honour (see ``layout.table_ui_scale``)
    ui_scale_top: float | None = None

    def exit(self) -> None:
        self.close()

    def close(self) -> None:
        self.session.close()

    def resize(self, size) -> None:
        self._build(size)

    def resume(self) -> None:
        self._apply_settings()
        self._forget_cached_layers()  # the language or the palette may have changed under the pause menu
        if self.app is not None and self._needs_rebuild():
            self._build(self.app.size)  # a new window size, or the UI scale changed under the pause menu
        else:
            self._settings_applied()

    def _apply_settings(self) -> None:
        settings = self.app.settings
        self.tween.speed = float(settings.animation_speed)
        self.session.set_pace(settings.bot_pace)
        self.colorblind = bool(settings.colorblind)

    def _table_size(self):
        return self.layout.size if getattr(self, "layout", None) is not None else None

    def _needs_rebuild(self) -> bool:
        size = self._table_size()
        return size is not None and (size != self.app.size
                                     or self.ui_scale != table_ui_scale(self.app.settings, self.ui_scale_top))

    # hooks ------------------------------------------------------------------------------------------------------
    def _forget_cached_layers(self) -> None:
        self.static = None
        self._layer = None

    def _settings_applied(self) -> None:
        """Called by ``resume`` when no rebuild was needed: refresh what follows the settings (labels...)."""
        self._build_buttons()
