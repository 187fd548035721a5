"""What a click, a drag, the wheel or a key does on the Llama Land table: picking a stack, a character, an objective
space or a cell, the buttons, the keyboard's walk over stacks, spots and choices, and playing the step."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import about, t
from lama_desktop.games.llama_land.pieces import space_centers
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.games.llama_land.engine.state import SHAPES


#: pixels the pointer moves with the button down before a press on the domain becomes a drag of the view
DRAG_SLOP = 6
#: the arrow keys' steps on the grid
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
#: the keys that confirm (press the focused button, place, take)
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class InputMixin:
    """The table's input: ``handle_event`` turns clicks and keys into steps (``try_move``)."""

    def _escape(self) -> bool:
        """Escape leaves the marker or foundation mode before it opens the pause menu."""
        if self.marker_mode or self.foundation_mode:
            self.marker_mode = self.foundation_mode = False
            self.middle = None
            self._refresh_buttons()
            return True
        return False

    def handle_table_event(self, event) -> bool:
        if (self.tween.busy or self.motion.drop is not None) and (
                event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN):
            self._skip()
            if event.type == pygame.KEYDOWN:
                return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                sx, sy = self.drag["start"]
                dx, dy = event.pos[0] - sx, event.pos[1] - sy
                if self.drag["moved"] or abs(dx) + abs(dy) > self.ui.s(DRAG_SLOP):
                    self.drag["moved"] = True
                    self.camera.set_view(self.camera.zoom, (self.drag["pan"][0] + dx, self.drag["pan"][1] + dy))
                    return True
            self._hover(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos() if pygame.mouse.get_focused() else self.hover_pos
            if not self.rects["domain"].collidepoint(pos):
                pos = self.rects["domain"].center
            self.camera.zoom_by(1 if event.y > 0 else -1, pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self._press_button(event.pos, self._explain_disabled):
                return True
            if event.button == 3 and self.mode == "place" and self.placer is not None:
                self.placer.rotate(1)
                return True
            if event.button == 1 and self._on_domain(event.pos):  # a click on release, unless it drags the view
                self.drag = {"start": event.pos, "pan": self.camera.pan, "moved": False}
                return True
            if event.button == 1:
                return self._click(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None:
                if not drag["moved"]:
                    self._click(drag["start"])
                return True
            return self._release_button(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _on_domain(self, pos) -> bool:
        """A point of the big domain's panel that is not one of the table's other pieces."""
        return self.rects["domain"].collidepoint(pos) and not self.rects["menu"].collidepoint(pos)

    def _skip(self) -> None:
        self.tween.skip()
        self.motion.skip()

    def _hover(self, pos) -> None:
        self.hover_pos = pos
        for b in self.buttons.values():
            b.hovered = b.enabled and b.rect.collidepoint(pos)
        self.mouse_on_domain = False
        if self.camera.frame_big is None or not self.rects["domain"].collidepoint(pos):
            return
        cell = self.camera.frame_big.pick(pos, self.camera.big_heights())
        if cell is None:
            return
        self.mouse_on_domain = True
        if self.inspect is not None and self.inspect != self.my_seat():
            return
        if self.mode == "place" and self.placer is not None and not self.foundation_mode:
            self.placer.cursor = cell
        else:
            self.cursor = cell

    def _click(self, pos) -> bool:
        r = self.rects
        for s in range(self.n):
            if r[f"panel{s}"].collidepoint(pos):
                me = self.my_seat()
                self.inspect = None if (s == me or (me < 0 and s == self.d["current_player"])) else s
                if self.inspect is None and me < 0:
                    self.inspect = s if s != self.d["current_player"] else None
                self.camera.frame_key = None
                self._sound("click")
                return True
        if self.mode == "place":
            for i, shape in enumerate(SHAPES):
                if r[f"stack{i}"].collidepoint(pos):
                    if self.d["stacks"][i]["count"] and self.placer is not None:
                        self.placer.select(shape)
                        self.foundation_mode = False
                        self.inspect = None
                        self.middle = None
                        self._sound("click")
                    return True
        if self.mode == "hut":
            for i in range(len(self.d["character_row"])):
                if r[f"char{i}"].collidepoint(pos):
                    self.try_move(f"hut {i}")
                    return True
            if r["char5"].collidepoint(pos):
                self.try_move("hut deck")
                return True
        if self.mode == "after":
            hit = self._objective_space_at(pos)
            if hit is not None:
                self._marker_at(*hit)
                return True
        if self.my_seat() >= 0:
            for cid, rect in self._my_char_rects():
                if rect.collidepoint(pos):
                    self.choices.open_characters(cid)
                    return True
        if r["domain"].collidepoint(pos) and self.camera.frame_big is not None:
            if self.inspect is not None and self.inspect != self.my_seat():
                self.inspect = None
                self.camera.frame_key = None
                return True
            cell = self.camera.frame_big.pick(pos, self.camera.big_heights())
            if cell is None:
                return True
            if self.mode == "place" and self.placer is not None:
                if self.foundation_mode:
                    self.cursor = cell
                    self.try_move(f"foundation {cell[0]} {cell[1]}")
                else:
                    self.placer.cursor = cell
                    self.confirm()
                return True
            if self.mode == "llama":
                self.cursor = cell
                self.try_move(f"llama {cell[0]} {cell[1]}")
                return True
            return True
        return False

    def _key(self, event) -> bool:
        """A key: the focused buttons first, then the view's keys, then the keys of the step being played, then
        the keys of every step (C characters, V the next domain)."""
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self._key_buttons(key, shift) or self._key_view(key, shift):
            return True
        if self.inspect is not None and key in ARROWS:
            self.inspect = None
        if self.mode == "place" and self.placer is not None:
            handled = self._key_place(key, shift)
        else:
            by_mode = {"hut": self._key_hut, "llama": self._key_llama, "after": self._key_after}.get(self.mode)
            handled = by_mode is not None and by_mode(key, shift)
        return handled or self._key_anytime(key)

    def _key_buttons(self, key, shift: bool) -> bool:
        """Tab walks over the buttons (when no piece takes the keys), Enter or Space presses the focused one."""
        focused = next((b for b in self.buttons.values() if b.focused and b.enabled), None)
        if key == pygame.K_TAB and self.mode in ("after", "wait") and not self.marker_mode:
            order = [n for n, b in self.buttons.items() if b.enabled and n != "menu"]
            if order:
                cur = next((i for i, n in enumerate(order) if self.buttons[n].focused), -1)
                nxt = (cur + (-1 if shift else 1)) % len(order)
                for b in self.buttons.values():
                    b.focused = False
                self.buttons[order[nxt]].focused = True
            return True
        if key in CONFIRM_KEYS and focused is not None:
            self._sound("click")
            focused.activate()
            return True
        return False

    def _key_view(self, key, shift: bool) -> bool:
        """+ / − zoom, 0 fits the domain again, Shift+arrows move the view (a quarter of the panel a press)."""
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_by(1)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_by(-1)
            return True
        if key in (pygame.K_0, pygame.K_KP0):
            self.camera.reset_view()
            return True
        if shift and key in ARROWS:
            dx, dy = ARROWS[key]
            rect = self.camera.fit_rect()
            pan = self.camera.pan
            self.camera.set_view(self.camera.zoom, (pan[0] - dx * rect.w / 4, pan[1] - dy * rect.h / 4))
            return True
        return False

    def _key_place(self, key, shift: bool) -> bool:
        """Placing: arrows move the tile (or the foundation cursor), Tab / 1–5 choose the stack, R / M turn and
        mirror, N walks over the placements, F foundation mode, Enter places."""
        p = self.placer
        if key in ARROWS:
            dx, dy = ARROWS[key]
            if self.foundation_mode:
                self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
                self.camera.follow([self.cursor])
            else:
                p.cursor = (p.cursor[0] + dx, p.cursor[1] + dy)
                self.camera.follow_tile()
            return True
        if key == pygame.K_TAB:
            p.cycle_shape(-1 if shift else 1)
            self.middle = None
            return True
        if pygame.K_1 <= key <= pygame.K_5:
            i = key - pygame.K_1
            if self.d["stacks"][i]["count"]:
                p.select(SHAPES[i])
                self.middle = None
            return True
        if key == pygame.K_r:
            p.rotate(-1 if shift else 1)
            return True
        if key == pygame.K_m:
            p.flip()
            return True
        if key == pygame.K_n:
            self._next_spot(-1 if shift else 1)
            return True
        if key == pygame.K_f:
            self.press("foundation")
            return True
        if key in CONFIRM_KEYS:
            if self.foundation_mode:
                self.try_move(f"foundation {self.cursor[0]} {self.cursor[1]}")
            else:
                self.confirm()
            return True
        return False

    def _key_hut(self, key, shift: bool) -> bool:
        """Taking a character: arrows or Tab walk over the row and the deck, Enter takes it."""
        count = len(self.d["character_row"]) + (1 if self.d["character_deck"] else 0)
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) and count:
            step = -1 if key in (pygame.K_LEFT, pygame.K_UP) or shift else 1
            self.choice = (self.choice + step) % count
            return True
        if key in CONFIRM_KEYS:
            self.press("confirm")
            return True
        return False

    def _key_llama(self, key, shift: bool) -> bool:
        """Placing the llama: arrows move the cursor, N or Tab walk over the free cells, Enter places it."""
        if key in ARROWS:
            dx, dy = ARROWS[key]
            self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
            return True
        if key in (pygame.K_n, pygame.K_TAB):
            spots = self._llama_spots()
            if spots:
                i = spots.index(self.cursor) if self.cursor in spots else -1
                self.cursor = spots[(i + (-1 if shift else 1)) % len(spots)]
            return True
        if key in CONFIRM_KEYS:
            self.press("confirm")
            return True
        return False

    def _key_after(self, key, shift: bool) -> bool:
        """After the tile: in marker mode arrows walk over the free spaces and Enter places the marker; F feed, K
        markers, E or Enter end the turn (Enter focuses the first button while a feeding is forced)."""
        if self.marker_mode:
            moves = self._marker_moves()
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and moves:
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) or shift else 1
                self.choice = (self.choice + step) % len(moves)
                self.middle = None
                return True
            if key in CONFIRM_KEYS and moves:
                self.try_move(str(moves[self.choice % len(moves)]))
                return True
        letters = {pygame.K_f: "feed", pygame.K_k: "marker", pygame.K_e: "end"}
        if key in letters:
            self.press(letters[key])
            return True
        if key in CONFIRM_KEYS:  # Enter ends the turn (turning up what it uncovered); a forced feeding comes first
            if self.buttons.get("end") is not None and self.buttons["end"].enabled:
                self.press("end")
            else:
                self.buttons_focus_first()
            return True
        return False

    def _key_anytime(self, key) -> bool:
        """C opens the characters; V looks at the next player's domain (and back to the one in play)."""
        if key == pygame.K_c:
            self.press("characters")
            return True
        if key == pygame.K_v:
            base = self.my_seat() if self.my_seat() >= 0 else max(0, self.d["current_player"])
            nxt = ((self.inspect if self.inspect is not None else base) + 1) % self.n
            self.inspect = None if nxt == base else nxt
            self.camera.frame_key = None
            return True
        return False

    def buttons_focus_first(self) -> None:
        order = [n for n, b in self.buttons.items() if b.enabled and n != "menu"]
        if order:
            for b in self.buttons.values():
                b.focused = False
            self.buttons[order[0]].focused = True

    def _next_spot(self, step: int = 1) -> None:
        """N / Shift+N: the next / previous placement of the tile in hand, every orientation, nearest first."""
        p = self.placer
        if p.cycle(step) is None:
            self._toast_reason(lambda: t("llama_land.legend.nowhere"))
            return
        self.camera.follow_tile()

    def press(self, name: str) -> None:
        b = self.buttons.get(name)
        if b is None or not b.enabled:
            if name in ("feed", "marker", "end", "characters", "foundation"):
                self._explain_disabled(name)
            return
        if name == "rotate" and self.placer:
            self.placer.rotate(1)
        elif name == "mirror" and self.placer:
            self.placer.flip()
        elif name == "foundation":
            self.foundation_mode = not self.foundation_mode
            if self.foundation_mode:
                cells = self._foundation_cells()
                if cells and self.cursor not in cells:
                    self.cursor = cells[0]
            self._refresh_buttons()
        elif name == "characters":
            self.choices.open_characters()
        elif name == "confirm":
            if self.mode == "place":
                self.confirm()
            elif self.mode == "hut":
                count = len(self.d["character_row"])
                self.try_move(f"hut {self.choice}" if self.choice < count else "hut deck")
            elif self.mode == "llama":
                self.try_move(f"llama {self.cursor[0]} {self.cursor[1]}")
        elif name == "feed":
            self.choices.open_feeding()
        elif name == "marker":
            self.marker_mode = not self.marker_mode
            self.choice = 0
            self.middle = None
            self._refresh_buttons()
        elif name == "end":
            self.try_move("end")

    def _explain_disabled(self, name: str) -> None:
        if not self.can_act():
            cur = self.session.current_player
            if cur >= 0 and not self.session.is_human(cur):
                self._toast_reason(lambda: about("llama_land.reason.wait", cur, name=self._name(cur)))
            return
        if name == "end":
            self.try_move("end")
        elif name == "feed":
            self._toast_reason(lambda: t("llama_land.reason.cannot_feed"))
        elif name == "marker":
            self._toast_reason(lambda: t("llama_land.reason.no_marker"))
        elif name == "characters":
            self._toast_reason(lambda: t("llama_land.reason.no_character"))
        elif name == "foundation":
            self._toast_reason(lambda: t("llama_land.reason.no_foundation"))

    def confirm(self) -> None:
        if self.placer is None:
            return
        ev = self.placer.evaluate()
        self.try_move(ev["move"])

    def try_move(self, text: str, confirmed: bool = False) -> bool:
        """Play the human's step (``confirmed`` as in ``TableScene.try_move``: Llama Land has no move to confirm
        first, every step is refused or played at once)."""
        if not self.idle:
            return False
        if not self.can_act():
            cur = self.session.current_player
            if cur >= 0 and not self.session.is_human(cur):
                self._toast_reason(lambda: about("llama_land.reason.wait", cur, name=self._name(cur)))
            return False
        outcome = self.session.play(text)
        if not outcome.ok:
            self._toast_reason(lambda: refusal_text(outcome))
            self._sound("click")
            return False
        return True

    def _refused(self, reason: str) -> str:
        return t("llama_land.reason.refused", reason=reason)

    def _objective_space_at(self, pos):
        for i in range(len(self.d["objectives"])):
            rect = self.rects.get(f"obj{i}")
            if rect is None or not rect.collidepoint(pos):
                continue
            for space, (cx, cy, rad) in enumerate(space_centers(rect, rect.w, rect.h)):
                if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (rad + 4) ** 2:
                    return i, space
            return i, None
        return None

    def _marker_at(self, index: int, space) -> None:
        moves = self._marker_moves()
        if space is None:
            free = [m for m in moves if m.args[0] == index]
            if free:
                self.try_move(str(free[0]))
            elif moves or self.marker_mode:
                self.try_move(f"marker {index} 0")
            return
        pick = [m for m in moves if m.args[0] == index and m.args[1] == space]
        self.try_move(str(pick[0]) if pick else f"marker {index} {space}")
