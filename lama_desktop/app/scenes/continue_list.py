"""Continue, with more than one unfinished game: the list of them (``storage.unfinished``), most recently played
first — the game, its players, the round and points, when it was last played and where (this computer, your
table on port N, joined at host:port). The first row has the focus, so the first Enter opens it; a click or Enter
on a row continues that game (a joined seat joins its table again with the seat's token, ``netplay.JoinAttempt``);
"Give up" asks first, then keeps the game among the past games marked as given up (never deleted). Hovering a row
or a button, or moving the focus onto it, shows what it does."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import names as list_names
from lama_desktop.core.i18n import t, t_game
from lama_desktop.core.store import HOSTED, JOINED
from lama_desktop.app.widgets import Button, Column, ListView, draw_panel, felt_surface
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.table.tooltip import Tip, Tooltip


def where_text(entry) -> str:
    if entry.where == HOSTED:
        return t("common.continue.where_hosted", port=str(entry.port or "?"))
    if entry.where == JOINED:
        host = f"[{entry.host}]" if ":" in entry.host else entry.host
        return t("common.continue.where_joined", address=f"{host}:{entry.port}")
    return t("common.continue.where_local")


def progress_text(entry) -> str:
    scores = " · ".join(str(s) for s in entry.scores)
    if entry.round is None:
        return scores or "—"
    return t("common.continue.progress", round=entry.round, scores=scores or "—")


def when_text(entry) -> str:
    return entry.saved_at.replace("T", " ")[:16] or "—"


def players_text(entry) -> str:
    return list_names(entry.players) if entry.players else "—"


def rejoin(app, entry) -> bool:
    """Join a table again from its kept seat: the join screen, already joining with the seat's address, code,
    name and token (a refusal is told there, in the player's words)."""
    seat = app.storage.seat_book.find(entry.host, entry.port, entry.key.rsplit(":", 1)[1])
    if seat is None:
        return False
    # lazy: the network (asyncio, websockets) loads only when a table is joined, never before the title's first frame
    from lama_desktop.app.scenes.net_join import JoinScene

    scene = JoinScene()
    scene.address = f"[{seat.host}]:{seat.port}" if ":" in seat.host else f"{seat.host}:{seat.port}"
    scene.code, scene.player = seat.code, seat.name
    app.stack.push(scene)
    scene.rejoin(seat, app.settings)
    return True


class ContinueScene(MenuScene):
    name = "continue"

    def __init__(self):
        super().__init__()
        self.entries: list = []
        self.tooltip = Tooltip()

    def enter(self) -> None:
        self.entries = self.app.storage.unfinished()
        super().enter()
        self._focus_list()

    def resume(self) -> None:
        listing, kept = self._widget("list"), self.selected()
        index = listing.selected if listing is not None else 0
        self.entries = self.app.storage.unfinished()
        if not self.entries:
            self.back()
            return
        super().resume()
        self._select(kept.key if kept is not None else None, index)

    def build(self) -> None:
        """A rebuild (resize, back from a question) keeps the row the player stood on, not the first one."""
        listing, kept = self._widget("list"), self.selected()
        super().build()
        if listing is not None:
            self._select(kept.key if kept is not None else None, listing.selected)

    def _select(self, key, index: int) -> None:
        """Stand on the row of ``key``; when that game is gone, on the row that took its place."""
        listing = self._widget("list")
        if listing is None or not self.entries:
            return
        keys = [e.key for e in self.entries]
        listing.selected = keys.index(key) if key in keys else max(0, min(index, len(keys) - 1))
        listing._reveal()

    def _focus_list(self) -> None:
        listing = self._widget("list")
        if listing is not None and self.entries:
            self.group.set_focus(listing)
            self.group.keyboard_mode = True

    def _widget(self, name):
        return next((w for w in self.group.widgets if w.name == name), None)

    def layout(self, ui, size):
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - ui.s(140), ui.s(1400)), h - ui.s(300))
        self.panel.midtop = (w // 2, ui.s(150))
        inner = self.panel.inflate(-ui.s(60), -ui.s(60))
        columns = [Column(t("common.continue.col.game"), 0.16), Column(t("common.continue.col.players"), 0.27),
                   Column(t("common.continue.col.progress"), 0.17), Column(t("common.continue.col.when"), 0.15),
                   Column(t("common.continue.col.where"), 0.25)]
        rows = [[t_game(e.game), players_text(e), progress_text(e), when_text(e), where_text(e)]
                for e in self.entries]
        self.group.add(ListView(columns, rows, size=21, row_height=48, rect=inner, on_select=self.open,
                                empty_text=t("common.continue.none"), name="list"))
        bw, bh, gap = ui.s(280), ui.s(60), ui.s(24)
        y = h - ui.s(40)
        for i, (name, text, action, style, hint) in enumerate((
                ("open", t("common.continue.open"), self.open_selected, "primary", "Enter"),
                ("give_up", t("common.continue.give_up"), self.confirm_give_up, "secondary", ""),
                ("back", t("common.button.back"), self.back, "secondary", "Esc"))):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midbottom = (w // 2 + (i - 1) * (bw + gap), y)
            self.group.add(Button(text, action, style=style, rect=rect, name=name, hint=hint,
                                  enabled=bool(self.entries) or name == "back"))

    # actions -----------------------------------------------------------------------------------------------------
    def selected(self):
        listing = self._widget("list")
        index = listing.selected if listing is not None else -1
        return self.entries[index] if 0 <= index < len(self.entries) else None

    def open(self, index: int) -> None:
        if 0 <= index < len(self.entries):
            entry = self.entries[index]
            if not self.app.continue_game(entry.key):
                self.resume()  # a save that could not be opened was reported: the list without it

    def open_selected(self) -> None:
        listing = self._widget("list")
        if listing is not None:
            self.open(listing.selected)

    def confirm_give_up(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        text = t("common.continue.give_up_text", game=t_game(entry.game), players=players_text(entry))
        self.stack.push(MessageScene(t("common.continue.give_up_title"), text,
                                     [(t("common.continue.give_up_yes"), lambda: self.give_up(entry), "danger"),
                                      (t("common.button.cancel"), None, "secondary")], icon="question"))

    def give_up(self, entry) -> None:
        try:
            self.app.storage.abandon(entry.key)
        except OSError:  # reported by the storage
            pass
        self.entries = self.app.storage.unfinished()
        if not self.entries and self.stack is not None and self.stack.top is self:
            self.back()

    # tooltips ----------------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        self.tooltip.event(event)
        return super().handle_event(event)

    def update(self, dt):
        super().update(dt)
        self.tooltip.update(dt, self)

    def _row_tip(self, listing, index: int) -> Tip | None:
        if not (0 <= index < len(self.entries)):
            return None
        entry = self.entries[index]
        rh = getattr(listing, "_rh", 40)
        rect = (listing.rect.x, listing.rect.y + rh * (index - listing.scroll + 1), listing.rect.w, rh)
        return Tip(t("common.continue.tip.row", game=t_game(entry.game), players=players_text(entry),
                     where=where_text(entry), when=when_text(entry)), rect)

    def _button_tip(self, button) -> Tip | None:
        key = {"open": "common.continue.tip.open", "give_up": "common.continue.tip.give_up"}.get(button.name)
        return Tip(t(key), tuple(button.rect)) if key and button.enabled else None

    def _tooltip_at(self, pos) -> Tip | None:
        for widget in self.group.widgets:
            if not widget.rect.collidepoint(pos):
                continue
            if isinstance(widget, ListView):
                index = widget._row_at(pos)
                return self._row_tip(widget, index) if index is not None else None
            if isinstance(widget, Button):
                return self._button_tip(widget)
        return None

    def _tooltip_focus(self) -> Tip | None:
        focused = self.group.focused
        if isinstance(focused, ListView):
            return self._row_tip(focused, focused.selected)
        if isinstance(focused, Button):
            return self._button_tip(focused)
        return None

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("common.continue.title"), (w // 2, ui.s(80)))
        draw_panel(surface, self.panel, ui)

    def draw_dynamic(self, surface, ui):
        super().draw_dynamic(surface, ui)
        self.tooltip.draw(surface, ui)
