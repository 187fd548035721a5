"""Privacy and attribution by construction: every event says which of its fields only its own seat may see
(``Event.private``), a seat sees ``events_for(events, seat)``, and the tables show only those copies, each under
the event's own seat.

The engine check is differential, so it also catches a leak nobody declared: for every move of seeded random games
of every game, the events a seat sees must not change when what that seat cannot know changes (the pile and the
hands of every other player dealt again, the mover keeping only the card it plays; for the seat's own move, the
view's ``sample_state``). Only the seat's own private fields (the card it drew itself) may differ. The table
checks (LAMA Cadabra's square, "next player draws") are that game's own (``games/cadabra/tests/``).
"""

from __future__ import annotations

import json
import random

import pytest

from lama_desktop.engine import get_game
from lama_desktop.engine.core import Event, events_for
from lama_desktop.games import GAMES

#: (game, variants, players): every game, and the variants that change the events (``samples.privacy``)
CASES = [(game, variants, players) for game, plugin in GAMES.items() for variants, players in plugin.samples.privacy]
#: the games of hidden information: other hands that a seat's events must not tell it about
HIDDEN_HANDS = {game_id for game_id, plugin in GAMES.items() if plugin.hidden_hands}


def test_every_registered_game_is_played_for_privacy():
    assert {game for game, _variants, _players in CASES} == set(GAMES)


def _seen(events, seat, *, mask_own: bool) -> list[dict]:
    """What ``seat`` sees of ``events`` up to the round's end (the hands are laid open there), as dicts; with
    ``mask_own`` the seat's own private fields are blanked too (they may rightly differ between two worlds)."""
    out = []
    for event in events_for(events, seat):
        if event.kind == "round_end":
            break
        if mask_own:
            event = event.for_seat(None)
        out.append(event.to_dict())
    return out


def _deal_again(state, viewer, mover, move, rng):
    """A copy of a hidden-hand ``state`` that ``viewer`` cannot tell apart from it: the draw pile and every other
    hand dealt again (same sizes, same chance source), the mover keeping the card it is about to play (so that
    ``move`` stays legal). Hands of cards only (``GamePlugin.card_hands``: ``hands`` as counts per card kind,
    ``CARDS.kind``, ``pile``, ``hand_sizes``)."""
    other = state.clone()
    hidden = list(other.pile)
    for seat in range(other.num_players):
        if seat != viewer:
            hidden += [kind for kind, count in enumerate(other.hands[seat]) for _ in range(count)]
    kept = []
    if move.kind == "play":
        kept = [other.CARDS.kind[str(move.args[0])]]
        hidden.remove(kept[0])
    rng.shuffle(hidden)
    for seat in range(other.num_players):
        if seat != viewer:
            hand = [0] * len(other.hands[seat])
            cards = kept if seat == mover else []
            for kind in cards + hidden[:other.hand_sizes[seat] - len(cards)]:
                hand[kind] += 1
            del hidden[:other.hand_sizes[seat] - len(cards)]
            other.hands[seat] = hand
    other.pile = hidden
    return other


def _playouts(game, variants, players, seeds):
    spec = get_game(game)
    for seed in seeds:
        state = spec.new(players, variants, seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over and moves < 400:
            yield state, rng
            state.apply(rng.choice(state.legal_moves()))
            moves += 1


def test_for_seat_blanks_only_another_seats_private_fields():
    event = Event("draw", 2, {"card": "3", "pile": 20}, ("card",))
    assert event.for_seat(2) is event
    for viewer in (0, 1, None):
        seen = event.for_seat(viewer)
        assert seen.data == {"card": None, "pile": 20} and seen.seat == 2 and seen.hidden_from(viewer)
        assert seen.for_seat(viewer).data == seen.data  # redacting twice changes nothing
    public = Event("play", 1, {"card": "4"})
    assert public.for_seat(0) is public and not public.hidden_from(None)
    assert event.to_dict()["private"] == ["card"] and "private" not in public.to_dict()


@pytest.mark.parametrize("game, variants, players", CASES, ids=lambda x: str(x))
def test_no_seat_sees_what_its_view_does_not_allow(game, variants, players):
    if game in HIDDEN_HANDS and not GAMES[game].card_hands:
        pytest.skip("hidden hands that are not hands of cards: no way declared to deal them again")
    checked = 0
    for state, rng in _playouts(game, variants, players, range(6)):
        mover = state.current_player
        move = rng.choice(state.legal_moves())
        real = state.clone()
        events = real.apply(move)
        json.dumps([e.to_dict() for e in events])
        for seat in range(players):
            seen = real.events_for(events, seat)
            checked += 1
            for raw, mine in zip(events, seen, strict=False):
                assert mine.seat == raw.seat and mine.kind == raw.kind
                for key in raw.private:
                    assert (mine.data[key] is None) == (raw.seat != seat), (raw, seat)
            if game not in HIDDEN_HANDS:
                assert not any(e.private for e in events) and all(a is b for a, b in zip(seen, events, strict=False))
                continue
            # the same move where what this seat cannot know is different: it must see the same events
            if seat == mover:
                other = state.view(seat).sample_state(random.Random(rng.random()))
            else:
                other = _deal_again(state, seat, mover, move, random.Random(rng.random()))
            assert _seen(other.apply(move), seat, mask_own=True) == _seen(events, seat, mask_own=True), (move, seat)
            # a seat's own drawn card is the one that came into its hand
            for event in seen:
                if event.kind in ("draw", "force_draw") and event.seat == seat:
                    ended = any(e.kind == "round_end" for e in events)
                    assert event.data["card"] in real.view(seat).to_dict()["hand"] or ended
    assert checked > 0


def test_a_draw_is_private_in_both_hidden_hand_games():
    from lama_desktop.games.cadabra.engine import CadabraState
    from lama_desktop.games.lama.engine import LamaState

    lama = LamaState.crafted(hands=[["3"], ["5", "6"]], top="1", pile=["4", "2"])
    (draw,) = lama.apply("draw")
    assert draw.private == ("card",) and draw.for_seat(1).data["card"] is None and draw.for_seat(0).data["card"]
    cadabra = CadabraState.crafted(hands=[["2+", "5"], ["6", "6"], ["6"]], top="1", pile=["4", "3*"])
    forced = next(e for e in cadabra.apply("play 2+") if e.kind == "force_draw")
    assert forced.seat == 1 and forced.data["by"] == 0
    assert forced.for_seat(0).data["card"] is None and forced.for_seat(1).data["card"] == "3*"
