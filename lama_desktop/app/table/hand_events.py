"""The hand-of-cards table's event animations (``HandEvents``, mixed into ``hand_table.HandTableScene``): the deal,
a card played or drawn, a player quitting, a hand turned down for hot-seat, the round's end with its summary and
the tokens flying to the seats, a token given back, and the game's end lines.

Each ``_ev_<kind>(seat, data)`` changes the table's shown model as the event is shown and lets the pieces fly
(``TableScene._fly``); what a game says or shows differently comes from the table's hooks (``_card_name``,
``_sort``, ``_new_round``, ``_deal_line``, ``_deal_actor``, ``_log_play``, ``_log_draw``, ``_token_holdings``,
``_round_summary``).
"""

from __future__ import annotations

from lama_desktop.core.i18n import about, t
from lama_desktop.core.i18n import winners as i18n_winners
from lama_desktop.app.table.pieces import Toast, lazy
from lama_desktop.engine.core import Event
from lama_desktop.app.scenes.round_summary import closed_round

#: seconds between two dealt cards, a play's glide, a draw's flight, a token's flight (before the animation-speed
#: setting)
DEAL_STEP = 0.09
PLAY_TIME = 0.26
DRAW_TIME = 0.34
TOKEN_TIME = 0.42


class HandEvents:
    """The event animations of a table where each player holds a hand of cards."""

    def _ev_deal(self, _dealer, d) -> None:
        # who deals and who is dealt to first are in the event's data (a table-made deal has no seat)
        sh = self.shown
        n = self.n
        sizes = list(d["hand_sizes"])
        total = sum(sizes)
        sh.pile = int(d["pile"]) + total + 1
        sh.sizes = [0] * n
        sh.hand = []
        sh.discard = []
        sh.active = [True] * n
        first = self._new_round(d)
        sh.round = int(d["round"])
        sh.current = int(d["starter"])
        sh.phase = "playing"
        sh.hand_face = 1.0
        view = self.session.view(self.focus)
        final = self._sort(self._card_name(c) for c in view.to_dict()["hand"]) if self.revealed else []
        sh.hand = list(final)
        sh.landed = set()
        self.lifts = [0.0] * len(final)
        self._build_buttons()
        self._sound("shuffle")
        self.toasts.append(Toast(t("hand.toast.round", round=d["round"]), 1.3, True))
        self.log.add(self._deal_line(d), (196, 226, 214), seat=self._deal_actor(d))
        order = [((first + i) % n) for i in range(total)]
        dealt = {seat: 0 for seat in range(n)}
        for i, seat in enumerate(order):
            index = dealt[seat]
            dealt[seat] += 1
            self._deal_card(i, seat, index, sizes[seat], final)
        self._deal_top(self._card_name(d["top"]), delay=0.25 + total * DEAL_STEP + 0.12)

    def _deal_card(self, i: int, seat: int, index: int, size: int, final: list) -> None:
        """The deal's ``i``-th card flies to ``seat`` (its ``index``-th of ``size``), face up to the player."""
        sh = self.shown
        mine = seat == self.focus and self.revealed
        end = self._deal_target(seat, index, size)

        def start():
            sh.pile -= 1

        def land():
            sh.sizes[seat] += 1
            if mine and sh.landed is not None:
                sh.landed.add(index)
            if i % 3 == 0:
                self._sound("deal")

        w1 = self.hand_w if seat == self.focus else self.back_w
        self._fly(final[index] if mine and index < len(final) else None, self._pile_center(), end,
                  self.pile_w, w1, 0.30, delay=0.25 + i * DEAL_STEP, flip=(0.0, 1.0 if mine else 0.0),
                  on_start=start, on_finished=land)

    def _deal_top(self, top, delay: float) -> None:
        """After the deal, the pile's top card is turned onto the discard pile."""
        sh = self.shown

        def start_top():
            sh.pile -= 1

        def land_top():
            sh.discard = [top]
            sh.landed = None
            self._sound("card_play")

        self._fly(top, self._pile_center(), self._discard_center(), self.pile_w, self.pile_w, 0.32,
                  delay=delay, flip=(0.0, 1.0), on_start=start_top, on_finished=land_top)

    def _ev_play(self, seat, d) -> None:
        sh = self.shown
        card = self._card_name(d["card"])
        mine = seat == self.focus and self.revealed and card in sh.hand
        if mine:
            index = sh.hand.index(card)
            positions = self._hand_positions()
            x, y, angle = positions[index]
            start = (x, y - (self.lifts[index] if index < len(self.lifts) else 0))
            sh.hand.pop(index)
            if index < len(self.lifts):
                self.lifts.pop(index)
            w0, flip0 = self.hand_w, 1.0
        else:
            start = self._hand_anchor(seat)
            angle = 0
            w0, flip0 = self.back_w, 0.0
        sh.sizes[seat] = int(d.get("hand_size", max(0, sh.sizes[seat] - 1)))
        wobble = (-7, 5, -3, 8, -5, 3)[len(sh.discard) % 6]

        def land():
            sh.discard = (sh.discard + [card])[-5:]

        self._sound("card_play")
        self._fly(card, start, self._discard_center(), w0, self.pile_w, PLAY_TIME, flip=(flip0, 1.0),
                  on_finished=land, angle=(angle, wobble))
        self._log_play(seat, card)

    def _ev_draw(self, seat, d, forced: bool = False) -> None:
        sh = self.shown
        mine = seat == self.focus and self.revealed
        # the event is the viewer's redacted copy: another seat's card is None ("a card")
        card = self._card_name(d["card"]) if mine and d.get("card") is not None else None
        # another seat's card is known only in a replay's open view (its events are not redacted): named in the log
        open_card = self._card_name(d["card"]) if not mine and d.get("card") is not None else None
        sh.pile = int(d["pile"])

        def land():
            sh.sizes[seat] = int(d.get("hand_size", sh.sizes[seat] + 1))
            if mine and card:
                sh.landed = None

        if mine and card:
            end = self._open_gap(card)
            w1 = self.hand_w
        elif mine:
            end = self._hand_anchor(seat)
            w1 = self.hand_w
        else:
            end = self._hand_anchor(seat)
            w1 = self.back_w if self.pos_of(seat) else self.hand_w
        self._sound("card_draw")
        self._fly(card, self._pile_center(), end, self.pile_w, w1, DRAW_TIME,
                  flip=(0.0, 1.0 if mine else 0.0), on_finished=land, delay=0.15 if forced else 0.0)
        self._log_draw(seat, card, forced, open_card)

    def _open_gap(self, card):
        """The fan opens a gap where the drawn ``card`` will land; returns where that is."""
        sh = self.shown
        new_hand = self._sort(sh.hand + [card])
        probe = len(new_hand) - 1 - new_hand[::-1].index(card)
        old = list(range(len(new_hand)))
        old.remove(probe)
        lifts = [0.0] * len(new_hand)
        for j, i in enumerate(old):
            lifts[i] = self.lifts[j] if j < len(self.lifts) else 0.0
        sh.hand, sh.landed, self.lifts = new_hand, set(old), lifts
        return self._hand_positions()[probe][:2]

    def _ev_quit(self, seat, d) -> None:
        sh = self.shown
        sh.active[seat] = False
        self._sound("card_draw")
        if seat == self.focus and self.revealed:
            self.tween.animate(sh, 0.4, "ease_in_out", hand_face=0.0)
        else:
            self.tween.after(0.25, lambda: None)
        if self._is_me(seat):
            self.log.add(lazy.t("hand.log.quit_own"), (246, 200, 160))
        else:
            self.log.add(lazy.about("hand.log.quit", seat, name=self._name(seat)), (246, 200, 160))

    def _is_me(self, seat) -> bool:
        """The log says "you" for the one human at the table (never in hot-seat, where names are clearer)."""
        return not self.hotseat and seat == self.focus and self.session.is_human(seat)

    def _ev_round_end(self, seat, d) -> None:
        emptied = int(d.get("emptied_by", -1))
        if emptied >= 0:
            self.toasts.append(Toast(about("hand.toast.emptied", emptied, name=self._name(emptied)), 1.6, True))
            self.log.add(lazy.about("hand.log.emptied", emptied, name=self._name(emptied)), (255, 214, 110),
                         seat=emptied)
        else:
            self.log.add(lazy.t("hand.log.all_quit"), (255, 214, 110), seat=None)
        self._sound("blowup" if emptied >= 0 else "token")
        if int(d.get("returner", -1)) >= 0:
            # the summary shows the round's final totals: it waits for the token the engine says comes back
            self._round_ending = dict(d)
            return
        self._show_round_summary(d)

    def _show_round_summary(self, d, delay: float = 0.9) -> None:
        scene_type, options = self._round_summary()
        self._open_round_summary(scene_type, d, delay, **options)

    def _round_tokens(self, d) -> None:
        sh = self.shown
        center = self._discard_center()
        for seat, gained in enumerate(d["points"]):
            if gained <= 0:
                continue
            self._fly_round_tokens(seat, self._token_holdings(gained), center, TOKEN_TIME + 0.1)
        for seat, score in enumerate(d["scores"]):
            self.log.add(lazy.about("hand.log.points", seat, name=self._name(seat), gained=d["points"][seat],
                                    total=score),
                         seat=seat)

        def land():
            sh.scores = list(d["scores"])
            self._sound("token")
            for seat, gained in enumerate(d["points"]):
                r = self.layout[f"seat{self.pos_of(seat)}.plate"]
                text = f"+{gained}" if gained else "±0"
                color = (255, 214, 110) if gained else (170, 230, 170)
                y = r.y if r.y > self.layout.s(90) else r.bottom + self.layout.s(50)  # room above the plate
                self.floaters.append([text, r.right - self.layout.s(40), y, 0.0, color])

        self.tween.after(TOKEN_TIME + 0.1 + 0.08 * self.n, land)

    def _ev_token_return(self, seat, d) -> None:
        sh = self.shown
        token = int(d["token"])
        sh.scores[seat] = int(d["score"])
        start = self._tokens_anchor(seat)
        end = (self.layout["discard"].centerx, -self.token_d)
        self._fly(self._token_kind(token), start, end, self.token_d, self.token_d, TOKEN_TIME + 0.15,
                  kind="token", tween="ease_in_out")
        self._sound("token")
        line = lazy.about("hand.log.return", seat, name=self._name(seat), value=token)
        self.toasts.append(Toast(line, 1.6))  # the toast says what the log says
        self.log.add(line, (255, 214, 110))
        ending, self._round_ending = self._round_ending, None
        if ending is not None:  # the round's summary, with the totals after the token came back (the engine's)
            self._show_round_summary(closed_round(ending, Event("token_return", seat, d)), TOKEN_TIME + 0.3)

    def _ev_hide(self, seat, d) -> None:
        if self.hotseat and self.session.current_player != self.focus:
            self.revealed = False
            self.shown.hand = []
            self.lifts = []
            self.hand_focus = -1

    def _winner_texts(self, winners: list):
        return (i18n_winners("hand.toast.winner", winners, self._name),
                lazy.winners("hand.log.game_end", winners, self._name))

    def _score_history(self) -> list:
        return self.session.view(self.focus).history or self.session.score_history
