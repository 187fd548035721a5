"""How the LAMA Cadabra table shows the engine's events (``CadabraTableEvents``, mixed into
``table.CadabraTableScene`` before the hand-of-cards frame's own): the deal and the log lines of plays and draws,
tokens flying to the Lamagic Show and back, the show's start, take and stop, a circle's token given, the magic token
passing, the exchange, the round's end and its tokens."""

from __future__ import annotations

from lama_desktop.app.table.hand_events import TOKEN_TIME
from lama_desktop.app.table.pieces import LazyText, Toast, lazy
from lama_desktop.core.i18n import about, t
from lama_desktop.games.cadabra.components import DATA, IS_LLAMA, SHOW_THRESHOLD, SYMBOL, VALUES
from lama_desktop.games.cadabra.summary import CadabraSummaryScene
from lama_desktop.games.cadabra.words import DISPLAY, ENGINE, KIND_OF, sort_hand

def card_text(name: str) -> LazyText | str:
    """``card_label`` translated when drawn: a log line keeps following the language after a change mid-game."""
    cid = ENGINE.get(name, name)
    k = KIND_OF.get(cid)
    if k is None:
        return name
    if IS_LLAMA[k]:
        return lazy.t("cadabra.card.llama")
    if SYMBOL[k]:
        return lazy.t(f"cadabra.card.{DATA['symbols'][SYMBOL[k]]['shape']}", value=VALUES[k][0])
    return cid


def token_kind(token) -> str:
    return "magic" if token == "M" else {1: "white", 10: "black"}[int(token)]


class CadabraTableEvents:
    """The LAMA Cadabra table's event animations (``_ev_<kind>``) and the hooks the hand-of-cards frame's own
    animations ask (the deal's line, a card's name, the log of plays and draws)."""

    # -- event animations ----------------------------------------------------------------------------------
    def _new_round(self, d) -> int:
        sh = self.shown
        sh.show = False
        sh.board = list(d.get("board", sh.board))
        if sh.magic not in ("board",):
            sh.magic = "supply"
        return int(d["starter"])

    def _deal_line(self, d):
        return lazy.about("cadabra.log.deal", int(d["starter"]), name=self._name(int(d["starter"])))

    def _deal_actor(self, d) -> int:
        return int(d["starter"])

    def _card_name(self, card):
        return DISPLAY.get(card, card)

    def _sort(self, names) -> list[str]:
        return sort_hand(names)

    def _log_play(self, seat: int, card: str) -> None:
        # "you" (cadabra.log.play_own) for the reader alone: in a replay the person here, not the seat watched
        self.log.add(lazy.about("cadabra.log.play", seat, name=self._name(seat), card=card_text(card)))

    def _log_draw(self, seat: int, card, forced: bool, open_card=None) -> None:
        if forced:
            self.toasts.append(Toast(about("cadabra.toast.force_draw", seat, name=self._name(seat)), 1.5))
            self.log.add(lazy.about("cadabra.log.force_draw", seat, name=self._name(seat)), (200, 220, 255))
        if card or open_card:  # a replay's open view names every card; "you" is only the person at this computer
            self.log.add(lazy.about("cadabra.log.draw_open", seat, name=self._name(seat),
                                    card=card_text(card or open_card)))
        elif not forced:
            self.log.add(lazy.about("hand.log.draw", seat, name=self._name(seat)))

    def _ev_force_draw(self, seat, d) -> None:
        self._ev_draw(seat, d, forced=True)

    def _ev_show_token(self, seat, d) -> None:
        sh = self.shown
        token = d["token"]
        slot = self._board_slot(min(len(sh.board), SHOW_THRESHOLD - 1))
        start = self._magic_anchor(seat) if token == "M" else self._tokens_anchor(seat)
        sh.set_holdings(d.get("holdings"))
        if token == "M":
            sh.magic = "board"

        def land():
            sh.board = list(d["board"])
            self._sound("token")

        self._fly(token_kind(token), start, slot, self.small_token_d, self.small_token_d, TOKEN_TIME,
                  on_finished=land, kind="token")
        if token == "M":
            self.log.add(lazy.about("cadabra.log.show_token_magic", seat, name=self._name(seat)))
        else:
            self.log.add(lazy.about("cadabra.log.show_token", seat, name=self._name(seat), value=token))

    def _ev_show_start(self, seat, d) -> None:
        self.shown.show = True
        self.shown.board = list(d["board"])
        self._sound("show_start")
        self.toasts.append(Toast(t("cadabra.toast.show"), 2.2, True, (120, 80, 200)))
        self.log.add(lazy.t("cadabra.log.show_start"), (210, 190, 255))
        self.tween.after(0.7, lambda: None)

    def _ev_show_take(self, seat, d) -> None:
        sh = self.shown
        tokens = list(d["tokens"])
        holdings = d.get("holdings")
        for i, token in enumerate(tokens):
            last = i == len(tokens) - 1

            def land(last=last):
                self._sound("token")
                if last:
                    sh.set_holdings(holdings)
                    if d.get("magic"):
                        sh.magic = seat

            end = self._magic_anchor(seat) if token == "M" else self._tokens_anchor(seat)
            self._fly(token_kind(token), self._board_slot(min(i, SHOW_THRESHOLD - 1)), end, self.small_token_d,
                      self.token_d, TOKEN_TIME, delay=i * 0.07, on_finished=land, kind="token")
        sh.board = []
        sh.show = False
        if not tokens:
            sh.set_holdings(holdings)
        line = lazy.plural_about("cadabra.log.show_take", seat, int(d["value"]), name=self._name(seat))
        self.toasts.append(Toast(line, 2.0, True))  # the toast says what the log says
        self.log.add(line, (255, 214, 110))

    def _ev_show_stop(self, seat, d) -> None:
        self.shown.show = False
        if d.get("reason") == "last_llama":
            self.toasts.append(Toast(t("cadabra.toast.show_stop"), 1.8, True))
            self.log.add(lazy.t("cadabra.log.show_stop"), (210, 190, 255))

    def _ev_give(self, seat, d) -> None:
        sh = self.shown
        token, to = d["token"], int(d["to"])
        start = self._magic_anchor(seat) if token == "M" else self._tokens_anchor(seat)
        end = self._magic_anchor(to) if token == "M" else self._tokens_anchor(to)
        if token == "M":
            sh.magic = "moving"
        before = d.get("holdings")
        if before:  # the giver's stack shrinks at once, the receiver's grows when the token lands
            sh.whites[seat], sh.blacks[seat] = before[seat]
            sh.scores[seat] = before[seat][0] + 10 * before[seat][1]

        def land():
            sh.set_holdings(d.get("holdings"))
            if token == "M":
                sh.magic = to
            self._sound("token")

        self._fly(token_kind(token), start, end, self.token_d, self.token_d, TOKEN_TIME + 0.15, on_finished=land,
                  kind="token", tween="ease_in_out")
        if token == "M":
            line = lazy.about("cadabra.log.give_magic", seat, to, name=self._name(seat), to=self._name(to))
        else:
            line = lazy.about("cadabra.log.give", seat, to, name=self._name(seat), to=self._name(to), value=token)
        self.toasts.append(Toast(line, 1.6))  # the toast says what the log says
        self.log.add(line)

    def _ev_magic(self, seat, d) -> None:
        sh = self.shown
        source = d.get("from")
        if d.get("action") == "pass":
            start, end = self._magic_anchor(seat), self._supply_anchor()
            target = "supply"
            self.toasts.append(Toast(about("cadabra.toast.pass", seat, name=self._name(seat)), 1.5, True))
            self.log.add(lazy.about("cadabra.log.pass", seat, name=self._name(seat)), (150, 190, 255))
        else:
            if source == seat:
                self.log.add(lazy.about("cadabra.log.magic_kept", seat, name=self._name(seat)), (150, 190, 255))
                return
            if source == "supply":
                start = self._supply_anchor()
            elif source == "board":
                index = sh.board.index("M") if "M" in sh.board else 0
                start = self._board_slot(min(index, SHOW_THRESHOLD - 1))
                if "M" in sh.board:
                    sh.board.remove("M")
            else:
                start = self._magic_anchor(int(source))
            end = self._magic_anchor(seat)
            target = seat
            self.toasts.append(Toast(about("cadabra.toast.magic", seat, name=self._name(seat)), 1.5))
            self.log.add(lazy.about("cadabra.log.magic", seat, name=self._name(seat)), (150, 190, 255))
        sh.magic = "moving"

        def land():
            sh.magic = target
            self._sound("token")

        self._fly("magic", start, end, self.token_d, self.token_d, TOKEN_TIME + 0.2, on_finished=land, kind="token",
                  tween="ease_in_out")

    def _ev_exchange(self, seat, d) -> None:
        sh = self.shown
        anchor = self._tokens_anchor(seat)
        for i in range(4):
            self._fly("white", (anchor[0] - self.token_d * (1.5 - i * 0.4), anchor[1]), anchor, self.token_d,
                      self.token_d // 2, 0.25, delay=i * 0.04, kind="token")

        def land():
            sh.set_holdings(d.get("holdings"))
            self._sound("token")

        self._fly("black", (anchor[0], anchor[1] - self.token_d), anchor, self.token_d // 2, self.token_d, 0.3,
                  delay=0.22, on_finished=land, kind="token")
        self.log.add(lazy.about("cadabra.log.exchange", seat, name=self._name(seat)))

    def _ev_round_end(self, seat, d) -> None:
        self.shown.show = False
        super()._ev_round_end(seat, d)

    def _round_summary(self):
        return CadabraSummaryScene, {}

    def _round_tokens(self, d) -> None:
        sh = self.shown
        holder = int(d.get("magic_holder", -1))
        if holder >= 0:
            self._fly("magic", self._magic_anchor(holder), self._supply_anchor(), self.token_d, self.token_d,
                      TOKEN_TIME + 0.1, kind="token")
            sh.magic = "supply"
        super()._round_tokens(d)
        holdings = d.get("holdings")

        def land():
            sh.set_holdings(holdings)

        self.tween.after(TOKEN_TIME + 0.15 + 0.08 * self.n, land)

    def _token_holdings(self, points: int) -> dict:
        return {20: 0, 10: points // 10, 1: points % 10}

    def _ev_token_return(self, seat, d) -> None:
        super()._ev_token_return(seat, d)
        self.shown.set_holdings(d.get("holdings"))
