"""How the LAMA Dice table shows the engine's events (``DiceTableEvents``, mixed into ``table.DiceTableScene``):
the deal's cards flying to the rows, the dice tumbling to the rolled faces, discards, takes, the blow-up, quits,
tokens returned or won, the round's end and the winners, each with its sound, toast and log line."""

from __future__ import annotations

import math

from lama_desktop.core.i18n import LazyNames, about, t
from lama_desktop.core.i18n import winners as i18n_winners
from lama_desktop.app.table.pieces import LazyJoin, Toast, lazy
from lama_desktop.games.dice.rules import holding
from lama_desktop.games.dice.summary import DiceRoundSummary
from lama_desktop.games.dice.table_pieces import DIE_FACES
from lama_desktop.games.dice.words import sort_cards

DEAL_STEP = 0.05
CARD_TIME = 0.3
ROLL_TIME = 0.95
TOKEN_TIME = 0.42
#: each die's faces as card names, from the engine's data (the art shows the real dice)


def card_text(name: str):
    """``card_label`` for a log line: translated when the log is drawn."""
    return lazy.t("dice.card.llama") if str(name) == "L" else str(name)


class DiceTableEvents:
    """The LAMA Dice table's event animations (``_ev_<kind>``) and the texts of its round's and game's end."""

    # -- event animations -------------------------------------------------------------------------------------
    def _ev_deal(self, seat, d) -> None:
        sh = self.shown
        rows = [sort_cards(r) for r in d["rows"]]
        sh.round = int(d["round"])
        sh.starter = sh.current = int(d["starter"])
        sh.phase = "turn"
        sh.dice = None
        sh.quit = [False] * self.n
        sh.llama = sort_cards(d["llama_row"])
        sh.rows = [[] for _ in range(self.n)]
        self.selected = []
        self._build_buttons()
        self._sound("shuffle")
        self.toasts.append(Toast(t("dice.toast.round", round=sh.round), 1.3, True))
        self.log.add(lazy.about("dice.log.deal", sh.starter, name=self._name(sh.starter)), (196, 226, 214),
                     seat=sh.starter)
        center = self._dice_rect().center
        i = 0
        for k in range(max(len(r) for r in rows)):
            for s in range(self.n):
                if k >= len(rows[s]):
                    continue
                target = self._row_positions(s, len(rows[s]))[k]
                name = rows[s][k]

                def land(s=s, name=name, i=i):
                    sh.rows[s] = sort_cards(sh.rows[s] + [name])
                    if i % 4 == 0:
                        self._sound("deal")

                self._fly(name, center, target, self.small_w, self._card_w(s), CARD_TIME,
                          delay=0.2 + i * DEAL_STEP, on_finished=land)
                i += 1

    def _ev_roll(self, seat, d) -> None:
        sh = self.shown
        sh.current = seat
        faces = [str(f) for f in d["faces"]]
        self.rolling = [[self._rng.choice(DIE_FACES[i]), self._rng.uniform(-40, 40), 0.0, 0.0]
                        for i in range(3)]
        self._roll_target = faces
        self._roll_age = 0.0
        self._roll_data = d
        self._roll_seat = seat
        sh.dice = None
        self._sound("dice_roll")

    def _tumble(self, dt: float) -> None:
        speed = max(0.25, self.tween.speed)
        self._roll_age += dt * speed
        k = self._roll_age / ROLL_TIME
        if k >= 1.0:
            self._finish_roll()
            return
        for i, die in enumerate(self.rolling):
            if self._rng.random() < dt * 22 * (1.2 - k):
                die[0] = self._rng.choice(DIE_FACES[i])
            die[1] += dt * 720 * (1.0 - k) * (1 if i % 2 else -1)
            bounce = abs(math.sin((k * 3.2 + i * 0.35) * math.pi)) * (1.0 - k) ** 1.5
            die[2] = -bounce * self.layout.s(70)

    def _finish_roll(self) -> None:
        d, seat = self._roll_data, self._roll_seat
        self.rolling = None
        sh = self.shown
        sh.dice = list(self._roll_target)
        shown_faces = LazyJoin(" · ", map(card_text, sh.dice))
        # after the tumble, outside the event's handler: the lines name their seat themselves
        self.log.add(lazy.about("dice.log.roll", seat, name=self._name(seat), faces=shown_faces), seat=seat)
        outcome = d.get("outcome")
        if outcome == "three_llamas":
            self.toasts.append(Toast(about("dice.toast.three_llamas", seat, name=self._name(seat)), 1.8, True))
            self.log.add(lazy.about("dice.log.three_llamas", seat, name=self._name(seat)), (255, 214, 110), seat=seat)
        elif outcome == "take":
            self.log.add(lazy.about("dice.log.no_match", seat, name=self._name(seat)), (246, 200, 160), seat=seat)
        sh.phase = {"match": "discard", "take": "take", "three_llamas": "return"}.get(outcome, sh.phase)
        self._build_buttons()
        self.tween.after(0.35, lambda: None)

    def _ev_discard(self, seat, d) -> None:
        sh = self.shown
        cards = [str(c) for c in d["cards"]]
        row = list(sh.rows[seat])
        positions = self._row_positions(seat, len(row))
        end = (self._dice_rect().centerx, self._dice_rect().bottom + self.layout.s(40))
        for j, name in enumerate(cards):
            index = row.index(name) if name in row else 0
            start = positions[index] if index < len(positions) else self._row_rect(seat).center
            row[index] = None
            self._fly(name, start, end, self._card_w(seat), self.small_w * 0.6, CARD_TIME + 0.05, delay=j * 0.08,
                      tween="ease_in_out")
        left = list(sh.rows[seat])
        for name in cards:
            if name in left:
                left.remove(name)
        sh.rows[seat] = left
        self.selected = []
        self._sound("card_play")
        # "a llama", "two llamas" (one per die: never more, three llamas move no card), not "a llama and a llama"
        said = [name for name in cards if name != "L"]
        said += [lazy.t("dice.card.two_llamas")] if cards.count("L") == 2 else \
            [lazy.t("dice.card.a_llama")] * cards.count("L")
        said = LazyNames(said)
        self.log.add(lazy.about("dice.log.discard", seat, name=self._name(seat), cards=said))

    def _ev_take(self, seat, d) -> None:
        sh = self.shown
        name = str(d["card"])
        start = self._llama_positions()[name]
        if name in sh.llama:
            sh.llama.remove(name)
        final = sort_cards(sh.rows[seat] + [name])
        end = self._row_positions(seat, len(final))[final.index(name)]

        def land():
            sh.rows[seat] = final

        self._sound("card_draw")
        self._fly(name, start, end, self.llama_w, self._card_w(seat), CARD_TIME + 0.1, on_finished=land)
        if name == "L":
            self.log.add(lazy.about("dice.log.take_llama", seat, name=self._name(seat)), (246, 200, 160))
        else:
            self.log.add(lazy.about("dice.log.take", seat, name=self._name(seat), card=card_text(name)),
                         (246, 200, 160))

    def _ev_blowup(self, seat, d) -> None:
        sh = self.shown
        cards = [str(c) for c in d["cards"]]
        slots = self._llama_positions()
        final = sort_cards(sh.rows[seat] + cards)
        targets = self._row_positions(seat, len(final))
        sh.llama = []
        self.shake = 1.0
        self.flash = 1.0
        self._sound("blowup")
        used: set = set()
        for j, name in enumerate(cards):
            index = next(i for i, n in enumerate(final) if n == name and i not in used)
            used.add(index)
            self._fly(name, slots.get(name, self._dice_rect().center), targets[index], self.llama_w,
                      self._card_w(seat), CARD_TIME + 0.25, delay=0.25 + j * 0.07, tween="ease_in_out")

        def land():
            sh.rows[seat] = final

        self.tween.after(0.25 + len(cards) * 0.07 + CARD_TIME + 0.25, land)
        key = "dice.toast.blowup_solo" if d.get("solo") else "dice.toast.blowup"  # i18n-keys: dice.toast.blowup*
        self.toasts.append(Toast(about(key, seat, name=self._name(seat)), 2.4, True, (217, 83, 74)))
        self.log.add(lazy.plural_about("dice.log.blowup", seat, len(cards), name=self._name(seat)), (255, 150, 140))

    def _ev_quit(self, seat, d) -> None:
        self.shown.quit[seat] = True
        self._sound("card_draw")
        self.tween.after(0.3, lambda: None)
        self.log.add(lazy.about("dice.log.quit", seat, name=self._name(seat)), (246, 200, 160))

    def _ev_token(self, seat, d) -> None:
        sh = self.shown
        action = d.get("action")
        if action == "return":
            value = int(d["value"])
            sh.scores[seat] = int(d["score"])
            start = self._tokens_anchor(seat)
            end = (self._dice_rect().centerx, -self.token_d)
            self._fly(self._token_kind(value), start, end, self.token_d, self.token_d, TOKEN_TIME + 0.15, kind="token",
                      tween="ease_in_out")
            self._sound("token")
            line = lazy.about("dice.log.return", seat, name=self._name(seat), value=value)
            self.toasts.append(Toast(line, 1.6))  # the toast says what the log says
            self.log.add(line, (255, 214, 110))
        elif action == "keep":
            self.log.add(lazy.about("dice.log.keep", seat, name=self._name(seat)))
        elif action == "none":
            self.log.add(lazy.about("dice.log.no_token", seat, name=self._name(seat)))
        # "take" (tokens for the round's points) is shown with the round's end

    def _ev_round_end(self, seat, d) -> None:
        reason = d.get("ended_by", "all_quit")
        self.log.add(lazy.about(f"dice.log.end_{reason}", d.get("by"), name=self._name(d.get("by"))), (255, 214, 110),
                     seat=None if reason == "all_quit" else d.get("by"))
        self._open_round_summary(DiceRoundSummary, d, 1.0, pinks=self.pinks)

    def _round_tokens(self, d) -> None:
        sh = self.shown
        center = self._dice_rect().center
        for row in d["rows"]:
            seat, gained = int(row["seat"]), int(row["points"])
            if gained <= 0:
                continue
            self._fly_round_tokens(seat, holding(gained, self.pinks), center, TOKEN_TIME + 0.1)
            self.log.add(lazy.about("dice.log.points", seat, name=self._name(seat), gained=gained,
                                    total=d["scores"][seat]), seat=seat)

        def land():
            sh.scores = list(d["scores"])
            self._sound("token")

        self.tween.after(TOKEN_TIME + 0.1 + 0.08 * self.n, land)

    def _winner_texts(self, winners: list):
        return (i18n_winners("dice.toast.winner", winners, self._name),
                lazy.winners("dice.log.game_end", winners, self._name))
