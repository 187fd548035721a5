"""The feeding and characters choices of the Llama Land table: the overlay scene listing the options, and the object
the table owns (``table.choices``) that opens it with the legal moves and knows while it is open."""

from __future__ import annotations

import pygame

from lama_desktop.games.llama_land.engine.data import CHARS, CROP_NAMES
from lama_desktop.core.i18n import t
from lama_desktop.games.llama_land.pieces import CREAM, CROP_COLORS, INK_SOFT, PAPER_EDGE, icon
from lama_desktop.app.scene import Scene
from lama_desktop.app.table.pieces import GOLD, INK
from lama_desktop.app.widgets import draw_panel


class Choices:
    """The table's choices (``open_feeding``, ``open_characters``): while one is open (``open``) the table is not
    idle."""

    def __init__(self, table):
        self.table = table
        self.open = False
        self.overlay: ChoiceOverlay | None = None  # the feeding / characters choice while it is open
        self.moves: list[str] = []  # the move text of each of its rows

    def _open_choice(self, title: str, options, moves=()) -> None:
        """Push the choice overlay; ``moves[i]`` is the move text of row ``i`` (what ``tutorial_rect`` finds)."""
        if not options or self.table.stack is None:
            return
        self.open = True
        self.overlay = ChoiceOverlay(title, options, self._closed)
        self.moves = list(moves)
        self.table.stack.push(self.overlay)

    def _closed(self) -> None:
        self.open = False
        self.overlay = None
        self.moves = []

    def open_feeding(self) -> None:
        table = self.table
        moves = [m for m in table._legal() if m.kind == "feed"]
        options = []
        cols = table.d["llama_columns"]
        for m in moves:
            crop, coins = m.args[0], int(m.args[1])
            crops = 4 - coins // 2
            icons = [(crop, crops)] + ([("coin", coins)] if coins else [])
            label = t("llama_land.feed.option", card=cols[crop][0] if cols[crop] else 0)
            options.append((label, icons, lambda mv=str(m): table.try_move(mv), CROP_COLORS[crop]))
        self._open_choice(t("llama_land.feed.title"), options, [str(m) for m in moves])

    def open_characters(self, only: int | None = None) -> None:
        table = self.table
        moves = [m for m in table._legal() if m.kind == "use" and (only is None or m.args[0] == only)]
        if not moves:
            table._explain_disabled("characters")
            return
        options = []
        for m in moves:
            cid, give = int(m.args[0]), str(m.args[1])
            ch = CHARS[cid]
            if ch.type == "trader":
                a, b = (CROP_NAMES[k] for k in ch.crops)
                get = b if give == a else a
            else:
                get = CROP_NAMES[ch.crops[0]] if give == "coin" else "coin"
            label = t("llama_land.use.option", name=t(f"llama_land.char.{ch.type}.name"))
            options.append((label, [(give, 1), ("→", 0), (get, 1)], lambda mv=str(m): table.try_move(mv)))
        self._open_choice(t("llama_land.use.title"), options, [str(m) for m in moves])


class ChoiceOverlay(Scene):
    """A modal list of options, each a label with icons: mouse or Up/Down/Tab + Enter; Esc cancels."""

    opaque = False
    name = "llama_land_choice"
    #: a lesson's narrator stays over it and may point at ``choices`` (the panel) or ``choice:<i>`` (a row)
    narrated = True

    def __init__(self, title: str, options, on_close=None):
        super().__init__()
        self.title = title
        self.options = list(options)  # (label, [(icon, count)], callback[, accent colour])
        self.on_close = on_close
        self.focus = 0
        self.rows: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.cancel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self._layout()

    def resize(self, size) -> None:
        self._layout()

    def _layout(self) -> None:
        ui = self.app.ui
        w, h = self.app.size
        row_h = ui.s(58)
        width = ui.s(560)
        height = ui.s(96) + row_h * len(self.options) + ui.s(80)
        self.panel = pygame.Rect(0, 0, width, min(height, h - ui.s(40)))
        self.panel.center = (w // 2, h // 2)
        self.rows = [pygame.Rect(self.panel.x + ui.s(24), self.panel.y + ui.s(80) + i * row_h, width - ui.s(48),
                                 row_h - ui.s(8)) for i in range(len(self.options))]
        self.cancel = pygame.Rect(0, 0, ui.s(200), ui.s(48))
        self.cancel.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(18))

    def tutorial_rect(self, name: str):
        if name == "choices":
            return pygame.Rect(self.panel)
        kind, _, arg = name.partition(":")
        if kind == "choice" and arg.isdigit() and int(arg) < len(self.rows):
            return pygame.Rect(self.rows[int(arg)])
        return None

    def tutorial_protect(self, point=None) -> list:
        """What a lesson's narrator and its arrow never cover here: every row to choose from."""
        return [(f"choice:{i}", pygame.Rect(row)) for i, row in enumerate(getattr(self, "rows", []))]

    def _close(self, callback=None) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()
        if callback:
            callback()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(self.options)
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(self.options)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._close(self.options[self.focus][2])
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.options):
                self._close(self.options[event.key - pygame.K_1][2])
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.focus = i
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self._close(self.options[i][2])
                    return True
            if self.cancel.collidepoint(event.pos) or not self.panel.collidepoint(event.pos):
                self._close()
            return True
        return True

    def draw(self, surface) -> None:
        ui = self.app.ui
        surface.fill((105, 118, 118), special_flags=pygame.BLEND_RGB_MULT)
        draw_panel(surface, self.panel, ui)
        title = ui.text(self.title, 30, INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + ui.s(22))))
        for i, option in enumerate(self.options):
            label, icons = option[0], option[1]
            r = self.rows[i]
            focused = i == self.focus
            pygame.draw.rect(surface, (255, 236, 180) if focused else (243, 232, 208), r, border_radius=ui.s(12))
            if len(option) > 3:  # an accent colour (the crop a feeding pays with)
                pygame.draw.rect(surface, option[3], (r.x, r.y, ui.s(10), r.h), border_top_left_radius=ui.s(12),
                                 border_bottom_left_radius=ui.s(12))
            pygame.draw.rect(surface, GOLD if focused else PAPER_EDGE, r, max(1, ui.s(3 if focused else 2)),
                             border_radius=ui.s(12))
            num = ui.text(str(i + 1), 16, INK_SOFT, bold=True)
            surface.blit(num, num.get_rect(midleft=(r.x + ui.s(12), r.centery)))
            x = r.x + ui.s(40)
            isz = ui.s(30)
            for name, count in icons:
                if count == 0:
                    arrow = ui.text(name, 24, INK, bold=True)
                    surface.blit(arrow, arrow.get_rect(midleft=(x, r.centery)))
                    x += arrow.get_width() + ui.s(8)
                    continue
                for _ in range(count):
                    surface.blit(icon(name, isz), (x, r.centery - isz // 2))
                    x += int(isz * 0.72)
                x += ui.s(14)
            text = ui.text(label, 20, INK, bold=True)
            surface.blit(text, text.get_rect(midright=(r.right - ui.s(14), r.centery)))
        cancel = ui.text(t("llama_land.button.cancel") + "  (Esc)", 20, INK_SOFT, bold=True)
        pygame.draw.rect(surface, CREAM, self.cancel, border_radius=ui.s(12))
        pygame.draw.rect(surface, PAPER_EDGE, self.cancel, max(1, ui.s(2)), border_radius=ui.s(12))
        surface.blit(cancel, cancel.get_rect(center=self.cancel.center))
