"""The title menu: the logo over the felt, a fan of cards, and Continue / New game / Play with others / Learn to play /
Rules / Statistics / Settings / Quit. Continue is enabled only when an unfinished game is kept (with several, it
opens their list: ``continue_list.py``). On the very first start (no lesson
done, no game played, no save) "Learn to play" is the highlighted choice and a line under the menu suggests it."""

from __future__ import annotations

import logging
import math

import pygame

from lama_desktop import __version__
from lama_desktop.core.i18n import plural, t, t_game
from lama_desktop.app.widgets import CREAM, GOLD, Button, blit_center, draw_shadow, felt_surface
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.app import art
from lama_desktop.app.scenes.lessons import LessonsScene
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.app.scenes.settings import SettingsScene
from lama_desktop.app.scenes.setup import SetupScene
from lama_desktop.app.scenes.statistics import StatisticsScene

log = logging.getLogger(__name__)


def logo_surface(ui, width: int) -> pygame.Surface:
    """The game's logo from ``art.logo`` when there is one, else a lettered logo in the project font."""
    try:
        return art.logo(width)
    except Exception:  # a lettered logo instead
        log.warning("no logo picture", exc_info=True)
    try:
        img = art.text.outlined("L.A.M.A.", width * 0.2, CREAM, (74, 44, 29), max(2, width * 0.012))
    except Exception:  # pygame's own font instead
        log.warning("no lettered logo", exc_info=True)
        img = ui.font(width * 0.2 / ui.scale, True).render("L.A.M.A.", True, CREAM)
    if img.get_width() > width:
        img = pygame.transform.smoothscale_by(img, width / img.get_width())
    return img


def card_fan(ui, center, width: int, cards, spread: float, radius: float, tilt: float = 0.0):
    """(surface, rect) pairs of a fan of card faces around ``center`` (decoration for menus)."""
    out = []
    n = len(cards)
    for i, card in enumerate(cards):
        angle = tilt + (i - (n - 1) / 2) * spread
        face = art.card_face(card, width)
        rotated = pygame.transform.rotozoom(face, -angle, 1.0)
        x = center[0] + math.sin(math.radians(angle)) * radius
        y = center[1] - math.cos(math.radians(angle)) * radius + radius
        out.append((rotated, rotated.get_rect(center=(round(x), round(y)))))
    return out


class TitleScene(MenuScene):
    name = "title"

    def layout(self, ui, size):
        w, h = size
        # every unfinished game (this computer's, the tables hosted, the seats joined), the latest first
        entries = self.app.storage.unfinished()
        self.summary = {"game": entries[0].game, "saved_at": entries[0].saved_at, "count": len(entries)} \
            if entries else None
        has_save = bool(entries)
        self.first_start = first_start(self.app) and not has_save
        bw, bh, gap = ui.s(380), ui.s(48), ui.s(9)  # eight entries: as tall a menu as the seven of before
        labels = [
            ("continue", t("common.title.continue"), self.on_continue, has_save,
             "primary" if has_save else "secondary"),
            ("new", t("common.title.new_game"), self.on_new_game, True,
             "secondary" if has_save or self.first_start else "primary"),
            ("others", t("common.title.play_with_others"), self.on_play_with_others, True, "secondary"),
            ("learn", t("tutorial.title"), self.on_learn, True, "primary" if self.first_start else "secondary"),
            ("rules", t("common.title.rules"), self.on_rules, True, "secondary"),
            ("stats", t("common.title.statistics"), self.on_statistics, True, "secondary"),
            ("settings", t("common.title.settings"), self.on_settings, True, "secondary"),
            ("quit", t("common.title.quit"), self.on_quit, True, "secondary"),
        ]
        # the menu as low as the saved game's line and the keys line leave it; the logo takes the room above
        block = len(labels) * (bh + gap) - gap
        below = ui.s(32) + ui.s(12) + ui.font(18).get_linesize() + ui.font(16).get_linesize() + ui.s(24)
        if self.first_start:  # the suggestion takes the saved game's line (there is no save on a first start)
            below = max(below, ui.s(32) + ui.s(12) + ui.font(19).get_linesize() + ui.font(16).get_linesize()
                        + ui.s(24))
        top = min(int(h * 0.44), h - below - block)
        self.menu_rect = pygame.Rect(0, 0, bw + ui.s(64), block + ui.s(64))
        self.menu_rect.midtop = (w // 2, top - ui.s(32))
        tagline_h = ui.font(26).get_linesize()
        room = self.menu_rect.top - ui.s(16) - tagline_h - ui.s(20) - ui.s(12)  # logo + tagline over the menu
        self.logo_w = max(ui.s(200), min(ui.s(640), int(room / 0.34)))
        self.logo_y = min(int(h * 0.2), ui.s(12) + round(self.logo_w * 0.34) // 2)
        for i, (name, text, action, enabled, style) in enumerate(labels):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            self.group.add(Button(text, action, style=style, enabled=enabled, rect=rect, name=name, size=27))
        self.group.on_back = self.confirm_quit  # Escape pressed once too often must not close the game
        self.fans = None  # built after the first frame is on screen (start-up time), then they rise into view

    def default_button(self):
        """The entry the first Enter chooses (the frame's focus rule): the first enabled gold (primary) one, Continue
        when there is a save."""
        return self.group.default_widget()

    def _build_fans(self) -> None:
        ui, (w, h) = self.ui, self.app.size
        try:  # two fans of cards that float gently beside the menu (decoration only)
            card_w = ui.s(150)
            self.fans = (card_fan(ui, (int(w * 0.13), int(h * 0.70)), card_w, ["1", "2", "3", "L"], 13, ui.s(320),
                                  tilt=-8)
                         + card_fan(ui, (int(w * 0.87), int(h * 0.70)), card_w, ["4", "5", "6", "L"], 13, ui.s(320),
                                    tilt=8))
        except Exception:  # decoration only
            log.warning("the title's card fans could not be drawn", exc_info=True)
            self.fans = []
        if self.fans_from is None:
            self.fans_from = self.time

    fans_from: float | None = None

    def update(self, dt):
        super().update(dt)
        if self.fans is None and self.app.frame >= 1:
            self._build_fans()

    def draw_dynamic(self, surface, ui):
        if not self.fans:
            return
        amplitude = ui.s(5)
        rise = min(1.0, (self.time - (self.fans_from or 0.0)) / 0.7)
        lift = round((1 - rise) ** 3 * ui.s(320))  # ease-out from below the window's edge
        for i, (img, rect) in enumerate(self.fans):
            side = 0 if i < 4 else 1
            dy = round(math.sin(self.time * 0.9 + (i % 4) * 0.5 + side * 1.7) * amplitude) + lift + (i % 4) * lift // 6
            draw_shadow(surface, rect.inflate(-ui.s(30), -ui.s(30)), ui.s(14), ui.s(10), ui.s(8) - dy // 2, 90)
            surface.blit(img, rect.move(0, dy))

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        # a soft spotlight behind the logo
        glow = pygame.Surface((90, 36), pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (255, 240, 200, 34), glow.get_rect().inflate(-12, -8))
        glow = pygame.transform.gaussian_blur(glow, 3)
        glow = pygame.transform.smoothscale(glow, (ui.s(900), ui.s(360)))
        blit_center(surface, glow, (w // 2, self.logo_y + int(h * 0.01)))
        logo = logo_surface(ui, self.logo_w)
        blit_center(surface, logo, (w // 2, self.logo_y))
        tagline = ui.text(t("common.title.tagline"), 26, (236, 226, 200))
        blit_center(surface, tagline, (w // 2, self.logo_y + logo.get_height() // 2 + ui.s(30)))
        panel = pygame.Surface(self.menu_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (10, 40, 40, 120), panel.get_rect(), border_radius=ui.s(26))
        pygame.draw.rect(panel, (255, 255, 255, 30), panel.get_rect(), max(1, ui.s(2)), border_radius=ui.s(26))
        surface.blit(panel, self.menu_rect)
        version = ui.text(f"v{__version__}", 16, (180, 200, 190))
        surface.blit(version, version.get_rect(bottomright=(w - ui.s(16), h - ui.s(12))))
        hint = ui.text(t("common.title.keys_hint"), 16, (180, 200, 190))
        surface.blit(hint, hint.get_rect(bottomleft=(ui.s(16), h - ui.s(12))))
        if self.summary:
            game = t_game(self.summary["game"])
            when = str(self.summary.get("saved_at", "")).replace("T", " ")[:16]
            count = self.summary.get("count", 1)
            text = t("common.title.saved_game", game=game, when=when) if count == 1 else plural(
                "common.title.unfinished_games", count, game=game, when=when)
            note = ui.text(text, 18, GOLD)
            surface.blit(note, note.get_rect(midtop=(w // 2, self.menu_rect.bottom + ui.s(12))))
        elif self.first_start:
            note = ui.text_fit(t("tutorial.suggest"), 19, w - ui.s(80), GOLD, True)
            surface.blit(note, note.get_rect(midtop=(w // 2, self.menu_rect.bottom + ui.s(12))))

    def content_box(self):
        """The menu, the saved game's line under it, and room for the keys line at the bottom."""
        box = super().content_box()
        if box is not None:
            ui = self.ui
            if self.summary:
                box.h = max(box.h, self.menu_rect.bottom + ui.s(12) + ui.font(18).get_linesize() - box.y)
            elif self.first_start:
                box.h = max(box.h, self.menu_rect.bottom + ui.s(12) + ui.font(19, True).get_linesize() - box.y)
            box.h += ui.font(16).get_linesize() + ui.s(12)
        return box

    # actions -----------------------------------------------------------------------------------------------------
    def on_continue(self):
        self.app.continue_game()

    def on_new_game(self):
        self.stack.push(SetupScene())

    def on_play_with_others(self):
        # lazy: the network (asyncio, websockets: a third of a second) loads when a player asks for it, not before
        # the title's first frame
        from lama_desktop.app.scenes.net_menu import NetMenuScene

        self.stack.push(NetMenuScene())

    def on_learn(self):
        self.stack.push(LessonsScene())

    def on_rules(self):
        self.stack.push(RulesScene())

    def on_statistics(self):
        self.stack.push(StatisticsScene())

    def on_settings(self):
        self.stack.push(SettingsScene())

    def on_quit(self):
        self.app.quit(0)

    def confirm_quit(self):
        # the saved game is promised only when there is one
        kept = bool(self.app.storage.unfinished())
        text = t("common.title.quit_confirm") if kept else t("common.title.quit_confirm_no_save")
        self.stack.push(MessageScene(t("common.title.quit"), text,
                                     [(t("common.title.quit"), self.on_quit, "primary"),
                                      (t("common.button.cancel"), None, "secondary")], icon="question"))


def first_start(app) -> bool:
    """The very first start: no lesson played to its end and no game in the statistics."""
    if getattr(app.settings, "tutorials_done", None):
        return False
    try:
        return not app.storage.load_stats()
    except Exception:  # noqa: BLE001 - the statistics' own door reports a damaged file; no suggestion then
        log.debug("no statistics to tell a first start by", exc_info=True)
        return False
