"""L.A.M.A. and L.A.M.A. Party, with the Lama Drama, Lama 20 and llama-scoring variants (RULINGS.md §1).

Game ids ``lama`` (55 cards) and ``lama-party`` (56 cards: plus cards, pink llama, pink tokens).
Variant ids: ``drama`` (both), ``lama20`` (``lama`` only: Party already has pink tokens), ``llama-each-10``.
Option ``first_dealer`` (seat, default 0): the player left of the dealer (the next seat) starts a round.

Moves (text form): ``play 3``, ``play L``, ``play 3+`` (Party plus card), ``play P`` (pink llama), ``draw``,
``quit``, ``take`` (Drama: take every token from the board, then take your normal turn), and at a round's end
``return 20`` / ``return 10`` / ``return 1`` (the player who emptied their hand picks which token to give back,
asked only when they hold more than one kind).

Events: ``deal`` {round, dealer, starter, top, hand_sizes, pile}, ``play`` {card, top}, ``draw`` {card, pile,
hand_size} (``card`` is private: ``Event.for_seat`` makes it ``None`` for every other seat), ``quit``, ``extra_turn``
(plus card), ``drama_token`` {token, board}, ``drama_start`` {board}, ``drama_take`` {tokens, value}, ``round_end``
{reason, emptied_by, hands, points, breakdown, scores, returner}, ``token_return`` {token, score, scores,
automatic}, ``game_end`` {scores, winners}. ``round_end``'s ``scores`` are before the token given back:
``returner`` (-1 if none: nobody emptied their hand, or they hold no token) gives one back next, and the
``token_return`` event's ``scores`` are the round's final totals.
Every other field is public (``round_end`` lays every hand open: the hands are counted in front of everybody).

Representation (hot path): a hand is a list of 15 counts indexed by card type: 1–6 number cards, 7 llama,
8–13 plus cards 1+…6+, 14 pink llama. ``top`` is the value on the discard pile (1–6, 7 for either llama).
A player's tokens are always the canonical exchange of their score (whites → black at 10; with pinks, → pink at
20), so the score is the single source of truth and holdings are derived from it.
"""

from __future__ import annotations

from lama_desktop.resources import game_data
from lama_desktop.engine.core import (
    GAME_OVER, NOT_ALLOWED, Event, GameSpec, Move, Refusal, StateFormatError, VariantSpec, as_move, read_saved,
    state_header, state_property, unknown_move
)
from lama_desktop.engine.tokens import holdings, lowest_token
from lama_desktop.engine.hands import CardNames, HandsState, HandView
from lama_desktop.games.lama.engine_check import check_state

STATE_VERSION = 2  # 2: "points" -> "scores", the Drama board as its tokens, "aside" (cards out of the round)
DATA = game_data(__package__, "lama.yaml")
HAND_SIZE: int = DATA["hand_size"]
#: a ``draw`` event's private field: only the drawing seat sees which card came up
PRIVATE_CARD = ("card",)
END_POINTS: int = DATA["game_end_points"]
DRAMA_THRESHOLD: int = DATA["drama_threshold"]
LLAMA_POINTS: int = DATA["llama_points"]
PINK_LLAMA_POINTS: int = DATA["pink_llama_points"]

NUM_TYPES = 15
LLAMA = 7
PINK = 14
CARD_NAMES = ["", "1", "2", "3", "4", "5", "6", "L", "1+", "2+", "3+", "4+", "5+", "6+", "P"]
CARD_TYPE = {name: t for t, name in enumerate(CARD_NAMES) if name}
#: the value a card type counts as on the pile and in scoring (llamas 7)
VALUE = (0, 1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7)
IS_LLAMA = tuple(t in (LLAMA, PINK) for t in range(NUM_TYPES))
IS_PLUS = tuple(8 <= t <= 13 for t in range(NUM_TYPES))
NEXT_VALUE = (0, 2, 3, 4, 5, 6, 7, 1)


def _playable_types(party: bool) -> tuple[tuple[int, ...], ...]:
    """For each top value 1–7, the card types that may be played on it."""
    table = [()]
    for top in range(1, 8):
        allowed = {top, NEXT_VALUE[top]}
        types = [t for t in range(1, NUM_TYPES) if VALUE[t] in allowed and t != PINK]
        if party:
            types.append(PINK)  # the pink llama goes on any card
        table.append(tuple(types))
    return tuple(table)


PLAYABLE = {False: _playable_types(False), True: _playable_types(True)}
PLAYABLE_SETS = {party: tuple(frozenset(x) for x in table) for party, table in PLAYABLE.items()}


def _card_arg(t: int):
    name = CARD_NAMES[t]
    return int(name) if name.isdigit() else name


PLAY = tuple(None if t == 0 else Move("play", (_card_arg(t),)) for t in range(NUM_TYPES))
DRAW = Move("draw")
QUIT = Move("quit")
TAKE = Move("take")
RETURN = {20: Move("return", (20,)), 10: Move("return", (10,)), 1: Move("return", (1,))}

_ACT_PLAY, _ACT_DRAW, _ACT_QUIT, _ACT_TAKE, _ACT_RETURN = range(5)
_ACTIONS: dict[Move, tuple[int, int]] = {DRAW: (_ACT_DRAW, 0), QUIT: (_ACT_QUIT, 0), TAKE: (_ACT_TAKE, 0)}
for _t in range(1, NUM_TYPES):
    _ACTIONS[PLAY[_t]] = (_ACT_PLAY, _t)
for _d, _m in RETURN.items():
    _ACTIONS[_m] = (_ACT_RETURN, _d)

# phases
PLAYING, RETURNING, OVER = 0, 1, 2
PHASE_NAMES = ("playing", "returning", "over")


def deck_counts(party: bool) -> list[int]:
    counts = [0] * NUM_TYPES
    for name, number in DATA["decks"]["lama-party" if party else "lama"].items():
        counts[CARD_TYPE[str(name)]] = number
    return counts


#: the whole deck of each game (False: L.A.M.A., True: Party) as card types; a new deal copies it
DECKS = {party: [t for t in range(1, NUM_TYPES) for _ in range(deck_counts(party)[t])] for party in (False, True)}


def hand_points(hand: list[int], party: bool, each_llama: bool) -> tuple[int, dict]:
    """Points for a hand: each distinct value once; llamas 10 once (20 with the pink llama), or per card."""
    values = sorted({VALUE[t] for t in range(1, NUM_TYPES) if hand[t] and not IS_LLAMA[t]})
    llamas, pink = hand[LLAMA], hand[PINK]
    if each_llama:
        llama_pts = LLAMA_POINTS * llamas + PINK_LLAMA_POINTS * pink
    elif pink:
        llama_pts = PINK_LLAMA_POINTS
    elif llamas:
        llama_pts = LLAMA_POINTS
    else:
        llama_pts = 0
    total = sum(values) + llama_pts
    return total, {"values": values, "llama_cards": llamas + pink, "llama_points": llama_pts, "total": total}


CARDS = CardNames(CARD_NAMES, 1, lambda name: f"unknown card {name!r}")
hand_to_names = CARDS.hand_to_names
names_to_hand = CARDS.names_to_hand


class LamaState(HandsState):
    """One game of L.A.M.A. or L.A.M.A. Party. Use ``GameSpec.new`` or ``LamaState.crafted`` to make one."""

    __slots__ = (
        "game_id", "num_players", "party", "drama_on", "pinks", "each_llama", "variants", "rng", "hands",
        "hand_sizes", "pile", "discard", "aside", "top", "active", "n_active", "cur", "dealer", "round_no", "points",
        "board", "drama", "phase", "returner", "history", "round_log", "last_player", "first_dealer", "deals",
    )
    CARDS = CARDS
    OVER = OVER
    PLAYING = PLAYING
    RETURNING = RETURNING
    END_POINTS = END_POINTS

    # -- construction ---------------------------------------------------------------------------------------
    @classmethod
    def blank(cls, game_id: str, players: int, variants: frozenset[str], seed: int) -> "LamaState":
        s = cls._empty(players, seed)  # history: cumulative scores after each round (for the results chart)
        s.game_id = game_id
        s.variants = frozenset(variants)
        s.party = game_id == "lama-party"
        s.drama_on = "drama" in variants
        s.pinks = s.party or "lama20" in variants
        s.each_llama = "llama-each-10" in variants
        s.top = 1
        s.dealer = 0
        s.first_dealer = 0
        s.points = [0] * players
        s.board = [0, 0, 0]  # Drama board: whites, blacks, pinks
        s.drama = False
        s.phase = PLAYING
        s.returner = -1
        s.round_log = []  # this round's public moves: (seat, Move, top before the move)
        # the next rounds' deals, stacked (a scripted position: a lesson's second round): each (hands as counts,
        # discard kinds, pile kinds); a round with none left is dealt from the rng
        s.deals = ()
        return s

    @classmethod
    def new(cls, game_id: str, players: int, variants: frozenset[str], seed: int, first_dealer: int = 0):
        if not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}")
        s = cls.blank(game_id, players, variants, seed)
        s.first_dealer = first_dealer
        s.dealer = (first_dealer - 1) % players  # _deal advances the dealer
        s._deal(None)
        return s

    @classmethod
    def crafted(cls, game_id: str = "lama", *, hands, top, pile=(), variants=(), current: int = 0, points=None,
                discard=None, active=None, board=(0, 0, 0), drama: bool = False, dealer: int | None = None,
                seed: int = 0, round_no: int = 1) -> "LamaState":
        """A state from explicit hands, pile (last item is the top of the pile), top card: for scenario tests.

        Cards are given by name (``"3"``, ``"L"``, ``"4+"``, ``"P"``). ``discard`` defaults to just ``[top]``;
        the rest of the deck need not be accounted for (crafted states are exempt from conservation).
        """
        players = len(hands)
        s = cls.blank(game_id, players, frozenset(variants), seed)
        s._craft(hands, pile, discard if discard is not None else [top], active, current)
        s.top = VALUE[CARD_TYPE[str(top)]]
        s.dealer = (current - 1) % players if dealer is None else dealer
        s.first_dealer = s.dealer
        s.points = list(points) if points is not None else [0] * players
        s.board = list(board)
        s.drama = drama
        s.round_no = round_no
        return s

    # -- contract (current_player, is_over, winners: HandsState) -----------------------------------------
    @property
    def scores(self) -> list[int]:
        return list(self.points)

    def deck_counts(self) -> list[int]:
        return deck_counts(self.party)

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == PLAYING:
            hand = self.hands[self.cur]
            if self.drama:
                moves = [PLAY[t] for t in (LLAMA, PINK) if hand[t]]
                moves.append(TAKE)
                return moves
            moves = [PLAY[t] for t in PLAYABLE[self.party][self.top] if hand[t]]
            if self.pile and self.n_active > 1:
                moves.append(DRAW)
            moves.append(QUIT)
            return moves
        if phase == RETURNING:
            held = holdings(self.points[self.returner], self.pinks)
            return [RETURN[d] for d in (20, 10, 1) if held[d]]
        return []

    def refusal(self, move: Move) -> Refusal:
        action = _ACTIONS.get(move)
        if self.phase == OVER:
            return GAME_OVER
        if action is None:
            return unknown_move(move, "that is not a L.A.M.A. move (play CARD, draw, quit, take, return N)")
        kind, arg = action
        if self.phase == RETURNING:
            if kind != _ACT_RETURN:
                return Refusal("lama.return_first", "the round is over: first choose which token to return")
            return Refusal("lama.no_token", f"you hold no token worth {arg}", {"value": arg})
        if kind == _ACT_RETURN:
            return Refusal("lama.return_not_now", "you can only return a token after emptying your hand")
        hand = self.hands[self.cur]
        if self.drama and kind != _ACT_TAKE and not (kind == _ACT_PLAY and IS_LLAMA[arg]):
            return Refusal("lama.drama_only", "Lama Drama! Play a llama or take all the tokens from the board")
        if kind == _ACT_TAKE:
            return Refusal("lama.no_drama", "there is no Lama Drama to end")
        if kind == _ACT_DRAW:
            if not self.pile:
                return Refusal("lama.pile_empty", "the draw pile is empty")
            return Refusal("lama.last_player",
                           "you are the last player in this round: you may play a card or quit, but not draw")
        if kind == _ACT_PLAY:
            card = CARD_NAMES[arg]
            if (IS_PLUS[arg] or arg == PINK) and not self.party:
                return Refusal("lama.not_in_game", f"there is no {card} card in this game", {"card": card})
            if not hand[arg]:
                return Refusal("lama.not_in_hand", f"you have no {card} in your hand", {"card": card})
            top_name = "llama" if self.top == 7 else str(self.top)
            return Refusal("lama.cannot_go_on",
                           f"a {card} cannot go on a {top_name}: play the same value or one higher "
                           "(a llama follows a 6, a 1 or a llama follows a llama)",
                           {"card": card, "top": CARD_NAMES[self.top]})
        return NOT_ALLOWED

    def _check(self, move: Move) -> tuple[int, int]:
        """Validate ``move`` for the current player; return its (action, argument). Never mutates."""
        action = _ACTIONS.get(move)
        phase = self.phase
        if action is not None:
            kind, arg = action
            if phase == PLAYING:
                if kind == _ACT_PLAY:
                    if self.hands[self.cur][arg] and (IS_LLAMA[arg] if self.drama
                                                     else arg in PLAYABLE_SETS[self.party][self.top]):
                        return action
                elif kind == _ACT_DRAW:
                    if not self.drama and self.pile and self.n_active > 1:
                        return action
                elif kind == _ACT_QUIT:
                    if not self.drama:
                        return action
                elif kind == _ACT_TAKE:
                    if self.drama:
                        return action
            elif phase == RETURNING and kind == _ACT_RETURN:
                if holdings(self.points[self.returner], self.pinks)[arg]:
                    return action
        raise self.refusal(move).error(move)

    def apply(self, move) -> list[Event]:
        move = as_move(move)
        action = self._check(move)
        events: list[Event] = []
        self._do(move, action, events)
        return events

    def step(self, move: Move) -> None:
        """``apply`` without building events (the bots' and benchmarks' hot path). Same validation and inputs."""
        if move.__class__ is not Move:
            move = as_move(move)
        self._do(move, self._check(move), None)

    # -- rules --------------------------------------------------------------------------------------------
    def _do(self, move: Move, action: tuple[int, int], events: list | None) -> None:
        kind, arg = action
        p = self.cur
        if kind == _ACT_RETURN:
            self._return_token(arg, events)
            return
        self.round_log.append((p, move, self.top))
        self.last_player = p
        if kind == _ACT_PLAY:
            hand = self.hands[p]
            hand[arg] -= 1
            self.hand_sizes[p] -= 1
            self.discard.append(arg)
            self.top = VALUE[arg]
            if events is not None:
                events.append(Event("play", p, {"card": CARD_NAMES[arg], "top": self.top,
                                                "hand_size": self.hand_sizes[p]}))
            if IS_LLAMA[arg] and self.drama_on:
                self._place_drama_token(p, events)
            if self.hand_sizes[p] == 0:
                self._end_round(p, "emptied", events)
                return
            if IS_LLAMA[arg] and self.drama_on:
                board_count = self.board[0] + self.board[1] + self.board[2]
                if board_count >= DRAMA_THRESHOLD:
                    if events is not None and not self.drama:
                        events.append(Event("drama_start", p, {"board": self._board_tokens()}))
                    self.drama = True
            if IS_PLUS[arg]:
                if events is not None:
                    events.append(Event("extra_turn", p, {"card": CARD_NAMES[arg]}))
                return  # the same player goes again
            self._advance(p)
        elif kind == _ACT_DRAW:
            pile = self.pile
            j = self.rng.randrange(len(pile))  # the pile is face down: which card comes up is chance
            card = pile[j]
            pile[j] = pile[-1]
            pile.pop()
            self.hands[p][card] += 1
            self.hand_sizes[p] += 1
            if events is not None:
                events.append(Event("draw", p, {"card": CARD_NAMES[card], "pile": len(self.pile),
                                                "hand_size": self.hand_sizes[p]}, PRIVATE_CARD))
            self._advance(p)
        elif kind == _ACT_QUIT:
            if self._quit(p, events):
                self._end_round(-1, "all_quit", events)
                return
            self._advance(p)
        else:  # take the Drama board: not a turn, the same player now takes a normal turn
            w, b, k = self.board
            value = w + 10 * b + 20 * k
            tokens = self._board_tokens()
            self.points[p] += value
            self.board = [0, 0, 0]
            self.drama = False
            if events is not None:
                events.append(Event("drama_take", p, {"tokens": tokens, "value": value, "score": self.points[p]}))

    def _board_tokens(self) -> list[int]:
        w, b, k = self.board
        return [20] * k + [10] * b + [1] * w

    def _place_drama_token(self, p: int, events) -> None:
        token = lowest_token(self.points[p], self.pinks)
        if not token:
            return
        self.points[p] -= token
        self.board[{1: 0, 10: 1, 20: 2}[token]] += 1
        if events is not None:
            events.append(Event("drama_token", p, {"token": token, "board": self._board_tokens(),
                                                   "score": self.points[p]}))

    def _end_round(self, emptied_by: int, reason: str, events) -> None:
        gained = []
        breakdown = []
        for seat in range(self.num_players):
            pts, detail = hand_points(self.hands[seat], self.party, self.each_llama)
            gained.append(pts)
            breakdown.append(detail)
            self.points[seat] += pts
        self.drama = False
        kinds = []
        if emptied_by >= 0:
            held = holdings(self.points[emptied_by], self.pinks)
            kinds = [d for d in (20, 10, 1) if held[d]]
        if events is not None:
            events.append(Event("round_end", emptied_by if emptied_by >= 0 else None, {
                "round": self.round_no, "reason": reason, "emptied_by": emptied_by,
                "hands": [hand_to_names(h) for h in self.hands], "points": gained, "breakdown": breakdown,
                "scores": list(self.points), "returner": emptied_by if kinds else -1,
            }))
        if emptied_by >= 0:
            if len(kinds) > 1:
                self.phase = RETURNING
                self.returner = emptied_by
                self.cur = emptied_by
                return
            if kinds:
                self._return_token(kinds[0], events, automatic=True)
                return
        self._finish_round(events)

    def _return_token(self, token: int, events, automatic: bool = False) -> None:
        seat = self.returner if self.phase == RETURNING else self.last_player
        self.points[seat] -= token
        self.phase = PLAYING
        self.returner = -1
        if events is not None:
            events.append(Event("token_return", seat, {"token": token, "score": self.points[seat],
                                                       "scores": list(self.points), "automatic": automatic}))
        self._finish_round(events)

    def _finish_round(self, events) -> None:
        if not self._record_round(events, END_POINTS):
            self._deal(events)

    def _deal(self, events) -> None:
        n = self.num_players
        self.round_no += 1
        self.dealer = (self.dealer + 1) % n
        if self.deals:
            first = self._stacked_deal()
        else:
            deck = DECKS[self.party][:]
            self.rng.partial_shuffle(deck, HAND_SIZE * n + 1)  # the pile's order is drawn card by card
            first = self._deal_hands(deck, HAND_SIZE)
        self.top = VALUE[first]
        self.drama = False
        self.cur = (self.dealer + 1) % n
        self.round_log = []
        self.phase = PLAYING
        if events is not None:
            events.append(Event("deal", self.dealer, {
                "round": self.round_no, "dealer": self.dealer, "starter": self.cur, "top": CARD_NAMES[first],
                "hand_sizes": list(self.hand_sizes), "pile": len(self.pile),
            }))

    def _stacked_deal(self) -> int:
        """The next stacked deal (``deals``) laid out: its hands, discard pile (the face-up card on top) and draw
        pile; every other card of the deck out of the round. Returns the face-up card."""
        (hands, discard, pile), self.deals = self.deals[0], self.deals[1:]
        n = self.num_players
        self.hands = [list(h) for h in hands]
        self.hand_sizes = [sum(h) for h in self.hands]
        self.discard = list(discard)
        self.pile = list(pile)
        self.aside = []
        self.aside = self._rest_of_deck()
        self.active = [True] * n
        self.n_active = n
        return self.discard[-1]

    def _read_deals(self, raw) -> tuple:
        """``deals`` of a saved state or position, checked: per deal one hand per seat, a discard pile that is not
        empty, no more cards of a kind than the deck has (``StateFormatError`` otherwise)."""
        if not isinstance(raw, list):
            raise StateFormatError("'deals' is a list of {hands, discard, pile}")
        deals = []
        for number, deal in enumerate(raw, 1):
            if not isinstance(deal, dict) or set(deal) - {"hands", "discard", "pile"}:
                raise StateFormatError(f"deal {number}: a deal is {{hands, discard, pile}}")
            hands = deal.get("hands")
            if not isinstance(hands, list) or len(hands) != self.num_players:
                raise StateFormatError(f"deal {number}: one hand per seat ({self.num_players})")
            counts = self.deck_counts()
            try:
                hands = tuple(tuple(names_to_hand(h)) for h in hands)
                discard = tuple(CARDS.kinds_of(deal.get("discard") or []))
                pile = tuple(CARDS.kinds_of(deal.get("pile") or []))
            except (KeyError, ValueError, TypeError) as error:
                raise StateFormatError(f"deal {number}: {error}") from None
            if not discard:
                raise StateFormatError(f"deal {number}: the discard pile needs its face-up card")
            for hand in hands:
                for k, c in enumerate(hand):
                    counts[k] -= c
            for k in discard + pile:
                counts[k] -= 1
            over = [CARD_NAMES[k] for k, c in enumerate(counts) if c < 0]
            if over:
                raise StateFormatError(f"deal {number}: more {', '.join(over)} cards than the deck has")
            deals.append((hands, discard, pile))
        return tuple(deals)

    # -- views, copies, saves -----------------------------------------------------------------------------
    def view(self, seat: int) -> "LamaView":
        return LamaView(self, seat)

    def clone(self) -> "LamaState":
        s = self._copy()
        s.game_id = self.game_id
        s.variants = self.variants
        s.party = self.party
        s.drama_on = self.drama_on
        s.pinks = self.pinks
        s.each_llama = self.each_llama
        s.top = self.top
        s.dealer = self.dealer
        s.first_dealer = self.first_dealer
        s.points = self.points[:]
        s.board = self.board[:]
        s.drama = self.drama
        s.returner = self.returner
        s.history = [h[:] for h in self.history]
        s.round_log = self.round_log[:]
        s.deals = self.deals  # a tuple of tuples: never changed in place
        return s

    def to_dict(self) -> dict:
        data = state_header(self, self.variants, STATE_VERSION)
        data.update(self._cards_dict())
        data.update({
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "round": self.round_no,
            "scores": list(self.points),
            "board": self._board_tokens(),
            "drama": self.drama,
            "phase": PHASE_NAMES[self.phase],
            "returner": self.returner,
            "history": [list(h) for h in self.history],
            "round_log": [[seat, str(move), top] for seat, move, top in self.round_log],
            "last_player": self.last_player,
        })
        if self.deals:  # only a scripted position has any: saves of dealt games stay as they were
            names = CARD_NAMES
            data["deals"] = [{"hands": [hand_to_names(h) for h in hands], "discard": [names[k] for k in discard],
                              "pile": [names[k] for k in pile]} for hands, discard, pile in self.deals]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "LamaState":
        game_id = data.get("game") if isinstance(data, dict) else None
        if game_id not in SPECS:
            raise StateFormatError(f"not a L.A.M.A. save (game {game_id!r})")
        return read_saved(data, game_id, STATE_VERSION, cls._from_dict, MIGRATIONS)

    @classmethod
    def _from_dict(cls, data: dict) -> "LamaState":
        players = int(data["players"])
        spec = get_spec(data["game"])
        variants = spec.check_options(players, data.get("variants", []))
        s = cls.blank(data["game"], players, variants, 0)
        s._load_cards(data, "L.A.M.A.")
        if not s.discard:
            raise StateFormatError("the discard pile of a saved L.A.M.A. game cannot be empty")
        s.top = VALUE[s.discard[-1]]
        s.dealer = int(data["dealer"])
        s.first_dealer = int(data.get("first_dealer", 0))
        s.round_no = int(data["round"])
        s.points = [int(p) for p in data["scores"]]
        board = [int(t) for t in data["board"]]
        if any(t not in (1, 10, 20) for t in board) or (20 in board and not s.pinks):
            raise StateFormatError(f"the Drama board holds tokens of 1, 10{', 20' if s.pinks else ''}, "
                                   f"not {board!r}")
        s.board = [board.count(1), board.count(10), board.count(20)]
        s.drama = bool(data["drama"])
        s.phase = PHASE_NAMES.index(data["phase"])
        s.returner = int(data["returner"])
        s.history = [[int(x) for x in h] for h in data["history"]]
        s.round_log = [(int(seat), Move.parse(text), int(top)) for seat, text, top in data["round_log"]]
        s.last_player = int(data["last_player"])
        s.deals = s._read_deals(data.get("deals", []))
        lengths = {len(s.hands), len(s.active), len(s.points)}
        if lengths != {players} or not 0 <= s.cur < players:
            raise StateFormatError("a saved L.A.M.A. game whose seats do not add up")
        if min(s.points) < 0:
            raise StateFormatError("a saved L.A.M.A. game with a negative score")
        if s.phase != OVER and not s.active[s.cur] and s.phase != RETURNING:
            raise StateFormatError("the player to move in a saved L.A.M.A. game has quit the round")
        return s


def _v1_to_v2(data: dict) -> dict:
    """Version 1 said "points" for the scores, kept the Drama board as counts [whites, blacks, pinks] and had
    every card in a hand or a pile."""
    data["scores"] = data.pop("points")
    whites, blacks, pinks = (int(x) for x in data["board"])
    data["board"] = [20] * pinks + [10] * blacks + [1] * whites
    data["aside"] = []
    return data


MIGRATIONS = {1: _v1_to_v2}


def complete_position(data: dict) -> dict:
    """A crafted L.A.M.A. position -> a full saved state. Needed: ``hands`` (one list of card names per seat) and
    the discard pile (``discard``, last on top, or just its ``top`` card). Left out: ``pile`` empty, ``aside``
    every other card (``"rest"``), everybody in, seat 0 to move, no points, round 1, an empty Drama board."""
    d = dict(data)
    hands = d["hands"]
    players = int(d.setdefault("players", len(hands)))
    if "discard" not in d:
        d["discard"] = [d.pop("top")]
    d.pop("top", None)
    current = int(d.setdefault("current", 0))
    d.setdefault("version", STATE_VERSION)
    for key, value in (("rng", int(d.get("seed", 0))), ("pile", []), ("aside", "rest"),
                       ("active", [True] * players), ("dealer", (current - 1) % players), ("round", 1),
                       ("scores", [0] * players), ("board", []), ("drama", False), ("phase", "playing"),
                       ("returner", -1), ("history", []), ("round_log", []), ("last_player", -1)):
        d.setdefault(key, value)
    d.setdefault("first_dealer", d["dealer"])
    d.pop("seed", None)
    return d


class LamaView(HandView):
    """What one seat knows: its own hand, everybody's hand size, the piles, tokens, board and public moves."""

    __slots__ = ()
    PHASE_NAMES = PHASE_NAMES

    # public information, read-only (hand, hand_sizes, pile_size, discard, active, round_no, history, phase: HandView)
    @property
    def top(self) -> int:
        return self._state.top

    @property
    def top_card(self) -> int:
        return self._state.discard[-1]

    scores = state_property("points", copy=True)
    board = state_property("board", copy=True)
    drama = state_property("drama")
    party = state_property("party")
    variants = state_property("variants")
    dealer = state_property("dealer")
    round_log = state_property("round_log", copy=True,
                               doc="This round's public moves: (seat, Move, top value before the move).")

    def _deck_counts(self) -> list[int]:
        return deck_counts(self._state.party)

    def to_dict(self) -> dict:
        state = self._state
        return {
            "game": state.game_id, "seat": self.seat, "variants": sorted(state.variants),
            "hand": hand_to_names(state.hands[self.seat]), "hand_sizes": list(state.hand_sizes),
            "pile": len(state.pile), "top": CARD_NAMES[state.discard[-1]],
            "discard": [CARD_NAMES[k] for k in state.discard], "active": list(state.active),
            "current": state.current_player, "dealer": state.dealer, "round": state.round_no,
            "scores": list(state.points),
            "tokens": [holdings(p, state.pinks) for p in state.points],
            "board": state._board_tokens(), "drama": state.drama, "phase": PHASE_NAMES[state.phase],
            "history": [list(h) for h in state.history],
            "round_log": [[seat, str(move), top] for seat, move, top in state.round_log],
            "legal": [str(m) for m in self.legal_moves()],
        }


def get_spec(game_id: str) -> GameSpec:
    return SPECS[game_id]


def _make(game_id: str):
    def new_state(players, variants=frozenset(), seed=0, first_dealer: int = 0, **options):
        if options:
            raise ValueError(f"unknown option(s) for {game_id}: {', '.join(sorted(options))}")
        return LamaState.new(game_id, players, frozenset(variants), seed, first_dealer=first_dealer)

    return new_state


_DRAMA = VariantSpec("drama", "Lama Drama", "Llamas put tokens on the Drama board; at 5 the drama starts.")
_EACH = VariantSpec("llama-each-10", "Llama scoring", "Every llama card scores 10 (the pink llama 20).")
_LAMA20 = VariantSpec("lama20", "Lama 20", "Pink tokens worth 20: hold the largest and return a 20.")

#: a new deal shows you a new hand, a draw shows the drawer a card, the round's end lays every hand open
REVEALING_EVENTS = frozenset({"deal", "draw", "round_end"})

SPECS = {
    "lama": GameSpec(
        id="lama", title="L.A.M.A.", min_players=2, max_players=6, variants=(_DRAMA, _LAMA20, _EACH),
        new_state=_make("lama"), state_from_dict=LamaState.from_dict, complete_position=complete_position,
        revealing_events=REVEALING_EVENTS, check_state=check_state,
        description="Play a card of the same value or one higher, draw, or quit. Get rid of your points."),
    "lama-party": GameSpec(
        id="lama-party", title="L.A.M.A. Party", min_players=2, max_players=6, variants=(_DRAMA, _EACH),
        new_state=_make("lama-party"), state_from_dict=LamaState.from_dict, complete_position=complete_position,
        revealing_events=REVEALING_EVENTS, check_state=check_state,
        description="L.A.M.A. with plus cards (play again), the pink llama and pink 20-tokens."),
}
