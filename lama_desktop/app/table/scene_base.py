"""What every game table scene shares: its life cycle around the pause menu, window resizes and settings.

A table owns a ``GameSession`` (``self.session``) and a ``Tweener`` (``self.tween``) and builds its layout in
``_build(size)``. Coming back from the pause menu the settings may have changed (animation speed, bot pace, palette,
language, UI scale) and the window may have been resized: ``resume`` applies them and rebuilds what depends on
them. Leaving the table closes the session (its bot worker thread).
"""

from __future__ import annotations

import pygame

from ..scene import Scene
from .layout import table_ui_scale
from .pieces import finish


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

    # the status line -------------------------------------------------------------------------------------------
    def _draw_status(self, surface) -> None:
        """The status line (``self._status_text()``) as a pill in the layout's ``status`` rect: warm when the
        player may act, cached until its text changes."""
        r = self.layout["status"]
        text = self._status_text()
        mine = self.can_act()
        key = (text, mine, r.size)
        cached = getattr(self, "_status_cache", None)
        if cached is None or cached[0] != key:
            img = self.ui.font(24 if mine else 21, mine).render(text, True,
                                                                (255, 240, 200) if mine else (214, 234, 226))
            if img.get_width() > r.w:
                img = pygame.transform.smoothscale_by(img, r.w / img.get_width())
            pad_x, pad_y = self.layout.s(15), self.layout.s(6)
            pill = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(pill, (6, 30, 28, 150) if not mine else (70, 44, 10, 170), pill.get_rect(),
                             border_radius=pill.get_height() // 2)
            pill.blit(img, (pad_x, pad_y))
            self._status_cache = (key, finish(pill))
        pill = self._status_cache[1]
        surface.blit(pill, pill.get_rect(center=r.center))
