"""LAMA Dice (Reiner Knizia), game id ``lama-dice``, 2–6 players, variant ``lama20`` (pink 20-point tokens).

Rules: RULINGS.md §2 (it outranks the rulebooks), then ``rules/lama-dice.en.txt`` / ``.fr.txt`` and the dice part of
``lama-box.pl.txt``. Component data (cards, llama row, the three dice faces — their layout is *reconstructed*) is
read from ``data/lama_dice.yaml`` by ``rules``, with the roll outcomes, the moves and the scoring; this module
holds the game's state machine; its saved form is in ``saves``, the players' view in ``view``.

Everything is open: rows are face up, the llama row is face up, the dice are public. The only unknown is the
order of future rounds' deals (the 36-card remainder not dealt this round is unused this round).

Phases and moves (``str(move)`` is the stable text form):

- ``turn``: ``roll`` or ``quit``.
- ``discard`` (after a roll where some die shows a value of your row): ``discard V ...`` with card values
  (``1``..``6``, ``L`` for a llama), at least one card, at most one card per die showing that value; you may
  discard fewer than allowed (``discard 3 L``, ``discard 3``).
- ``take`` (after a roll with no match in your row, when the llama row holds a rolled value): ``take V``.
- ``return`` (after three llamas, or after emptying your row, when you hold tokens): ``return 20`` /
  ``return 10`` / ``return 1`` (a denomination you hold) or ``keep`` (the rules say *may*).

The roll is a chance outcome drawn from the state's own seeded ``Rng`` when ``roll`` is applied. The exact
distribution is exposed for search bots and tests: ``state.roll_outcomes()`` lists ``(faces, probability)``
(merged by the multiset of values shown, or all 216 ordered outcomes with ``merged=False``), and
``state.apply_roll(faces)`` applies the roll move with the given faces instead of drawing them.

Outcome of a roll, in the rulebook's order:
1. three llamas: you may return one token (none if you hold none); no card moves; your turn ends;
2. some die shows a value in your row: discard (see above);
3. otherwise take one llama-row card whose value a die shows (alone in the round: skip this, you blow it);
4. otherwise you blow it: you take the whole llama row and the round ends.

The round ends when a row is emptied (that player may first return a token), when someone blows it, when
someone takes the last llama-row card, or when everybody has quit. Every row is scored (distinct values once,
all llamas 10 once). The game ends after a round in which someone reached 40 points; fewest points win, ties
share. The player who took the last action of a round starts the next one.

Events (``Event.kind``, ``seat``, ``data``):

- ``deal``: ``{"round", "starter", "rows": [[card, ...] per seat], "llama_row": [card, ...]}``
- ``roll``: ``{"faces": [face per die, e.g. 3, "L", 1], "dice": ["A", "B", "C"], "outcome": "three_llamas" |
  "match" | "take" | "blowup", "matches": [values of your row shown by a die]}``
- ``discard``: ``{"cards": [card, ...], "left": n}`` — ``take``: ``{"card": v}`` (from the llama row)
- ``blowup``: ``{"cards": [the whole llama row], "solo": bool}``
- ``token``: ``{"action": "return", "value": d, "reason": "three_llamas" | "empty_row", "score"}`` /
  ``{"action": "keep" | "none", "reason"}`` / ``{"action": "take", "points", "score", "holding"}`` at scoring
- ``quit``: ``{"left": number of players still in}``
- ``round_end``: ``{"round", "ended_by": "empty_row" | "blowup" | "last_card" | "all_quit", "by": seat,
  "rows": [{"seat", "cards", "values", "points"} ...], "scores": [...], "next_starter": seat or None}``
- ``game_end``: ``{"scores", "winners"}``

Every field is public (the rows and the dice are open): no event has ``private`` fields, and ``events_for(events,
seat)`` hands every seat the same events.
"""

from __future__ import annotations

from itertools import permutations
from typing import Iterable, Sequence

from lama_desktop.engine.core import (
    GAME_OVER, NOT_ALLOWED, Event, GameSpec, GameState, Move, Refusal, VariantSpec, as_move, lowest_scores, malformed,
    read_saved, unknown_move
)
from lama_desktop.engine.rng import Rng
from lama_desktop.games.dice.engine_check import check_state
from lama_desktop.games.dice.rules import (
    CARD_COUNTS, CARD_IDS, DICE_FACES, DICE_IDS, END_POINTS, GREY_COUNTS, GREY_DECK, LABELS, LLAMA, LLAMA_ROW,
    MERGED_OUTCOMES, NUM_DICE, NUM_OUTCOMES, NV, PHASE_NAMES, PH_DISCARD, PH_OVER, PH_RETURN, PH_TAKE, PH_TURN, POINTS,
    ROLL, ROLL_TABLE, ROW_SIZE, SHOWN, TAKE, TURN_MOVES, cards_text, counts_from, discard_counts, discard_options,
    faces_index, holding, return_options, row_points, value_index, value_name
)
from lama_desktop.games.dice.saves import MIGRATIONS, STATE_VERSION, complete_position, state_from_dict, state_to_dict
from lama_desktop.games.dice.view import DiceView

GAME_ID = "lama-dice"

_DISCARD_FIRST_NOW = Refusal("dice.discard_first", "you rolled a match: choose which matching cards to discard first")
_TAKE_FIRST_NOW = Refusal("dice.take_first", "you rolled no match: take a card from the llama row first")
_RETURN_FIRST = Refusal("dice.return_first", "choose whether to return a token first")


class DiceState(GameState):
    game_id = GAME_ID
    PHASE_NAMES = PHASE_NAMES
    PH_RETURN = PH_RETURN

    __slots__ = ("num_players", "lama20", "first_player", "seed", "rows", "llama", "discarded", "unused",
                 "_scores", "out", "cur", "phase", "dice", "reason", "last_actor", "round_no", "starter", "rng",
                 "_moves")

    # -- construction ------------------------------------------------------------------------------------------
    def __init__(self, players: int, variants: Iterable[str] = (), seed: int = 0, first_player: int = 0,
                 _deal: bool = True):
        if not 2 <= players <= 6:
            raise ValueError(f"LAMA Dice is for 2 to 6 players, not {players}")
        if not isinstance(first_player, int) or not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}, not {first_player!r}")
        self.num_players = players
        self.lama20 = "lama20" in set(variants)
        self.first_player = first_player
        self.seed = seed
        self.rng = Rng(seed)
        self._scores = [0] * players
        self.rows = [[0] * NV for _ in range(players)]
        self.llama = [0] * NV
        self.discarded = [0] * NV
        self.unused = [0] * NV
        self.out = [False] * players
        self.cur = first_player
        self.phase = PH_TURN
        self.dice = None
        self.reason = ""
        self.last_actor = first_player
        self.round_no = 0
        self.starter = first_player
        self._moves = TURN_MOVES
        if _deal:
            self._deal_round(first_player, None)

    @classmethod
    def crafted(cls, rows: Sequence, llama_row=None, scores: Sequence[int] | None = None, current: int = 0,
                quit: Iterable[int] = (), variants: Iterable[str] = (), seed: int = 0, round_no: int = 1,
                discarded=None) -> "DiceState":
        """A state built from explicit positions, for scenario tests and tools.

        ``rows``: one entry per seat, each a text ("1 3 3 L") or a list of labels; ``llama_row`` likewise
        (default: the full llama row 1-6 and L); ``scores`` the points (tokens) held; ``current`` the seat to
        move (phase ``turn``); ``quit`` the seats that have quit. Cards not placed go to the discard pile if
        listed in ``discarded``, the rest are this round's unused cards.
        """
        players = len(rows)
        state = cls(players, variants, seed, first_player=current, _deal=False)
        state.rows = [counts_from(r) for r in rows]
        state.llama = counts_from(llama_row) if llama_row is not None else list(LLAMA_ROW)
        state.discarded = counts_from(discarded) if discarded is not None else [0] * NV
        placed = [sum(r[v] for r in state.rows) + state.llama[v] + state.discarded[v] for v in range(NV)]
        for v in range(NV):
            if placed[v] > CARD_COUNTS[v]:
                raise ValueError(f"too many {value_name(v)} cards: {placed[v]} placed, the game has {CARD_COUNTS[v]}")
        if not any(state.llama):
            raise ValueError("the llama row cannot be empty during a round")
        state.unused = [CARD_COUNTS[v] - placed[v] for v in range(NV)]
        if scores is not None:
            if len(scores) != players or any(s < 0 for s in scores):
                raise ValueError("scores: one non-negative number per seat")
            state._scores = [int(s) for s in scores]
        state.out = [seat in set(quit) for seat in range(players)]
        if state.out[current]:
            raise ValueError("the current player cannot have quit")
        for seat in range(players):
            if not state.out[seat] and not any(state.rows[seat]):
                raise ValueError(f"seat {seat} is still in the round with an empty row")
        state.round_no = round_no
        state.starter = current
        state.last_actor = current
        return state

    # -- the contract ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def winners(self) -> list[int]:
        return lowest_scores(self._scores) if self.phase == PH_OVER else []

    def legal_moves(self) -> list[Move]:
        return list(self._moves)

    def _check(self, move) -> Move:
        """``move`` (a ``Move`` or its text) as one of the prebuilt legal moves, or ``IllegalMove``."""
        if move.__class__ is not Move:
            move = as_move(move)
        moves = self._moves
        if move not in moves:
            move = self._canonical(move)
            if move not in moves:
                raise self.refusal(move).error(move)
        return move

    def apply(self, move) -> list[Event]:
        events: list[Event] = []
        self._do(self._check(move), events)
        return events

    def step(self, move) -> None:
        """``apply`` without building events (the hot path of bots and benchmarks). Same validation."""
        self._do(self._check(move), None)

    def _do(self, move: Move, ev) -> None:
        kind = move.kind
        if kind == "roll":
            self._rolled(ROLL_TABLE[self.rng.next64() % NUM_OUTCOMES], ev)
        elif kind == "discard":
            self._discard(discard_counts(move), ev)
        elif kind == "take":
            self._take(value_index(move.args[0]), ev)
        elif kind == "quit":
            self._quit(ev)
        elif kind == "return":
            self._return(move.args[0], ev)
        else:
            self._keep(ev)

    @staticmethod
    def _canonical(move):
        """Accept ``discard L 3`` for ``discard 3 L`` and ``l`` for ``L``."""
        if not isinstance(move, Move):
            return move
        if move.kind in ("discard", "take"):
            try:
                idx = [value_index(a) for a in move.args]
            except (KeyError, TypeError):
                return move
            return Move(move.kind, tuple(LABELS[v] for v in sorted(idx)))
        return move

    def refusal(self, move) -> Refusal:
        if not isinstance(move, Move):
            return malformed(move, "that is not a move")
        if self.phase == PH_OVER:
            return GAME_OVER
        kind = move.kind
        known = ("roll", "quit", "discard", "take", "return", "keep")
        if kind not in known:
            return unknown_move(move, f"'{kind}' is not a LAMA Dice move (roll, quit, discard, take, return or keep)")
        phase = self.phase
        if phase == PH_TURN:
            if kind in ("roll", "quit"):
                return malformed(move, "roll and quit take no arguments")
            return Refusal("dice.roll_first", "first roll the dice or quit")
        if kind in ("roll", "quit"):
            return {PH_DISCARD: _DISCARD_FIRST_NOW, PH_TAKE: _TAKE_FIRST_NOW, PH_RETURN: _RETURN_FIRST}[phase]
        dice_counts = [0] * NV
        for f in self.dice or ():
            dice_counts[f] += 1
        if phase == PH_DISCARD:
            if kind != "discard":
                return Refusal("dice.discard_first", "you rolled a match: discard at least one matching card")
            if not move.args:
                return Refusal("dice.at_least_one", "discard at least one matching card")
            try:
                want = discard_counts(move)
            except (KeyError, TypeError):
                return malformed(move, "name the cards by value: 1 to 6, or L for a llama")
            row = self.rows[self.cur]
            for v in range(NV):
                if want[v] == 0:
                    continue
                card = CARD_IDS[v]
                if row[v] == 0:
                    return Refusal("dice.not_in_row", f"you have no {value_name(v)} in your row", {"card": card})
                if dice_counts[v] == 0:
                    return Refusal("dice.no_die", f"no die shows {value_name(v)}", {"card": card})
                if want[v] > row[v]:
                    return Refusal("dice.only_in_row", f"you have only {row[v]} {value_name(v)} in your row",
                                   {"card": card, "n": row[v]})
                if want[v] > dice_counts[v]:
                    shown = "one die shows" if dice_counts[v] == 1 else f"only {dice_counts[v]} dice show"
                    return Refusal("dice.one_per_die", f"{shown} {value_name(v)}: at most one card per die",
                                   {"card": card, "n": dice_counts[v]})
            return NOT_ALLOWED
        if phase == PH_TAKE:
            if kind != "take":
                return Refusal("dice.take_first",
                               "you rolled no match: take one card from the llama row whose value a die shows")
            if len(move.args) != 1:
                return Refusal("dice.take_one", "take exactly one card")
            try:
                v = value_index(move.args[0])
            except (KeyError, TypeError):
                return malformed(move, "name the card by value: 1 to 6, or L for a llama")
            if dice_counts[v] == 0:
                return Refusal("dice.no_die", f"no die shows {value_name(v)}", {"card": CARD_IDS[v]})
            if not self.llama[v]:
                return Refusal("dice.not_in_llama_row", f"the llama row has no {value_name(v)}", {"card": CARD_IDS[v]})
            return NOT_ALLOWED
        # PH_RETURN
        if kind == "keep":
            return malformed(move, "keep takes no arguments")
        if kind != "return":
            return Refusal("dice.return_first", "choose a token to return, or keep them all")
        if len(move.args) != 1 or move.args[0] not in (1, 10, 20):
            return malformed(move, "return a 1, 10 or 20-point token")
        if move.args[0] == 20 and not self.lama20:
            return Refusal("dice.no_pink_tokens", "pink 20-point tokens are only used with the Lama 20 variant")
        return Refusal("dice.no_token", f"you hold no {move.args[0]}-point token", {"value": move.args[0]})

    # -- chance, exposed exactly ---------------------------------------------------------------------------------
    @staticmethod
    def roll_outcomes(merged: bool = True) -> list:
        """The exact distribution of a roll: ``[(faces, probability), ...]`` summing to 1.

        ``faces`` are labels per die (die order of the data file). ``merged`` groups the 216 ordered outcomes by
        the multiset of values shown (all that the rules look at) and gives one representative per group.
        """
        if merged:
            return [(tuple(LABELS[f] for f in faces), p) for faces, p, _c, _m in MERGED_OUTCOMES]
        p = 1.0 / NUM_OUTCOMES
        return [(tuple(LABELS[f] for f in faces), p) for faces, _c, _m in ROLL_TABLE]

    @staticmethod
    def dice_assignment(faces) -> tuple:
        """Labels rolled (any order) → the same faces in die order; ``ValueError`` if the dice cannot show them."""
        idx = faces_index(faces)
        if len(idx) != NUM_DICE:
            raise ValueError(f"a roll shows {NUM_DICE} dice, not {len(idx)}")
        for perm in permutations(idx):
            if all(perm[d] in DICE_FACES[d] for d in range(NUM_DICE)):
                return tuple(LABELS[f] for f in perm)
        raise ValueError(f"the dice cannot show {' '.join(str(LABELS[f]) for f in idx)} together")

    def apply_roll(self, faces, events: bool = True) -> list[Event] | None:
        """Apply ``roll`` with the given faces (labels, any order) instead of drawing them from the Rng.

        With ``events=False`` no events are built and ``None`` is returned (search bots)."""
        if self.phase != PH_TURN:
            raise self.refusal(ROLL).error(ROLL)
        ordered = faces_index(self.dice_assignment(faces))
        counts = [0] * NV
        mask = 0
        for f in ordered:
            counts[f] += 1
            mask |= 1 << f
        ev: list | None = [] if events else None
        self._rolled((ordered, tuple(counts), mask), ev)
        return ev

    # -- the rules -----------------------------------------------------------------------------------------------
    def _rolled(self, outcome, ev) -> None:
        faces, counts, mask = outcome[0], outcome[1], outcome[2]
        p = self.cur
        row = self.rows[p]
        self.dice = faces
        self.last_actor = p
        data = None
        if ev is not None:
            data = {"faces": [LABELS[f] for f in faces], "dice": list(DICE_IDS)}
            ev.append(Event("roll", p, data))
        if counts[LLAMA] == NUM_DICE:
            if data is not None:
                data["outcome"] = "three_llamas"
                data["matches"] = []
            score = self._scores[p]
            if score:
                self.phase = PH_RETURN
                self.reason = "three_llamas"
                self._moves = return_options(score, self.lama20)
            else:
                if ev is not None:
                    ev.append(Event("token", p, {"action": "none", "reason": "three_llamas"}))
                self._next_turn(p)
            return
        shown = SHOWN[mask]  # the distinct values on the dice, in value order
        caps = None
        for v in shown:
            have = row[v]
            if have:
                if caps is None:
                    caps = [0] * NV
                c = counts[v]
                caps[v] = c if c < have else have
        if caps is not None:
            if data is not None:
                data["outcome"] = "match"
                data["matches"] = [LABELS[v] for v in range(NV) if caps[v]]
            self.phase = PH_DISCARD
            self._moves = discard_options(tuple(caps))
            return
        if data is not None:
            data["matches"] = []
        if not self._solo(p):
            llama = self.llama
            takes = tuple(TAKE[v] for v in shown if llama[v])
            if takes:
                if data is not None:
                    data["outcome"] = "take"
                self.phase = PH_TAKE
                self._moves = takes
                return
        if data is not None:
            data["outcome"] = "blowup"
        self._blowup(p, ev)

    def _solo(self, p: int) -> bool:
        out = self.out
        for s in range(self.num_players):
            if s != p and not out[s]:
                return False
        return True

    def _blowup(self, p: int, ev) -> None:
        taken = self.llama
        row = self.rows[p]
        for v in range(NV):
            row[v] += taken[v]
        if ev is not None:
            ev.append(Event("blowup", p, {"cards": cards_text(taken), "solo": self._solo(p)}))
        self.llama = [0] * NV
        self._end_round("blowup", p, ev)

    def _discard(self, k: tuple, ev) -> None:
        p = self.cur
        row = self.rows[p]
        disc = self.discarded
        left = 0
        for v in range(NV):
            if k[v]:
                row[v] -= k[v]
                disc[v] += k[v]
            left += row[v]
        if ev is not None:
            ev.append(Event("discard", p, {"cards": cards_text(k), "left": left}))
        self.last_actor = p
        if left == 0:
            score = self._scores[p]
            if score:
                self.phase = PH_RETURN
                self.reason = "empty_row"
                self.dice = None
                self._moves = return_options(score, self.lama20)
                return
            self._end_round("empty_row", p, ev)
            return
        self._next_turn(p)

    def _take(self, v: int, ev) -> None:
        p = self.cur
        llama = self.llama
        llama[v] -= 1
        self.rows[p][v] += 1
        self.last_actor = p
        if ev is not None:
            ev.append(Event("take", p, {"card": LABELS[v]}))
        if not any(llama):
            self._end_round("last_card", p, ev)
            return
        self._next_turn(p)

    def _return(self, d: int, ev) -> None:
        p = self.cur
        self._scores[p] -= d
        if ev is not None:
            ev.append(Event("token", p, {"action": "return", "value": d, "reason": self.reason,
                                         "score": self._scores[p]}))
        self._after_return(p, ev)

    def _keep(self, ev) -> None:
        p = self.cur
        if ev is not None:
            ev.append(Event("token", p, {"action": "keep", "reason": self.reason}))
        self._after_return(p, ev)

    def _after_return(self, p: int, ev) -> None:
        reason = self.reason
        self.reason = ""
        self.last_actor = p
        if reason == "empty_row":
            self._end_round("empty_row", p, ev)
        else:
            self._next_turn(p)

    def _quit(self, ev) -> None:
        p = self.cur
        self.out[p] = True
        self.last_actor = p
        left = self.out.count(False)
        if ev is not None:
            ev.append(Event("quit", p, {"left": left}))
        if left == 0:
            self._end_round("all_quit", p, ev)
            return
        self._next_turn(p)

    def _next_turn(self, p: int) -> None:
        n = self.num_players
        out = self.out
        s = p
        for _ in range(n):
            s += 1
            if s == n:
                s = 0
            if not out[s]:
                break
        self.cur = s
        self.phase = PH_TURN
        self.dice = None
        self._moves = TURN_MOVES

    def _end_round(self, ended_by: str, by: int, ev) -> None:
        scores = self._scores
        rows = self.rows
        if ev is None:
            for s in range(self.num_players):
                row = rows[s]
                for v in range(NV):
                    if row[v]:
                        scores[s] += POINTS[v]
        else:
            rows_info = []
            for s in range(self.num_players):
                row = rows[s]
                pts = row_points(row)
                rows_info.append({"seat": s, "cards": cards_text(row),
                                  "values": [LABELS[v] for v in range(NV) if row[v]], "points": pts,
                                  "quit": self.out[s]})
                if pts:
                    scores[s] += pts
                    ev.append(Event("token", s, {"action": "take", "points": pts, "score": scores[s],
                                                 "holding": {str(k): c for k, c in
                                                             holding(scores[s], self.lama20).items()}}))
        over = max(scores) >= END_POINTS
        if ev is not None:
            ev.append(Event("round_end", by, {"round": self.round_no, "ended_by": ended_by, "by": by,
                                              "rows": rows_info, "scores": list(scores),
                                              "next_starter": None if over else by}))
        self.dice = None
        self.reason = ""
        if over:
            self.phase = PH_OVER
            self.cur = -1
            self._moves = ()
            if ev is not None:
                ev.append(Event("game_end", None, {"scores": list(scores), "winners": self.winners()}))
            return
        self._deal_round(by, ev)

    def _deal_round(self, starter: int, ev) -> None:
        n = self.num_players
        deck = list(GREY_DECK)
        m = len(deck)
        next64 = self.rng.next64
        rows = []
        unused = list(GREY_COUNTS)
        for _s in range(n):
            # one 64-bit draw deals a whole row: six uniform picks by mixed radix (36*35*...*31 < 2**31, so the
            # bias is below 2**-33), each pick swap-removed from the deck
            r = next64()
            row = [0] * NV
            for _ in range(ROW_SIZE):
                j = r % m
                r //= m
                m -= 1
                card = deck[j]
                deck[j] = deck[m]
                row[card] += 1
                unused[card] -= 1
            rows.append(row)
        self.rows = rows
        self.unused = unused
        self.llama = list(LLAMA_ROW)
        self.discarded = [0] * NV
        self.out = [False] * n
        self.round_no += 1
        self.starter = starter
        self.cur = starter
        self.last_actor = starter
        self.phase = PH_TURN
        self.dice = None
        self.reason = ""
        self._moves = TURN_MOVES
        if ev is not None:
            ev.append(Event("deal", None, {"round": self.round_no, "starter": starter,
                                           "rows": [cards_text(r) for r in rows],
                                           "llama_row": cards_text(self.llama)}))

    # -- helpers for UIs, bots, tests ----------------------------------------------------------------------------
    def tokens(self, seat: int) -> dict:
        return holding(self._scores[seat], self.lama20)

    def row_cards(self, seat: int) -> list:
        return cards_text(self.rows[seat])

    def llama_row_cards(self) -> list:
        return cards_text(self.llama)

    def card_totals(self) -> list[int]:
        """Per value: cards in rows + llama row + discard pile + unused (always the deck's counts)."""
        return [sum(r[v] for r in self.rows) + self.llama[v] + self.discarded[v] + self.unused[v]
                for v in range(NV)]

    def view(self, seat: int) -> "DiceView":
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} in a {self.num_players}-player game")
        return DiceView(self._copy(with_rng=False), seat)

    def clone(self) -> "DiceState":
        return self._copy(with_rng=True)

    def _copy(self, with_rng: bool) -> "DiceState":
        new = DiceState.__new__(DiceState)
        new.num_players = self.num_players
        new.lama20 = self.lama20
        new.first_player = self.first_player
        new.seed = self.seed
        new.rows = [r[:] for r in self.rows]
        new.llama = self.llama[:]
        new.discarded = self.discarded[:]
        new.unused = self.unused[:]
        new._scores = self._scores[:]
        new.out = self.out[:]
        new.cur = self.cur
        new.phase = self.phase
        new.dice = self.dice
        new.reason = self.reason
        new.last_actor = self.last_actor
        new.round_no = self.round_no
        new.starter = self.starter
        new.rng = self.rng.copy() if with_rng else Rng(0)
        new._moves = self._moves
        return new

    # -- saving (saves.py) ------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "DiceState":
        return read_saved(data, GAME_ID, STATE_VERSION, cls._from_dict, MIGRATIONS)

    @classmethod
    def _from_dict(cls, data: dict) -> "DiceState":
        return state_from_dict(cls, data)

    def _moves_for_phase(self) -> tuple:
        """Recompute the legal moves of the current phase from the position (used when loading)."""
        phase = self.phase
        if phase == PH_OVER:
            return ()
        if phase == PH_TURN:
            return TURN_MOVES
        p = self.cur
        if phase == PH_RETURN:
            if not self._scores[p]:
                return ()
            return return_options(self._scores[p], self.lama20)
        counts = [0] * NV
        for f in self.dice:
            counts[f] += 1
        row = self.rows[p]
        if phase == PH_DISCARD:
            caps = tuple(min(counts[v], row[v]) for v in range(NV))
            return discard_options(caps) if any(caps) else ()
        if any(counts[v] and row[v] for v in range(NV)) or self._solo(p):
            return ()
        return tuple(TAKE[v] for v in range(NV) if counts[v] and self.llama[v])



def _new_state(players: int, variants=frozenset(), seed: int = 0, first_player: int = 0, **options) -> DiceState:
    if options:
        raise ValueError(f"unknown option(s) for {GAME_ID}: {', '.join(sorted(options))} (known: first_player)")
    return DiceState(players, variants, seed, first_player=first_player)


SPEC = GameSpec(
    id=GAME_ID,
    title="LAMA Dice",
    min_players=2,
    max_players=6,
    variants=(VariantSpec("lama20", "Lama 20", "Adds pink 20-point tokens; a player may return a 20."),),
    new_state=_new_state,
    state_from_dict=DiceState.from_dict,
    complete_position=complete_position,
    lower_score_wins=True,
    hidden_information=False,
    #: rolls and new rows of cards are chance coming out
    revealing_events=frozenset({"deal", "roll"}),
    check_state=check_state,
    description="Roll the three llama dice to shed the cards of your open row; quit before you blow it.",
)
