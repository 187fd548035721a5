"""LAMA Cadabra (RULINGS.md §3, ``rules/lama-cadabra.fr.txt``): game id ``lama-cadabra``, 2–6 players.

Component data (deck, symbols per card, constants) is in ``data/lama_cadabra.yaml`` (in this folder); which cards
carry which symbol is *reconstructed* there and can be replaced without touching this module.

Moves (text form)
-----------------
- ``play C`` with a card id from the data: ``play 1`` (all 1s give a token), ``play 2``, ``play 2+`` (a 2 with
  the square: next player draws), ``play 3*`` (a 3 with the star: take the magic token), ``play 2/3``,
  ``play 4/5`` (double cards), ``play L`` (llama);
- ``draw``, ``quit``, ``pass`` (return the magic token to the supply instead of a turn);
- ``exchange`` (10 whites for one black; a free action: the same player still has to move);
- ``take`` (during the Lamagic Show: take every token from the board, which ends the show; then a normal turn);
- ``give S`` (after a circle card: the seat ``S`` that receives one of your lowest tokens);
- ``return 10`` / ``return 1`` (the player who emptied their hand gives back a black or a white).
A decision with a single possible answer (one recipient for a circle, one kind of token to return, and no
exchange possible) is taken automatically and its event says ``"auto": true``.

Events
------
``deal`` {round, starter, top, hand_sizes, pile, board, show}; ``play`` {card, top, hand_size};
``show_token`` {token, board, score} (a llama placed one of your lowest tokens: 1, 10 or "M");
``show_start`` {board}; ``show_take`` {tokens, value, magic, score}; ``show_stop`` {reason: "take" |
"last_llama" | "round_end"}; ``give`` {to, token, auto, scores}; ``force_draw`` {card, pile, hand_size} (seat =
who draws: the square's next player, or the player alone); ``magic`` {action: "take" | "pass", from}
(``from`` is "supply", "board" or a seat); ``draw`` {card, pile, hand_size}; ``quit`` {hand_size};
``exchange`` {whites, blacks}; ``round_end`` {round, reason: "emptied" | "all_quit", emptied_by, hands,
breakdown, points, magic_holder, scores, returner}; ``token_return`` {token, score, scores, auto}; ``game_end``
{scores, winners}. ``round_end``'s ``scores`` are before the token given back: ``returner`` (-1 if none) gives one
back next, and ``token_return``'s ``scores`` are the round's final totals. Events that move tokens (``show_token``,
``show_take``, ``give``, ``exchange``, ``round_end``, ``token_return``) also carry ``holdings``: every seat's [whites,
blacks] afterwards. In ``draw``/``force_draw`` the drawn ``card`` is private to the drawing seat (the event's ``seat``):
``Event.for_seat`` makes it ``None`` for every other seat. Every other field is public (``round_end`` lays every hand
open). The ``round_end`` breakdown lists, per seat, every counted value with the cards that count for it, so a double
card appears under both of its values (``{"value": 2, "cards": ["2/3"]}, {"value": 3, "cards": ["2/3", "3*"]}``).

Decisions on what the rulebook and RULINGS.md leave open (also in ``docs/rulings-cadabra.md``)
--------------------------------------------------------------------------------------------
1. Points are paid in the largest tokens (blacks for each full 10, whites for the rest), as in the rulebook's
   example where Ariane takes a black for 10 points. Holding the magic token at the round's end adds 10 to that
   round's points; the magic token then goes back to the supply.
2. Scoring comes first, then the player who emptied their hand returns one token (white or black, their
   choice): so a player who emptied their hand while holding the magic token can hand back the black it cost.
3. "Lowest token" is a white, else a black, else the magic token (only when it is all the player has). This
   applies to the circle's gift and to the llama's show token.
4. Exchanging 10 whites for a black is a free action at any moment of your own turn or decision (before a play,
   during the show, before choosing whom to give to, before choosing which token to return); never automatic.
5. The card flipped to start the discard pile has no effect, and it is not "the first llama played".
6. The show is on from the llama whose token makes the board hold 5 or more (or, with 5 or more already there,
   from the first llama played in the round, even by a player without tokens). While it is on, each player in
   the round, at the start of their turn, plays a llama, takes all tokens, or (holding the magic token, not
   alone) passes; the player who triggered it is asked too when the turn comes back to them (alone: at once).
   Quitting and drawing are not allowed until they took the tokens. Taking is not a turn: a normal turn follows.
7. A llama that empties a hand still places its token, and ends the round; the show (if on) stops and nobody
   takes the board. A last llama that brings the board to 5 does not start a show. Any show stops at round end.
8. Square with your last card: the next player still in the round draws (you, when alone), then the round ends;
   the drawn card is scored in that hand. Alone, it is you who draws, and the round still ends because you
   played your last card (you may then return a token as usual).
9. The star takes the magic token wherever it is, also from a player who quit (the star targets the token, not
   the player); taking it from the board removes it from the board's count.
10. Drawing needs a card in the pile and another player still in the round; the magic pass needs another player
   still in the round. Quitting is always allowed in a normal turn.
11. "The last player to have played" (who starts the next round) is the last player who took a turn action:
   play, draw, quit or pass. The first round's starter is the ``first_player`` option (default: drawn with the
   game's seed).
12. ``scores`` are the tokens held (whites + 10 × blacks); the magic token counts only at the round's end.

Representation (hot path): a hand is a list of counts indexed by card kind (order of ``cards`` in the data);
the discard's top is a kind; tokens are ``whites``/``blacks`` per seat; the magic token's place is ``magic``
(a seat, ``SUPPLY`` or ``BOARD``); the board is a list of tokens in placement order (1, 10, or 0 = magic).
"""

from __future__ import annotations

from lama_desktop.engine.core import (
    GAME_OVER, NOT_ALLOWED, Event, GameSpec, Move, Refusal, as_move, malformed, read_saved, state_property, unknown_move
)
from lama_desktop.engine.hands import HandsState, HandView
from lama_desktop.games.cadabra.components import (
    ACTIONS, ACTIONS_BY_ID, A_DRAW, A_EXCHANGE, A_GIVE, A_PASS, A_PLAY, A_QUIT, A_RETURN, A_TAKE, BOARD, CARDS,
    CARD_IDS, DECK_COUNTS, DRAW, DRAWS, END_POINTS, EXCHANGE, EXCHANGE_WHITES, FULL_DECK, GIVE, GIVES, GIVING,
    HAND_SIZE, IS_LLAMA, LLAMA_KINDS, MAGICS, MAGIC_POINTS, MAGIC_TOKEN, OVER, PASS, PHASE_NAMES, PLAY, PLAYABLE,
    PLAYABLE_SETS, PLAYING, PRIVATE_CARD, QUIT, RETURN, RETURNING, SHOW_THRESHOLD, START_WHITES, SUPPLY, TAKE,
    hand_points, hand_to_names, hand_value, magic_from_text, magic_text, shuffle_deck, token_from_text, token_text
)
from lama_desktop.games.cadabra.engine_check import check_state
from lama_desktop.games.cadabra.saves import (
    MIGRATIONS, STATE_VERSION, complete_position, state_from_dict, state_to_dict
)

GAME_ID = "lama-cadabra"


def _card_name(k: int) -> str:
    name = CARD_IDS[k]
    return "llama" if IS_LLAMA[k] else name


_LAST_PLAYER = Refusal("cadabra.last_player", "you are the last player in this round: you may only play a card or quit")


def _no_seat(seat: int) -> Refusal:
    return Refusal("cadabra.no_seat", f"there is no seat {seat} at this table", {"seat": seat})


def _not_in_hand(k: int) -> Refusal:
    return Refusal("cadabra.not_in_hand", f"you have no {_card_name(k)} in your hand", {"card": CARD_IDS[k]})


class CadabraState(HandsState):
    """One game of LAMA Cadabra. Make one with ``GameSpec.new`` or ``CadabraState.crafted`` (scenario tests)."""

    __slots__ = (
        "num_players", "rng", "hands", "hand_sizes", "pile", "discard", "aside", "active", "n_active", "cur", "whites",
        "blacks", "magic", "board", "show", "phase", "round_no", "last_player", "first_player", "history",
    )
    game_id = GAME_ID
    CARDS = CARDS
    OVER = OVER
    PHASE_NAMES = PHASE_NAMES
    END_POINTS = END_POINTS
    SUPPLY, BOARD, MAGIC_TOKEN = SUPPLY, BOARD, MAGIC_TOKEN

    # -- construction -----------------------------------------------------------------------------------------
    @classmethod
    def blank(cls, players: int, seed: int) -> "CadabraState":
        s = cls._empty(players, seed)
        s.whites = [START_WHITES] * players
        s.blacks = [0] * players
        s.magic = SUPPLY
        s.board = []
        s.show = False
        s.phase = PLAYING
        s.first_player = 0
        return s

    @classmethod
    def new(cls, players: int, seed: int = 0, first_player: int | None = None) -> "CadabraState":
        if not 2 <= players <= 6:
            raise ValueError(f"LAMA Cadabra is for 2 to 6 players, not {players}")
        s = cls.blank(players, seed)
        drawn = s.rng.randrange(players)  # always drawn, so the deals of a seed do not depend on the option
        if first_player is None:
            first_player = drawn
        if not 0 <= first_player < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}")
        s.first_player = first_player
        s._deal(first_player, None)
        return s

    @classmethod
    def crafted(cls, *, hands, pile=(), top=None, discard=None, whites=None, blacks=None, magic="supply",
                board=(), show: bool = False, active=None, current: int = 0, seed: int = 0, round_no: int = 1,
                last_player: int = -1, phase: str = "playing") -> "CadabraState":
        """A state from explicit parts, for scenario tests. Cards by id (``"1"``, ``"2+"``, ``"2/3"``, ``"L"``).

        ``pile`` lists the draw pile bottom to top (the last item is drawn first); ``top`` is the discard's top
        card (or give the whole ``discard``, last on top); ``whites``/``blacks`` per seat (default 3 whites, no
        blacks); ``magic`` is ``"supply"``, ``"board"`` (then ``"M"`` must be in ``board``) or a seat; ``board``
        lists its tokens (1, 10, ``"M"``). The rest of the deck need not be accounted for: crafted states are
        exempt from card conservation (the next round deals the full deck again).
        """
        players = len(hands)
        s = cls.blank(players, seed)
        if discard is None:
            if top is None:
                raise ValueError("a crafted state needs its discard pile's top card")
            discard = [top]
        s._craft(hands, pile, discard, active, current)
        s.whites = list(whites) if whites is not None else [START_WHITES] * players
        s.blacks = list(blacks) if blacks is not None else [0] * players
        s.board = [token_from_text(t) for t in board]
        s.magic = magic_from_text(magic)
        if (s.magic == BOARD) != (MAGIC_TOKEN in s.board):
            raise ValueError("the magic token is on the board exactly when board lists 'M'")
        s.show = show
        s.round_no = round_no
        s.last_player = last_player
        s.phase = PHASE_NAMES.index(phase)
        return s

    # -- the contract (current_player, is_over, winners: HandsState) --------------------------------------------
    @property
    def scores(self) -> list[int]:
        b = self.blacks
        return [w + 10 * b[i] for i, w in enumerate(self.whites)]

    def deck_counts(self) -> list[int]:
        return list(DECK_COUNTS)

    def score(self, seat: int) -> int:
        return self.whites[seat] + 10 * self.blacks[seat]

    def tokens(self) -> list[list[int]]:
        """Every seat's [whites, blacks] (events carry it after each token move, for the UI)."""
        return [[w, self.blacks[i]] for i, w in enumerate(self.whites)]

    @property
    def top(self) -> int:
        """The kind of the discard pile's top card."""
        return self.discard[-1]

    def legal_moves(self) -> list[Move]:
        phase = self.phase
        p = self.cur
        if phase == PLAYING:
            hand = self.hands[p]
            alone = self.n_active == 1
            if self.show:
                moves = [PLAY[k] for k in LLAMA_KINDS if hand[k]]
                moves.append(TAKE)
            else:
                moves = [PLAY[k] for k in PLAYABLE[self.discard[-1]] if hand[k]]
                if self.pile and not alone:
                    moves.append(DRAW)
                moves.append(QUIT)
            if self.magic == p and not alone:
                moves.append(PASS)
            if self.whites[p] >= EXCHANGE_WHITES:
                moves.append(EXCHANGE)
            return moves
        if phase == GIVING:
            active = self.active
            moves = [GIVE[s] for s in range(self.num_players) if s != p and active[s]]
            if self.whites[p] >= EXCHANGE_WHITES:
                moves.append(EXCHANGE)
            return moves
        if phase == RETURNING:
            moves = []
            if self.blacks[p]:
                moves.append(RETURN[10])
            if self.whites[p]:
                moves.append(RETURN[1])
                if self.whites[p] >= EXCHANGE_WHITES:
                    moves.append(EXCHANGE)
            return moves
        return []

    def refusal(self, move: Move) -> Refusal:
        if self.phase == OVER:
            return GAME_OVER
        action = ACTIONS.get(move)
        if action is None:
            if move.kind == "play":
                return unknown_move(move, f"there is no card {' '.join(map(str, move.args))!r} in LAMA Cadabra "
                                          f"(cards: {', '.join(CARD_IDS)})")
            if move.kind == "give" and len(move.args) == 1 and isinstance(move.args[0], int):
                return _no_seat(move.args[0])
            if move.kind == "return":
                return malformed(move, "only a black (return 10) or a white (return 1) token can be returned")
            return unknown_move(move, "that is not a LAMA Cadabra move (play CARD, draw, quit, pass, exchange, take, "
                                      "give SEAT, return 10 / return 1)")
        kind, arg = action
        p = self.cur
        if kind == A_EXCHANGE:
            return Refusal("cadabra.exchange",
                           f"you need {EXCHANGE_WHITES} white tokens to exchange them for a black one",
                           {"n": EXCHANGE_WHITES})
        if self.phase == GIVING:
            if kind != A_GIVE:
                return Refusal("cadabra.give_first", "first choose who receives one of your lowest tokens (give SEAT)")
            if arg == p:
                return Refusal("cadabra.give_self", "you must give the token to another player")
            if arg >= self.num_players:
                return _no_seat(arg)
            return Refusal("cadabra.give_out", "that player has left the round and can no longer receive a token")
        if self.phase == RETURNING:
            if kind != A_RETURN:
                return Refusal("cadabra.return_first", "the round is over: choose which token to return")
            return Refusal("cadabra.no_token", f"you hold no token worth {arg}", {"value": arg})
        if kind == A_GIVE:
            return Refusal("cadabra.give_not_now", "you can only give a token right after playing a 1 with the circle")
        if kind == A_RETURN:
            return Refusal("cadabra.return_not_now", "you can only return a token after emptying your hand")
        if kind == A_PASS:
            if self.magic != p:
                return Refusal("cadabra.no_magic", "you do not hold the magic token")
            return _LAST_PLAYER
        if self.show:
            if kind == A_PLAY and self.hands[p][arg]:
                return Refusal("cadabra.show_only",
                               "the Lamagic Show is on: play a llama, or take all the tokens from the board")
            if kind in (A_DRAW, A_QUIT, A_PLAY):
                if kind == A_PLAY:
                    return _not_in_hand(arg)
                return Refusal("cadabra.show_only", "the Lamagic Show is on: play a llama, take all the tokens from "
                                                    "the board, or pass with the magic token")
        if kind == A_TAKE:
            return Refusal("cadabra.no_show", "there is no Lamagic Show going on: nothing to take")
        if kind == A_DRAW:
            if not self.pile:
                return Refusal("cadabra.pile_empty", "the draw pile is empty")
            return _LAST_PLAYER
        if kind == A_PLAY:
            if not self.hands[p][arg]:
                return _not_in_hand(arg)
            top = self.discard[-1]
            return Refusal("cadabra.cannot_go_on",
                           f"a {_card_name(arg)} cannot go on a {_card_name(top)}: play the same value or one higher "
                           "(a double card has both values; a llama follows a 6, a 1 or a llama follows a llama)",
                           {"card": CARD_IDS[arg], "top": CARD_IDS[top]})
        return NOT_ALLOWED

    def _check(self, move: Move) -> tuple[int, int]:
        """Validate ``move`` for the current player and return its (action, argument). Never mutates."""
        action = ACTIONS_BY_ID.get(id(move)) or ACTIONS.get(move)
        if action is not None:
            kind, arg = action
            phase = self.phase
            p = self.cur
            if phase == PLAYING:
                if kind == A_PLAY:
                    if self.hands[p][arg] and (IS_LLAMA[arg] if self.show
                                               else arg in PLAYABLE_SETS[self.discard[-1]]):
                        return action
                elif kind == A_DRAW:
                    if not self.show and self.pile and self.n_active > 1:
                        return action
                elif kind == A_QUIT:
                    if not self.show:
                        return action
                elif kind == A_PASS:
                    if self.magic == p and self.n_active > 1:
                        return action
                elif kind == A_TAKE:
                    if self.show:
                        return action
                elif kind == A_EXCHANGE:
                    if self.whites[p] >= EXCHANGE_WHITES:
                        return action
            elif phase == GIVING:
                if kind == A_GIVE:
                    if arg != p and arg < self.num_players and self.active[arg]:
                        return action
                elif kind == A_EXCHANGE:
                    if self.whites[p] >= EXCHANGE_WHITES:
                        return action
            elif phase == RETURNING:
                if kind == A_RETURN:
                    if (self.blacks[p] if arg == 10 else self.whites[p]):
                        return action
                elif kind == A_EXCHANGE:
                    if self.whites[p] >= EXCHANGE_WHITES:
                        return action
        raise self.refusal(move).error(move)

    def apply(self, move) -> list[Event]:
        move = as_move(move)
        action = self._check(move)
        events: list[Event] = []
        self._do(action, events)
        return events

    def step(self, move: Move) -> None:
        """``apply`` without building events: the bots' and benchmarks' hot path. Same validation and inputs."""
        if move.__class__ is not Move:
            move = as_move(move)
        self._do(self._check(move), None)

    # -- rules --------------------------------------------------------------------------------------------------
    def _do(self, action: tuple[int, int], events: list | None) -> None:
        kind, arg = action
        p = self.cur
        if kind == A_PLAY:
            self.last_player = p
            self._play(p, arg, events)
        elif kind == A_DRAW:
            self.last_player = p
            card = self.pile.pop()
            self.hands[p][card] += 1
            self.hand_sizes[p] += 1
            if events is not None:
                events.append(Event("draw", p, {"card": CARD_IDS[card], "pile": len(self.pile),
                                                "hand_size": self.hand_sizes[p]}, PRIVATE_CARD))
            self._advance(p)
        elif kind == A_QUIT:
            self.last_player = p
            if self._quit(p, events):
                self._end_round(-1, events)
            else:
                self._advance(p)
        elif kind == A_PASS:
            self.last_player = p
            self.magic = SUPPLY
            if events is not None:
                events.append(Event("magic", p, {"action": "pass", "from": p}))
            self._advance(p)
        elif kind == A_TAKE:
            board = self.board
            whites = board.count(1)
            blacks = board.count(10)
            got_magic = MAGIC_TOKEN in board
            self.whites[p] += whites
            self.blacks[p] += blacks
            if got_magic:
                self.magic = p
            self.board = []
            self.show = False
            if events is not None:
                events.append(Event("show_take", p, {"tokens": [token_text(t) for t in board],
                                                     "value": whites + 10 * blacks, "magic": got_magic,
                                                     "score": self.score(p), "holdings": self.tokens()}))
                events.append(Event("show_stop", p, {"reason": "take"}))
        elif kind == A_EXCHANGE:
            self.whites[p] -= EXCHANGE_WHITES
            self.blacks[p] += 1
            if events is not None:
                events.append(Event("exchange", p, {"whites": self.whites[p], "blacks": self.blacks[p],
                                                    "holdings": self.tokens()}))
        elif kind == A_GIVE:
            self._give(p, arg, events, False)
            self.phase = PLAYING
            if self.hand_sizes[p] == 0:
                self._end_round(p, events)
            else:
                self._advance(p)
        else:  # A_RETURN
            self._return_token(p, arg, events, False)

    def _play(self, p: int, k: int, events) -> None:
        hand = self.hands[p]
        hand[k] -= 1
        self.hand_sizes[p] -= 1
        self.discard.append(k)
        emptied = self.hand_sizes[p] == 0
        if events is not None:
            events.append(Event("play", p, {"card": CARD_IDS[k], "top": CARD_IDS[k], "hand_size": self.hand_sizes[p]}))
        if IS_LLAMA[k]:
            token = self._lowest_token(p)
            if token is not None:
                self._take_token(p, token)
                self.board.append(token)
                if token == MAGIC_TOKEN:
                    self.magic = BOARD
                if events is not None:
                    events.append(Event("show_token", p, {"token": token_text(token),
                                                          "board": [token_text(t) for t in self.board],
                                                          "score": self.score(p), "holdings": self.tokens()}))
            if emptied:
                if self.show:
                    self.show = False
                    if events is not None:
                        events.append(Event("show_stop", p, {"reason": "last_llama"}))
                self._end_round(p, events)
                return
            if not self.show and len(self.board) >= SHOW_THRESHOLD:
                self.show = True
                if events is not None:
                    events.append(Event("show_start", p, {"board": [token_text(t) for t in self.board]}))
        elif GIVES[k]:
            if self.n_active > 1 and self._lowest_token(p) is not None:
                recipients = [s for s in range(self.num_players) if s != p and self.active[s]]
                if len(recipients) == 1 and self.whites[p] < EXCHANGE_WHITES:
                    self._give(p, recipients[0], events, True)
                else:
                    self.phase = GIVING
                    return  # the same player now chooses the recipient; the turn goes on after that
        elif DRAWS[k]:
            if self.pile:
                target = self._next_active(p) if self.n_active > 1 else p
                card = self.pile.pop()
                self.hands[target][card] += 1
                self.hand_sizes[target] += 1
                if events is not None:
                    events.append(Event("force_draw", target, {
                        "card": CARD_IDS[card], "pile": len(self.pile), "hand_size": self.hand_sizes[target], "by": p,
                    }, PRIVATE_CARD))
        elif MAGICS[k]:
            where = self.magic
            if where != p:
                if where == BOARD:
                    self.board.remove(MAGIC_TOKEN)
                self.magic = p
            if events is not None:
                events.append(Event("magic", p, {"action": "take", "from": magic_text(where)}))
        if emptied:
            self._end_round(p, events)
        else:
            self._advance(p)

    def _lowest_token(self, p: int) -> int | None:
        if self.whites[p]:
            return 1
        if self.blacks[p]:
            return 10
        if self.magic == p:
            return MAGIC_TOKEN
        return None

    def _take_token(self, p: int, token: int) -> None:
        """Remove one ``token`` from seat ``p``'s holdings (the caller puts it somewhere)."""
        if token == 1:
            self.whites[p] -= 1
        elif token == 10:
            self.blacks[p] -= 1
        else:
            self.magic = SUPPLY  # the caller says where it went

    def _give(self, p: int, to: int, events, auto: bool) -> None:
        token = self._lowest_token(p)
        if token is None:  # cannot happen (checked before asking); keep the state sane anyway
            return
        self._take_token(p, token)
        if token == 1:
            self.whites[to] += 1
        elif token == 10:
            self.blacks[to] += 1
        else:
            self.magic = to
        if events is not None:
            events.append(Event("give", p, {"to": to, "token": token_text(token), "auto": auto,
                                            "scores": self.scores, "holdings": self.tokens()}))

    def _end_round(self, emptied_by: int, events) -> None:
        if self.show:
            self.show = False
            if events is not None:
                events.append(Event("show_stop", None, {"reason": "round_end"}))
        n = self.num_players
        gained = []
        breakdown = [] if events is not None else None
        magic_holder = self.magic if self.magic >= 0 else -1
        for seat in range(n):
            if events is not None:
                pts, detail = hand_points(self.hands[seat])
                detail["magic_points"] = MAGIC_POINTS if seat == magic_holder else 0
                detail["total"] = pts + detail["magic_points"]
                breakdown.append(detail)
            else:
                pts = hand_value(self.hands[seat])
            if seat == magic_holder:
                pts += MAGIC_POINTS
            gained.append(pts)
            self.blacks[seat] += pts // 10
            self.whites[seat] += pts % 10
        if magic_holder >= 0:
            self.magic = SUPPLY
        if events is not None:
            events.append(Event("round_end", emptied_by if emptied_by >= 0 else None, {
                "round": self.round_no, "reason": "emptied" if emptied_by >= 0 else "all_quit",
                "emptied_by": emptied_by, "hands": [hand_to_names(h) for h in self.hands], "points": gained,
                "breakdown": breakdown, "magic_holder": magic_holder, "scores": self.scores,
                "holdings": self.tokens(),
                "returner": emptied_by if emptied_by >= 0 and (self.whites[emptied_by] or self.blacks[emptied_by])
                else -1,
            }))
        if emptied_by >= 0 and (self.whites[emptied_by] or self.blacks[emptied_by]):
            self.phase = RETURNING
            self.cur = emptied_by
            moves = self.legal_moves()
            if len(moves) == 1:
                self._return_token(emptied_by, moves[0].args[0], events, True)
            return
        self._finish_round(events)

    def _return_token(self, p: int, token: int, events, auto: bool) -> None:
        if token == 10:
            self.blacks[p] -= 1
        else:
            self.whites[p] -= 1
        if events is not None:
            events.append(Event("token_return", p, {"token": token, "score": self.score(p), "scores": self.scores,
                                                    "auto": auto, "holdings": self.tokens()}))
        self._finish_round(events)

    def _finish_round(self, events) -> None:
        if not self._record_round(events, END_POINTS):
            self._deal(self.last_player if self.last_player >= 0 else self.first_player, events)

    def _deal(self, starter: int, events) -> None:
        self.round_no += 1
        deck = list(FULL_DECK)
        shuffle_deck(self.rng, deck)
        self._deal_hands(deck, HAND_SIZE)
        self.show = False
        self.cur = starter
        self.phase = PLAYING
        if events is not None:
            events.append(Event("deal", None, {
                "round": self.round_no, "starter": starter, "top": CARD_IDS[self.discard[-1]],
                "hand_sizes": list(self.hand_sizes), "pile": len(self.pile),
                "board": [token_text(t) for t in self.board], "show": False,
            }))

    # -- views, copies, saves -----------------------------------------------------------------------------------
    def view(self, seat: int) -> "CadabraView":
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat} at a {self.num_players}-player table")
        return CadabraView(self, seat)

    def clone(self) -> "CadabraState":
        s = self._copy()
        s.whites = self.whites[:]
        s.blacks = self.blacks[:]
        s.magic = self.magic
        s.board = self.board[:]
        s.show = self.show
        s.first_player = self.first_player
        s.history = self.history[:]  # rows are never mutated after they are appended
        return s

    def to_dict(self) -> dict:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "CadabraState":
        return read_saved(data, GAME_ID, STATE_VERSION, cls._from_dict, MIGRATIONS)

    @classmethod
    def _from_dict(cls, data: dict) -> "CadabraState":
        return state_from_dict(cls, data)


class CadabraView(HandView):
    """What one seat knows: its own hand, hand sizes, the discard pile, tokens, the magic token, the board."""

    __slots__ = ()
    PHASE_NAMES = PHASE_NAMES

    # hand, hand_sizes, pile_size, discard, active, round_no, history, phase: HandView
    @property
    def top(self) -> int:
        """The kind of the discard pile's top card."""
        return self._state.discard[-1]

    n_active = state_property("n_active")
    scores = state_property("scores")  # the state computes a new list
    whites = state_property("whites", copy=True)
    blacks = state_property("blacks", copy=True)
    magic = state_property("magic", doc="Where the magic token is: a seat, ``SUPPLY`` (-1) or ``BOARD`` (-2).")
    board = state_property("board", copy=True,
                           doc="The show board's tokens in placement order (1, 10, or 0 for the magic token).")
    show = state_property("show")

    def _deck_counts(self) -> list[int]:
        return list(DECK_COUNTS)

    def to_dict(self) -> dict:
        state = self._state
        return {
            "game": GAME_ID, "seat": self.seat, "hand": hand_to_names(state.hands[self.seat]),
            "hand_sizes": list(state.hand_sizes), "pile": len(state.pile), "top": CARD_IDS[state.discard[-1]],
            "discard": [CARD_IDS[k] for k in state.discard], "active": list(state.active),
            "current": state.current_player, "round": state.round_no, "scores": state.scores,
            "whites": list(state.whites), "blacks": list(state.blacks), "magic": magic_text(state.magic),
            "board": [token_text(t) for t in state.board], "show": state.show,
            "show_threshold": SHOW_THRESHOLD, "phase": PHASE_NAMES[state.phase],
            "history": [list(h) for h in state.history], "last_player": state.last_player,
            "first_player": state.first_player, "legal": [str(m) for m in self.legal_moves()],
        }


def _new_state(players, variants=frozenset(), seed=0, first_player: int | None = None, **options):
    if options:
        raise ValueError(f"unknown option(s) for {GAME_ID}: {', '.join(sorted(options))}")
    return CadabraState.new(players, seed, first_player=first_player)


SPEC = GameSpec(
    id=GAME_ID, title="LAMA Cadabra", min_players=2, max_players=6, variants=(),
    new_state=_new_state, state_from_dict=CadabraState.from_dict, complete_position=complete_position,
    #: a new deal shows you a new hand, a draw (yours, or forced by a square) shows the drawer a card, the round's
    #: end lays every hand open
    revealing_events=frozenset({"deal", "draw", "force_draw", "round_end"}),
    check_state=check_state,
    description=("L.A.M.A. with double cards, magic symbols, the magic token and the Lamagic Show: "
                 "every llama puts one of your tokens on the stage; at five the show is on."),
)
