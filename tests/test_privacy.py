"""Privacy and attribution by construction: every event says which of its fields only its own seat may see
(``Event.private``), a seat sees ``events_for(events, seat)``, and the tables show only those copies, each under
the event's own seat.

The engine check is differential, so it also catches a leak nobody declared: for every move of seeded random games
of every game, the events a seat sees must not change when what that seat cannot know changes (the pile and the
hands of every other player dealt again, the mover keeping only the card it plays; for the seat's own move, the
view's ``sample_state``). Only the seat's own private
fields (the card it drew itself) may differ. The table check plays LAMA Cadabra's square ("next player draws"):
the draw is queued, animated and logged as the next player's, and its card never reaches the player's table.
"""

from __future__ import annotations

import json
import random

import pytest

from lama_desktop.engine import get_game
from lama_desktop.engine.core import Event, events_for
from lama_desktop.games import GAMES

#: (game, variants, players): every game, and the variants that change the events
CASES = [
    ("lama", (), 4), ("lama", ("drama",), 3), ("lama", ("lama20", "llama-each-10"), 5), ("lama-party", ("drama",), 4),
    ("lama-party", (), 2), ("lama-cadabra", (), 4), ("lama-cadabra", (), 2), ("lama-dice", (), 3),
    ("llama-land", (), 3),
]
#: the games of hidden information: other hands that a seat's events must not tell it about
HIDDEN_HANDS = {game_id for game_id, plugin in GAMES.items() if plugin.spec.hidden_information}


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
    ``move`` stays legal)."""
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


# -- the table -------------------------------------------------------------------------------------------------------
def test_cadabra_next_player_draws_is_shown_as_theirs_and_hidden_from_the_player(tmp_path):
    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.games.cadabra.table import CadabraTableScene
    from lama_desktop.core.session import GameSession
    from lama_desktop.games.cadabra.engine import CadabraState
    from lama_desktop.engine.record import GameRecord
    from frames import fast_app

    app = fast_app(tmp_path)
    state = CadabraState.crafted(hands=[["2+", "5"], ["6", "6"], ["6", "6"]], top="1", pile=["4", "3*"])
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bruno", "bot", "easy"), SeatConfig("Carla", "bot", "easy")]
    session = GameSession(GameRecord("lama-cadabra", 3, (), 0, {"first_player": 0}, []), seats, state=state)
    table = CadabraTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(600):
        app.step(1 / 30)
        if table.can_act():
            break
    queued, lines = [], []
    real_advance = table._advance_queue

    def advance():
        queued.extend(table.queue)
        real_advance()

    table._advance_queue = advance
    table.log.on_add = lambda text, seat: lines.append((str(text), seat))
    table.try_move("play 2+")
    for _ in range(60):
        app.step(1 / 30)
        if len(lines) >= 2:
            break
    engine_events = [item for item in queued if isinstance(item[1], Event)]
    assert engine_events and all(seat == event.seat for seat, event in engine_events)
    forced = [event for _seat, event in engine_events if event.kind == "force_draw"]
    assert forced and forced[0].seat == 1 and forced[0].data["card"] is None
    assert lines[0][1] == 0 and "2" in lines[0][0]  # "You play 2 (square: next player draws)"
    text, seat = lines[1]
    assert seat == 1 and "Bruno" in text and "3" not in text and "You" not in text, lines  # the 3 is Bruno's secret
    assert sorted(table.shown.hand) == ["5"]


def test_hot_seat_shows_each_draw_only_to_the_player_behind_the_privacy_screen(tmp_path):
    """Two humans at one screen (Cadabra, so a square makes the other human draw): every event the table is
    handed is redacted for the seat whose hand is face up at that moment, and for nobody while it is hidden."""
    import pygame

    from lama_desktop.core.gameconfig import SeatConfig
    from lama_desktop.games.cadabra.table import CadabraTableScene
    from lama_desktop.core.session import GameSession
    from lama_desktop.games.cadabra.engine import CadabraState
    from lama_desktop.engine.record import GameRecord
    from frames import fast_app, post_key

    app = fast_app(tmp_path)
    state = CadabraState.crafted(hands=[["2+", "5", "6"], ["4", "6", "6"], ["6", "6"]], top="1",
                                 pile=["4", "5", "3*", "1", "L"])
    seats = [SeatConfig("Ann", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "bot", "easy")]
    session = GameSession(GameRecord("lama-cadabra", 3, (), 0, {"first_player": 0}, []), seats, state=state)
    table = CadabraTableScene(session)
    handed = []
    real = session.events_for

    def events_for(events, seat):
        seen = real(events, seat)
        handed.append((seat, table.focus, table.revealed, events, seen))
        return seen

    session.events_for = events_for
    app.stack.push(table)
    app.running = True

    def run(predicate, frames=600):
        for _ in range(frames):
            app.step(1 / 30)
            if app.stack.top.name == "privacy":
                post_key(pygame.K_RETURN)
            if predicate():
                return True
        return False

    assert run(lambda: table.can_act() and table.focus == 0)
    table.try_move("play 2+")  # Ann's square: Ben, the next player, draws the 3 (star)
    assert run(lambda: table.can_act() and table.focus == 1)
    table.try_move("draw")  # Ben draws the 1 himself, in front of his own eyes
    assert run(lambda: session.current_player == 0 and table.can_act() and table.focus == 0)
    forced = [(seat, seen) for seat, _f, _r, events, seen_list in handed for seen in seen_list
              if seen.kind in ("draw", "force_draw")]
    assert [(seat, e.kind, e.seat, e.data["card"]) for seat, e in forced if e.seat == 1] == [
        (0, "force_draw", 1, None), (1, "draw", 1, "1")]
    for seat, focus, revealed, events, seen_list in handed:
        assert seat == (focus if revealed else None)  # the viewer is the seat behind the privacy screen
        for raw, seen in zip(events, seen_list, strict=False):
            for key in raw.private:
                assert (seen.data[key] is not None) == (raw.seat == seat)
