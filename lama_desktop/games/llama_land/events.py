"""What the Llama Land table tells of each engine event: the log line, the toasts, the sound, the falling tile and
the pictures flying to a player's panel; and the round shown."""

from __future__ import annotations

from lama_desktop.core.i18n import about, t
from lama_desktop.core.i18n import winners as winners_text
from lama_desktop.app.table.pieces import GOLD, LazyJoin, Toast, lazy


class EventsMixin:
    """The table's reading of the engine's events (``_on_event``)."""

    def _on_event(self, seat, event) -> None:
        d = event.data
        name = self._name(seat)
        kind = event.kind
        if kind == "place":
            cells = [tuple(c) for c in d["cells"]]
            self.log.add(lazy.about(f"llama_land.log.{d['kind']}", seat, name=name, shape=d["shape"], level=d["level"]))
            if seat != self.my_seat() or self.inspect is not None:
                self.inspect = None
            self.motion.place(seat, cells, d["level"])
            self.camera.frame_key = None
            self._sound("card_play")
        elif kind == "foundation":
            self.log.add(lazy.about("llama_land.log.foundation", seat, name=name, level=d["level"], left=d["left"]))
            self._sound("token")
        elif kind == "payout":
            lazy_gains = _gains_lazy(d.get("gains", {}))
            gains = str(lazy_gains)
            if gains:
                src = d.get("source", "icons")
                key = "llama_land.log.payout" if src == "icons" else "llama_land.log.bonus"
                who = lazy.t(f"llama_land.char.{src}.name") if src != "icons" else ""
                self.log.add(lazy.about(key, seat, name=name, gains=lazy_gains, who=who), (246, 226, 160))
                self.toasts.append(Toast(about("llama_land.toast.gains", seat, name=name, gains=gains), 1.3, False,
                                         GOLD))
                self._sound("token")
                self.motion.fly_gains(seat, d.get("gains", {}))
        elif kind == "character":
            cname = lazy.t(f"llama_land.char.{d['type']}.name")
            if d["action"] == "take":
                self.log.add(lazy.about("llama_land.log.take", seat, name=name, who=cname))
                self.motion.fly_character(seat, d)
                self._sound("card_draw")
            else:
                give, get = lazy.t(f"llama_land.res.{d['give']}"), lazy.t(f"llama_land.res.{d['get']}")
                self.log.add(lazy.about("llama_land.log.use", seat, name=name, who=cname, give=give, get=get))
        elif kind == "feed":
            self.log.add(lazy.about("llama_land.log.feed", seat, name=name, crop=lazy.t(f"llama_land.res.{d['crop']}"),
                                 card=d["card"]),
                         (246, 226, 160))
            self.toasts.append(Toast(about("llama_land.toast.fed", seat, name=name, card=d["card"]), 1.5, True))
            self.motion.fly_card(seat, d["crop"], d["card"])
            self._sound("card_draw")
        elif kind == "llama":
            if d.get("placed"):
                self.log.add(lazy.about("llama_land.log.llama", seat, name=name, level=d["level"]))
                self.motion.flash_cells(seat, [(d["x"], d["y"])])
                self._sound("token")
            else:
                self.log.add(lazy.about("llama_land.log.no_llama", seat, name=name))
        elif kind == "marker":
            obj = lazy.t(f"llama_land.objective.{d['objective']}.name")
            self.log.add(lazy.about("llama_land.log.marker", seat, name=name, objective=obj))
            self._sound("token")
        elif kind == "turn_end":
            self.log.add(lazy.about("llama_land.log.turn_end", seat, name=name), (170, 200, 190))
            self.inspect = None
        elif kind == "end_trigger":
            key = "llama_land.toast.end_tiles" if d["reason"] == "tiles" else "llama_land.toast.end_cards"
            self.toasts.append(Toast(t(key), 2.4, True))
            self.log.add(lazy.t(key), (255, 214, 110))
        elif kind == "game_end":
            self._game_end = dict(d)  # the results show this event's scores and breakdown
            winners = d.get("winners", self.session.winners())
            self.toasts.append(Toast(winners_text("llama_land.toast.winner", winners, self._name), 2.4, True))
            self.log.add(lazy.winners("llama_land.toast.winner", winners, self._name), (255, 214, 110))
            self._sound("win")
            self.finished = True
            if self.session.lesson is None:  # a lesson ends on the table: its scoring step and recap show there
                self.tween.after(1.8, self._to_results)


def _gains_lazy(gains: dict) -> LazyJoin:
    """``_gains_text`` for a log line: translated when the log is drawn."""
    parts = []
    for res in ("corn", "cacao", "potato", "coins", "coin"):
        n = gains.get(res, 0)
        if n:
            name = "coin" if res == "coins" else res
            # a count of its own ("+1 coin", "+2 coins", "+2 Kartoffeln", "+5 monet"): the language's plural rule
            parts.append(lazy.plural(f"llama_land.gain.{name}", n))  # i18n-keys: llama_land.gain.*
    return LazyJoin(", ", parts)


def _gains_text(gains: dict) -> str:
    """What a payout brought, in the current language ("+2 corn, +1 coin")."""
    return str(_gains_lazy(gains))


def round_number(d: dict) -> int:
    """The round of the player to move (not the most turns anyone has had: that ran a round ahead)."""
    turns = d.get("turns") or [0]
    current = d.get("current_player", -1)
    if not d.get("over") and 0 <= current < len(turns):
        return turns[current] + 1
    return max(turns)
