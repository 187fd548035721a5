"""The tooltips of the Llama Land table (table/tooltip.py): the buttons, the stacks, llama cards, characters,
objectives, the supply, the players' panels, the cells of the big domain and what the keys are on."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import about, plural, t
from lama_desktop.games.llama_land.pieces import space_centers
from lama_desktop.app.table.tooltip import Tip
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.games.llama_land.engine.state import D as LAND_DATA
from lama_desktop.games.llama_land.events import round_number
from lama_desktop.games.llama_land.layout import CROPS


class TipsMixin:
    """The table's tips (``_piece_tip``, ``_focus_tip``)."""

    button_tips = {"rotate": "llama_land.tip.button.rotate", "mirror": "llama_land.tip.button.mirror",
                   "foundation": "llama_land.tip.button.foundation",
                   "characters": "llama_land.tip.button.characters", "feed": "llama_land.tip.button.feed",
                   "marker": "llama_land.tip.button.marker", "end": "llama_land.tip.button.end",
                   "confirm": "llama_land.tip.button.confirm", "place": "llama_land.tip.button.place"}

    def _button_tip(self, name: str, button) -> str:
        if name == "confirm" and self.mode == "place":  # Enter places the tile (else it confirms a choice)
            name = "place"
        return super()._button_tip(name, button)

    def _piece_tip(self, pos):
        if self.ui is None or not getattr(self, "rects", None):
            return None
        d, r = self.d, self.rects
        for i, ch in enumerate(d["character_row"]):
            if r[f"char{i}"].collidepoint(pos):
                return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)), tuple(r[f"char{i}"]))
        gap = len(d["character_row"])
        if d["turn"].get("row_gap", -1) >= 0 and gap < 5 and r[f"char{gap}"].collidepoint(pos):
            return Tip(t("llama_land.tip.face_down_character"), tuple(r[f"char{gap}"]))
        if d["character_deck"] and r["char5"].collidepoint(pos):
            return Tip(plural("llama_land.tip.char_deck", d["character_deck"]), tuple(r["char5"]))
        for seat in range(self.n):
            for cid, rect in self._char_chip_rects(seat):
                if rect.collidepoint(pos):
                    ch = next(c for c in d["collections"][seat]["characters"] if c["id"] == cid)
                    return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)), tuple(rect))
        for i, st in enumerate(d["stacks"]):
            if r[f"stack{i}"].collidepoint(pos):
                text = plural("llama_land.tip.stack", st["count"], shape=st["shape"])
                how = t("llama_land.tip.face_down_tile") if st.get("covered") else t("llama_land.tip.stack_how")
                return Tip(text + "\n" + how, tuple(r[f"stack{i}"]))
        for i, crop in enumerate(CROPS):
            rect = r[f"column{i}"]
            strip = pygame.Rect(rect.x, rect.y, rect.w, r["columns"].bottom - rect.y)  # the card and its values
            if strip.collidepoint(pos):
                values = d["llama_columns"][crop]
                text = t("llama_land.tip.column", crop=t(f"llama_land.res.{crop}"))
                if values:
                    text += "\n" + plural("llama_land.tip.column_top", values[0])
                if len(values) > 1:
                    text += "\n" + t("llama_land.tip.column_under", values=" ".join(str(v) for v in values[1:]))
                return Tip(text + "\n" + t("llama_land.tip.feed"), tuple(rect))
        for i, obj in enumerate(d["objectives"]):
            rect = r.get(f"obj{i}")
            if rect is not None and rect.collidepoint(pos):
                return Tip(self._objective_tip(obj, pos, rect), tuple(rect))
        sections = (("stacks", "llama_land.tip.section_stacks"), ("columns", "llama_land.tip.feed"),
                    ("chars", "llama_land.tip.section_chars"),
                    ("objectives", "llama_land.tip.section_objectives"))
        for name, key in sections:  # a section's title and background: what the section is for
            if r[name].collidepoint(pos):
                return Tip(t(key), tuple(r[name]))
        for rect, what in getattr(self, "_supply_hits", ()):
            if rect.collidepoint(pos):
                return Tip(self._supply_tip(what), tuple(rect))
        if r["supply"].collidepoint(pos):
            return Tip(t("llama_land.tip.supply"), tuple(r["supply"]))
        if r["domain"].collidepoint(pos):
            return self._domain_tip(pos)
        for seat in range(self.n):
            rect = r.get(f"panel{seat}")
            if rect is not None and rect.collidepoint(pos):
                col = d["collections"][seat]
                return Tip("\n".join([self._name(seat), plural("tooltips.common.points", int(d["scores"][seat])),
                                      t("llama_land.tip.kit", foundations=col["foundations"],
                                        markers=col["markers"])]), tuple(rect))
        return None

    def _objective_tip(self, obj: dict, pos, rect) -> str:
        """An objective: its name and condition, the points of its spaces (the game's data), a marker's owner."""
        a, b, c = obj["spaces"]
        lines = [t(f"llama_land.objective.{obj['id']}.name"), t(f"llama_land.objective.{obj['id']}.text")]
        if obj["colour"] == "gold":
            lines.append(t("llama_land.tip.objective_gold", a=a, b=b, c=c))
        else:
            lines.append(t("llama_land.tip.objective_spaces", a=a, b=b, c=c))
            if self.n == 2:
                lines.append(t("llama_land.tip.objective_two"))
        for space, (cx, cy, rad) in enumerate(space_centers(rect, rect.w, rect.h)):
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (rad + 4) ** 2:
                owner = obj["markers"][space]
                if owner is not None:
                    lines.append(plural("llama_land.tip.marker", obj["spaces"][space], name=self._name(owner)))
        return "\n".join(lines)

    def _supply_tip(self, what: str) -> str:
        d = self.d
        end = t("llama_land.tip.end", tiles=LAND_DATA.end_tiles_left)
        if what == "tiles":
            return plural("llama_land.tip.tiles_left", d["tiles_left"]) + "\n" + end
        if what == "round":
            return t("llama_land.tip.round", n=round_number(d)) + "\n" + end
        return t("llama_land.tip.supply")

    def _spots(self) -> dict:
        """The legal spots drawn on the shown domain now: ``{(x, y): "extend"|"build"}`` (none when not placing)."""
        if self.mode != "place" or self.placer is None or self.foundation_mode or self.shown_seat != self.my_seat():
            return {}
        return self.placer.legal_anchors()

    def _domain_tip(self, pos):
        """A cell of the big domain (its level, what lies on it, what covering it gives, and the spot drawn on
        it), free ground (what a tile placed there would do), else the domain itself (whose, and how to look)."""
        frame, seat = self.camera.frame_big, self.shown_seat
        status = getattr(self, "_status_rect", None)
        if status is not None and status.collidepoint(pos):
            return None  # the status line says itself what it says
        final = self._final_scores_layout() if hasattr(self, "_final_scores_layout") else None
        if final is not None and final[0].collidepoint(pos):
            return None  # the final scoring card (a lesson's end) says itself what it says
        cell = frame.pick(pos, self.camera.big_heights()) if frame is not None else None
        if cell is not None:
            return self._cell_tip(cell)
        keep = (tuple(final[0]),) if final is not None else ()  # the tip never covers the final scoring card
        return Tip(about("llama_land.tip.domain", seat, name=self._name(seat)), tuple(self.rects["domain"]),
                   keep)

    def _cell_tip(self, cell):
        """A cell of the big domain: its level, what lies on it and what covering it gives, or free ground (what a
        tile there would do); and the legal spot drawn on it, if any."""
        frame, seat = self.camera.frame_big, self.shown_seat
        cells = {(c["x"], c["y"]): c for c in self.d["domains"][seat]["cells"]}
        spot = self._spots().get(cell)
        c = cells.get(cell)
        level = c["height"] if c is not None else 1
        points = frame.top_rhombus(cell[0], cell[1], level)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        rect = (round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        if c is not None:
            # i18n-keys: llama_land.tip.under_* llama_land.tip.icon_* llama_land.legend.*
            under = c["levels"][-1]["shape"] if c["levels"] else "board"
            piece = t(f"llama_land.tip.under_{under}") if under in ("board", "foundation") else \
                t("llama_land.tip.under_tile", shape=under)
            lines = [t("llama_land.tip.cell", level=level, piece=piece)]
            lines.append(t("llama_land.tip.llama_here") if c["llama"]
                         else t(f"llama_land.tip.icon_{c['icon']}"))
        else:
            lines = [t("llama_land.tip.ground")]
        if spot is not None:
            lines.append(t(f"llama_land.legend.{spot}"))
        final = self._final_scores_layout() if hasattr(self, "_final_scores_layout") else None
        return Tip("\n".join(lines), rect, (tuple(final[0]),) if final is not None else ())

    def _placement_tip(self):
        """The tile in hand where the keys put it (arrows, N / Shift+N): an extension or a build, and what it
        gives (as the status line says it), or why it cannot go there; over the tile's cells."""
        ev = self.placer.evaluate()
        frame = self.camera.frame_big
        points = [p for x, y, _icon in ev["cells"] for p in frame.top_rhombus(x, y, ev["level"])]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        rect = (round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        if not ev["legal"]:
            return Tip(refusal_text(ev["refusal"]), rect)
        text = t(f"llama_land.legend.{ev['kind']}")
        if ev["kind"] == "build":
            text += "\n" + self._status_text()[0]
        return Tip(text, rect)

    def _focus_tip(self):
        """What the keys are on: the tile in hand (arrows, N / Shift+N), the character to take, the cell for the new
        llama, the objective space for the marker."""
        if self.camera.frame_big is None:
            return None
        if self.mode == "place" and self.placer is not None and not self.foundation_mode and self.placer.cells():
            return self._placement_tip()
        if self.mode == "place" and self.foundation_mode:
            return self._cell_tip(tuple(self.cursor))
        row = self.d["character_row"]
        if self.mode == "hut" and isinstance(self.choice, int):
            if 0 <= self.choice < len(row):
                ch = row[self.choice]
                return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)),
                           tuple(self.rects[f"char{self.choice}"]))
            if self.choice == len(row) and self.d["character_deck"]:
                return Tip(plural("llama_land.tip.char_deck", self.d["character_deck"]),
                           tuple(self.rects["char5"]))
        if self.mode == "llama":
            return self._cell_tip(tuple(self.cursor))
        if self.mode == "after" and self.marker_mode:
            moves = self._marker_moves()
            if moves:
                index, space = moves[self.choice % len(moves)].args[:2]
                rect = self.rects.get(f"obj{index}")
                if rect is not None:
                    cx, cy, _rad = space_centers(rect, rect.w, rect.h)[space]
                    return Tip(self._objective_tip(self.d["objectives"][index], (cx, cy), rect), tuple(rect))
        return None

    def _tip_pieces(self) -> list[pygame.Rect]:
        """The stacks, llama-card columns, characters, objective cards and every player's panel: a tip about one
        keeps clear of the others when it can (the domain and the buttons come from ``tutorial_clear``)."""
        if not self.rects:
            return []
        names = [f"stack{i}" for i in range(5)] + [f"column{i}" for i in range(3)] + [f"char{i}" for i in range(6)]
        names += [f"obj{i}" for i in range(len(self.d["objectives"]))] + [f"panel{s}" for s in range(self.n)]
        return [pygame.Rect(self.rects[name]) for name in names if name in self.rects]


def _char_fmt(ch: dict) -> dict:
    crops = [t(f"llama_land.res.{c}") for c in ch.get("crops", [])] + ["", ""]
    return {"a": crops[0], "b": crops[1]}
