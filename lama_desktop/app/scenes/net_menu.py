""""Play with others" (from the title): a small chooser, Host a table / Join a table / Back, over the title.
With the loopback switch on (``net_loopback_only`` or ``LAMA_NET_LOOPBACK=1``) a line says that play stays on this
computer."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import INK, INK_SOFT, Button, blit_center, draw_panel
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.app.netplay import loopback_only
from lama_desktop.app.scenes.net_host import HostSetupScene
from lama_desktop.app.scenes.net_join import JoinScene


class NetMenuScene(MenuScene):
    opaque = False
    name = "net-menu"

    def layout(self, ui, size):
        w, h = size
        width = ui.s(700)
        self.loopback = loopback_only(self.app.settings)
        text = t("common.net.menu_text") + ("\n" + t("common.net.loopback_note") if self.loopback else "")
        self.lines = [line for part in text.split("\n") for line in ui.wrap(part, 21, width - ui.s(80))]
        line_h = ui.font(21).get_linesize()
        bw, bh, gap = ui.s(420), ui.s(64), ui.s(16)
        head = ui.s(40) + ui.font(34, True).get_linesize() + ui.s(12) + len(self.lines) * line_h + ui.s(28)
        height = head + 2 * (bh + gap) + ui.s(14) + ui.s(56) + ui.s(32)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + head
        for i, (name, label, action) in enumerate((("host", t("common.net.host"), self.on_host),
                                                   ("join", t("common.net.join"), self.on_join))):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (self.panel.centerx, y + i * (bh + gap))
            self.group.add(Button(label, action, style="primary", rect=rect, name=name, size=27))
        back = pygame.Rect(0, 0, ui.s(220), ui.s(56))
        back.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(28))
        self.group.add(Button(t("common.button.back"), self.back, rect=back, name="back", hint="Esc"))

    def on_host(self) -> None:
        self.stack.replace(HostSetupScene())

    def on_join(self) -> None:
        self.stack.replace(JoinScene())

    def draw_static(self, surface, ui):
        draw_panel(surface, self.panel, ui)
        y = self.panel.y + ui.s(40)
        title = ui.text(t("common.net.title"), 34, INK, bold=True)
        blit_center(surface, title, (self.panel.centerx, y + title.get_height() // 2))
        y += ui.font(34, True).get_linesize() + ui.s(12)
        line_h = ui.font(21).get_linesize()
        for line in self.lines:
            img = ui.text(line, 21, INK_SOFT)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += line_h
