"""Bots, for every registered game and the toy: every level the game's descriptor lists (``plugin.bots``) and the
frame's ``random``, made by ``lama_desktop.bots.make_bot``, choose from a seat's view only, always a legal move, and
choosing changes nothing in the state."""

from __future__ import annotations

from contract_play import record_for

from lama_desktop.bots import levels_for, make_bot

#: moves per level (search bots think for a while; cheap ones play on)
MOVES = {"random": 200, "easy": 120, "medium": 60, "hard": 16}


def test_every_bot_level_chooses_only_legal_moves_from_its_view(plugin):
    levels = ["random", *plugin.bots]
    assert set(levels_for(plugin.id)) <= set(levels)
    for number, level in enumerate(levels):
        left, game = MOVES.get(level, 30), 0
        while left > 0:  # games of this level until it made its moves
            state = record_for(plugin, number + 7 * game).new_state()
            bots = [make_bot(plugin.id, level, seed=100 * game + seat) for seat in range(state.num_players)]
            while left > 0 and not state.is_over:
                seat = state.current_player
                before = state.to_dict()
                move = bots[seat].choose(state.view(seat))
                assert state.to_dict() == before, f"the {level} bot changed the state while choosing"
                assert move in state.legal_moves(), f"the {level} bot chose {move}, not a legal move"
                state.apply(move)
                left -= 1
            game += 1
