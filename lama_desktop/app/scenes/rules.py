"""The rules viewer: every game's rules in the chosen language, paged and scrollable, with pictures of the cards.

Data-driven: each ``rules/rules_<name>.yaml`` (a game's in its folder, the app's own help in ``assets/rules/``)
holds one book's structure ``{id, games, last, pages: [{id, cards: ["3", "L", "4+"], tokens: [white, black]}]}``;
its words are the strings ``rules_<name>.title``, ``rules_<name>.<page>.title`` and ``rules_<name>.<page>.text`` of
the catalog domain ``rules_<name>``. Paragraphs are separated by a blank line; a line starting with "- " is a
bullet. Game engineers add their own ``rules/rules_<game>.yaml`` and catalog domain to the game's folder.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import yaml

from lama_desktop.resources import asset_path
from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import (
    CREAM_DARK, GOLD, GOLD_DARK, INK, INK_SOFT, Button, blit_center, draw_panel, draw_shadow, felt_surface
)
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app import art
from lama_desktop.engine.registry import games, plugins

log = logging.getLogger("lama_desktop.rules")


def rules_files() -> list[Path]:
    """The app's own rules books (``assets/rules``) and each game's (``rules/`` in its folder)."""
    places = [asset_path("rules"), *(folder / "rules" for folder in dict.fromkeys(
        plugin.folder for plugin in plugins().values()))]
    return [path for place in places for path in place.glob("rules_*.yaml")]


def rules_structures() -> list[tuple[str, dict]]:
    """``(domain, structure)`` of every rules book, in file order."""
    out = []
    for path in sorted(rules_files(), key=lambda p: p.name):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError) as error:
            log.error("cannot read rules %s: %s", path, error)
            continue
        if isinstance(data, dict) and data.get("pages"):
            out.append((path.stem, data))
    return out


def rules_books() -> list[dict]:
    """Every game's rules in the current language (English where a language lacks a text)."""
    books: list[dict] = []
    for domain, data in rules_structures():
        # the keys are built from the structure files:
        # i18n-keys: rules_*
        pages = [dict(page, title=t(f"{domain}.{page['id']}.title"), text=t(f"{domain}.{page['id']}.text"))
                 for page in data["pages"]]
        books.append(dict(data, title=t(f"{domain}.title"), pages=pages))
    # in the order of the game registry (L.A.M.A. first); the app's own help ("last: true") at the end

    order = [spec.id for spec in games()]

    def rank(book):
        ids = [book.get("id")] + list(book.get("games") or [])
        found = [order.index(i) for i in ids if i in order]
        return (bool(book.get("last")), min(found) if found else len(order))

    books.sort(key=rank)
    return books


def parse_card(spec: str) -> tuple[str, bool]:
    spec = str(spec)
    return (spec[:-1], True) if spec.endswith("+") else (spec, False)


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, game_id: str | None = None, page: int = 0):
        super().__init__()
        self.game_id = game_id
        self.page = page
        self.scroll = 0
        self._content: pygame.Surface | None = None
        self._content_key = None

    def enter(self):
        super().enter()

    def layout(self, ui, size):
        w, h = size
        self.books = rules_books()
        ids = [b.get("id") for b in self.books]
        if self.game_id not in ids:
            # a game may live inside another game's book (the book's ``games`` list: Party in L.A.M.A.'s)
            match = next((b for b in self.books if self.game_id in (b.get("games") or [])), None)
            self.game_id = match.get("id") if match else (ids[0] if ids else None)
        margin = ui.s(60)
        tabs_w = ui.s(300)
        self.tabs_rect = pygame.Rect(margin, ui.s(150), tabs_w, h - ui.s(290))
        self.panel = pygame.Rect(self.tabs_rect.right + ui.s(30), ui.s(150),
                                 w - margin - self.tabs_rect.right - ui.s(30), h - ui.s(290))
        for i, book in enumerate(self.books):
            rect = pygame.Rect(self.tabs_rect.x, self.tabs_rect.y + i * ui.s(72), tabs_w, ui.s(60))
            style = "primary" if book.get("id") == self.game_id else "secondary"
            self.group.add(Button(str(book.get("title", book.get("id"))), lambda b=book: self.open_book(b["id"]),
                                  style=style, rect=rect, name=f"book-{book.get('id')}", size=24))
        bw, bh = ui.s(220), ui.s(58)
        y = h - ui.s(40) - bh
        prev = pygame.Rect(self.panel.x, y, bw, bh)
        nxt = pygame.Rect(self.panel.right - bw, y, bw, bh)
        pages = len(self.pages)
        self.page = max(0, min(self.page, pages - 1))
        self.group.add(Button("‹  " + t("common.rules.previous"), lambda: self.turn(-1), rect=prev, name="prev",
                              enabled=self.page > 0))
        turn_on = self.group.add(Button(t("common.rules.next") + "  ›", lambda: self.turn(1), rect=nxt, name="next",
                                        style="primary", enabled=self.page < pages - 1))
        back = pygame.Rect(margin, y, tabs_w, bh)
        closer = self.group.add(Button(t("common.button.back"), self.back, rect=back, name="back", hint="Esc"))
        self.group.default = turn_on if turn_on.enabled else closer  # Enter reads on; on the last page it closes
        self._content = None

    @property
    def book(self) -> dict | None:
        return next((b for b in self.books if b.get("id") == self.game_id), None)

    @property
    def pages(self) -> list[dict]:
        book = self.book
        return list(book.get("pages", [])) if book else []

    def open_book(self, game_id):
        self.game_id, self.page, self.scroll = game_id, 0, 0
        self.build()

    def turn(self, direction: int):
        new = max(0, min(len(self.pages) - 1, self.page + direction))
        if new != self.page:
            self.page, self.scroll = new, 0
            self.app.play_sound("card_draw")
            self.build()

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.ui.s(60))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll_by(self.ui.s(300) * (1 if event.key == pygame.K_PAGEDOWN else -1))
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.turn(1 if event.key == pygame.K_RIGHT else -1)
                return True
        return super().handle_event(event)

    def scroll_by(self, dy: int):
        if self._content is None:
            return
        limit = max(0, self._content.get_height() - self._view_rect().h)
        self.scroll = max(0, min(limit, self.scroll + dy))

    def _view_rect(self):
        ui = self.ui
        return pygame.Rect(self.panel.x + ui.s(44), self.panel.y + ui.s(100), self.panel.w - ui.s(88),
                           self.panel.h - ui.s(130))

    # drawing ---------------------------------------------------------------------------------------------------
    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("common.title.rules"), (w // 2, ui.s(80)))
        draw_panel(surface, self.panel, ui)
        pages = self.pages
        if not pages:
            blit_center(surface, ui.text(t("common.rules.none"), 26, INK_SOFT), self.panel.center)
            return
        page = pages[self.page]
        surface.blit(ui.text(str(page.get("title", "")), 36, INK, bold=True),
                     (self.panel.x + ui.s(44), self.panel.y + ui.s(32)))
        counter = ui.text(t("common.rules.page", n=self.page + 1, total=len(pages)), 20, INK_SOFT)
        surface.blit(counter, counter.get_rect(topright=(self.panel.right - ui.s(44), self.panel.y + ui.s(44))))
        pygame.draw.line(surface, CREAM_DARK, (self.panel.x + ui.s(44), self.panel.y + ui.s(86)),
                         (self.panel.right - ui.s(44), self.panel.y + ui.s(86)), max(1, ui.s(2)))
        # page dots under the panel
        n = len(pages)
        for i in range(n):
            c = (self.panel.centerx + (i - (n - 1) / 2) * ui.s(22), self.panel.bottom + ui.s(56))
            pygame.draw.circle(surface, GOLD if i == self.page else (90, 130, 125), c, ui.s(6))

    def _render_content(self, ui) -> pygame.Surface:
        view = self._view_rect()
        page = self.pages[self.page]
        cards = [str(c) for c in page.get("cards", []) or []]
        tokens = [str(k) for k in page.get("tokens", []) or []]
        pictures_w = ui.s(300) if (cards or tokens) else 0
        text_w = view.w - pictures_w - (ui.s(30) if pictures_w else 0)
        size = 23
        font = ui.font(size)
        line_h = font.get_linesize()
        blocks = []
        for paragraph in str(page.get("text", "")).strip().split("\n\n"):
            for raw_line in paragraph.split("\n"):
                bullet = raw_line.startswith("- ")
                text = raw_line[2:] if bullet else raw_line
                indent = ui.s(28) if bullet else 0
                lines = ui.wrap(text, size, text_w - indent)
                blocks.append((bullet, indent, lines))
            blocks.append(None)
        bullet_gap = ui.s(6)
        height = 0
        for block in blocks:
            height += line_h // 2 if block is None else len(block[2]) * line_h + (bullet_gap if block[0] else 0)
        pic_h = self._pictures_height(ui, cards, tokens, pictures_w)
        content = pygame.Surface((view.w, max(height, pic_h) + ui.s(10)), pygame.SRCALPHA)
        y = 0
        for block in blocks:
            if block is None:
                y += line_h // 2
                continue
            bullet, indent, lines = block
            if bullet:
                pygame.draw.circle(content, GOLD_DARK, (ui.s(10), y + line_h // 2), ui.s(5))
            for line in lines:
                content.blit(ui.text(line, size, INK), (indent, y))
                y += line_h
            if bullet:
                y += bullet_gap
        if pictures_w:
            self._draw_pictures(content, ui, cards, tokens, pygame.Rect(view.w - pictures_w, 0, pictures_w, pic_h))
        return content

    def _pictures_height(self, ui, cards, tokens, width):
        if not width:
            return 0
        rows = (len(cards) + 1) // 2
        card_w = ui.s(120)
        height = rows * (int(card_w * 1.4) + ui.s(20))
        if tokens:
            height += ui.s(100)
        return height + ui.s(20)

    def _draw_pictures(self, surface, ui, cards, tokens, rect):
        card_w = ui.s(120)
        card_h = int(card_w * 1.4)
        colorblind = self.app.settings.colorblind
        y = rect.y + ui.s(10)
        for i in range(0, len(cards), 2):
            row = cards[i:i + 2]
            total = len(row) * card_w + (len(row) - 1) * ui.s(20)
            x = rect.centerx - total // 2
            for card in row:
                value, plus = parse_card(card)
                try:
                    face = art.card_back(card_w) if value == "back" else art.card_face(value, card_w, plus=plus,
                                                                                       colorblind=colorblind)
                except Exception:  # a card the art does not draw: the page goes on without it
                    log.warning("the rules cannot draw the card %r", card, exc_info=True)
                    continue
                r = pygame.Rect(x, y, card_w, card_h)
                draw_shadow(surface, r, ui.s(8), ui.s(6), ui.s(4), 70)
                surface.blit(face, r)
                x += card_w + ui.s(20)
            y += card_h + ui.s(20)
        if tokens:
            d = ui.s(70)
            total = len(tokens) * d + (len(tokens) - 1) * ui.s(14)
            x = rect.centerx - total // 2
            for kind in tokens:
                try:
                    surface.blit(art.token(kind, d), (x, y + ui.s(10)))
                except Exception:  # a token the art does not draw: the page goes on without it
                    log.warning("the rules cannot draw the token %r", kind, exc_info=True)
                x += d + ui.s(14)

    def draw_dynamic(self, surface, ui):
        if not self.pages:
            return
        key = (self.game_id, self.page, surface.get_size(), ui.scale)
        if self._content is None or self._content_key != key:
            self._content = self._render_content(ui)
            self._content_key = key
        view = self._view_rect()
        area = pygame.Rect(0, self.scroll, view.w, view.h)
        surface.blit(self._content, view.topleft, area)
        overflow = self._content.get_height() - view.h
        if overflow > 0:  # scroll bar + fade hints
            track = pygame.Rect(self.panel.right - ui.s(22), view.y, ui.s(6), view.h)
            pygame.draw.rect(surface, CREAM_DARK, track, border_radius=ui.s(3))
            thumb = track.copy()
            thumb.h = max(ui.s(30), int(track.h * view.h / self._content.get_height()))
            thumb.y = track.y + int((track.h - thumb.h) * self.scroll / overflow)
            pygame.draw.rect(surface, GOLD_DARK, thumb, border_radius=ui.s(3))
            if self.scroll < overflow:
                hint = ui.text(t("common.rules.scroll_hint"), 16, INK_SOFT)
                surface.blit(hint, hint.get_rect(midbottom=(view.centerx, self.panel.bottom - ui.s(6))))
