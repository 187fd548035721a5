"""Settings: language, window or fullscreen, UI scale, animation speed, bot pace, volume, mute, colour-blind palette,
network on this computer only (loopback).

Every change applies at once and is saved (``app.update_settings``)."""

from __future__ import annotations

import logging
import pygame

from lama_desktop.settings import ANIMATION_SPEEDS, BOT_PACES, UI_SCALES
from lama_desktop.core.i18n import LANGUAGES, language_names, percent, t
from lama_desktop.app.widgets import Button, Cycler, Slider, Toggle, blit_center, draw_panel, draw_shadow, felt_surface
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app import art
from lama_desktop.net import loopback

log = logging.getLogger(__name__)


class SettingsScene(MenuScene):
    name = "settings"

    def layout(self, ui, size):
        w, h = size
        s = self.app.settings
        row_w, row_h, gap = ui.s(760), ui.s(58), ui.s(8)
        rows = 9
        footer_h = ui.font(16).get_linesize() + ui.s(16)  # where the settings are saved, under the panel
        forced = loopback.forced()  # the environment's switch: shown as it acts (on), unchangeable, and why
        detail = t("common.settings.net_loopback_forced", variable=loopback.ENV) if forced else ""
        # its row grows by the lines saying why, as the row wraps them (``_Row``: 0.68 of the label's size, 78% wide)
        why = len(ui.wrap(detail, 24 * 0.68, int(row_w * 0.78))) * ui.font(24 * 0.68).get_linesize() if forced else 0
        room = h - ui.s(124) - ui.s(160) - footer_h - why  # a large UI scale in a small window: the rows close up
        if rows * (row_h + gap) > room:
            gap = ui.s(4)
            row_h = max(ui.font(24).get_linesize() + ui.s(8), room // rows - gap)
        self.panel = pygame.Rect(0, 0, row_w + ui.s(80), ui.s(40) + rows * (row_h + gap) + why + ui.s(120))
        self.panel.midtop = (w // 2, max(ui.s(124), min(h // 2 - self.panel.h // 2 + ui.s(40),
                                                         h - footer_h - self.panel.h)))
        self.preview = self._preview_place(ui, w)
        self.footer = pygame.Rect(0, 0, 1, ui.font(16).get_linesize())
        self.footer.midtop = (self.panel.centerx, self.panel.bottom + ui.s(8))
        y = self.panel.y + ui.s(36)

        def place(widget, taller: int = 0):
            nonlocal y
            widget.rect = pygame.Rect(self.panel.x + ui.s(40), y, row_w, row_h + taller)
            y += row_h + taller + gap
            return self.group.add(widget)

        update = self.app.update_settings
        place(Cycler(t("common.settings.language"), [(code, language_names()[code]) for code in LANGUAGES],
                     s.language, lambda v: update(language=v), name="language"))
        place(Toggle(t("common.settings.fullscreen"), s.fullscreen, lambda v: update(fullscreen=v),
                     on_text=t("common.settings.on"), off_text=t("common.settings.off"), name="fullscreen"))
        place(Cycler(t("common.settings.ui_scale"), [(v, percent(v)) for v in UI_SCALES], s.ui_scale,
                     lambda v: update(ui_scale=v), wrap=False, name="ui_scale"))
        place(Cycler(t("common.settings.animation_speed"), [(v, f"×{v:g}") for v in ANIMATION_SPEEDS],
                     s.animation_speed, lambda v: update(animation_speed=v), wrap=False, name="animation_speed"))
        place(Cycler(t("common.settings.bot_pace"), [(v, t(f"common.settings.pace_{v}")) for v in BOT_PACES],
                     s.bot_pace, lambda v: update(bot_pace=v), wrap=False, name="bot_pace"))
        place(Slider(t("common.settings.volume"), s.volume, lambda v: update(volume=v), step=0.05, fmt=percent,
                     name="volume"))
        place(Toggle(t("common.settings.mute"), s.muted, lambda v: update(muted=v),
                     on_text=t("common.settings.on"), off_text=t("common.settings.off"), name="mute"))
        place(Toggle(t("common.settings.colorblind"), s.colorblind, lambda v: update(colorblind=v),
                     on_text=t("common.settings.on"), off_text=t("common.settings.off"), name="colorblind"))
        place(Toggle(t("common.settings.net_loopback"), forced or s.net_loopback_only,
                     lambda v: update(net_loopback_only=v), on_text=t("common.settings.on"),
                     off_text=t("common.settings.off"), name="net_loopback", enabled=not forced,
                     detail=detail),
              taller=why)
        rect = pygame.Rect(0, 0, ui.s(280), ui.s(58))
        rect.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(30))
        self.group.add(Button(t("common.button.back"), self.back, style="primary", rect=rect, name="back",
                              hint="Esc"))

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        self._draw_preview(surface, ui)
        draw_heading(surface, ui, t("common.title.settings"), (self.panel.centerx, self.panel.y - ui.s(60)))
        draw_panel(surface, self.panel, ui)
        where = t("common.settings.saved_in", path=str(self.app.storage.config_dir))
        img = ui.text(where, 16, (190, 210, 200))
        blit_center(surface, img, self.footer.center)

    def _preview_place(self, ui, w: int):
        """Where the card preview goes beside the panel (the panel moves left to make room for it), as ``(x, card
        width)``, or None when the window has no room for cards of a readable size (the panel then stays in the
        middle). Nothing of it leaves the window."""
        margin, between, gap = ui.s(24), ui.s(50), ui.s(14)
        full = 3 * ui.s(84) + 2 * gap
        fits = min(full, w - 2 * margin - self.panel.w - between)
        card_w = (fits - 2 * gap) // 3
        if card_w < ui.s(50):
            return None
        grid_w = 3 * card_w + 2 * gap
        self.panel.x = max(margin, (w - self.panel.w - between - grid_w) // 2)
        return self.panel.right + between, card_w

    def content_box(self):
        box = super().content_box()
        footer = getattr(self, "footer", None)
        return box.union(footer) if box is not None and footer is not None else box

    def _draw_preview(self, surface, ui):
        """A few cards beside the panel, drawn with the current palette (see the colour-blind setting at work)."""
        if self.preview is None:
            return
        x0, card_w = self.preview
        try:
            faces = [art.card_face(c, card_w, colorblind=self.app.settings.colorblind) for c in "123456"]
        except Exception:  # the sample cards are a preview only
            log.warning("the colour preview's cards could not be drawn", exc_info=True)
            return
        gap = ui.s(14)
        grid_w = 3 * card_w + 2 * gap
        card_h = faces[0].get_height()
        y0 = self.panel.centery - (2 * card_h + gap) // 2
        label = ui.text_fit(t("common.settings.preview"), 20, grid_w + ui.s(40), (214, 230, 222), True)
        surface.blit(label, label.get_rect(midbottom=(x0 + grid_w // 2, y0 - ui.s(14))))
        self.preview_rects = []
        for i, face in enumerate(faces):
            rect = pygame.Rect(x0 + (i % 3) * (card_w + gap), y0 + (i // 3) * (card_h + gap), card_w, card_h)
            draw_shadow(surface, rect, ui.s(6), ui.s(5), ui.s(4), 90)
            surface.blit(face, rect)
            self.preview_rects.append(rect)
