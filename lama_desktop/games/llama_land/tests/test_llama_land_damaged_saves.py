"""A Llama Land save damaged in a field only its state holds (a stack's entry removed) is refused behind its sound
header and never deleted; a llama on a board icon is refused with the game's reason. Every game's damages:
tests/test_damaged_states.py."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.engine.core import ImpossibleState
from lama_desktop.engine.registry import get_game, state_from_dict
from lama_desktop.storage import SaveDamaged, Storage
from store_docs import survivors
from test_damaged_states import plant_damaged

#: damage only Llama Land's saves can have: ``(game, name, damage)``
CASES = [("llama-land", "stack-entry-removed", lambda d: d["state"]["stacks"]["T"].pop())]


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game_id, name, damage", CASES, ids=[f"{g}-{n}" for g, n, _d in CASES])
def test_load_save_refuses_a_damaged_state_behind_a_sound_header(tmp_path, game_id, name, damage):
    store = Storage(tmp_path)
    raw = plant_damaged(store, game_id, damage)
    assert store.save_summary() is not None  # the header is sound: the title shows the save...
    with pytest.raises(SaveDamaged) as caught:
        store.load_save()  # ...which does not load
    assert caught.value.reason and caught.value.moved_to is not None
    assert survivors(store.save_path) == [raw]


@pytest.mark.parametrize("game_id, name, damage", CASES, ids=[f"{g}-{n}" for g, n, _d in CASES])
def test_new_game_never_deletes_a_save_that_would_not_load(tmp_path, game_id, name, damage):
    store = Storage(tmp_path)
    raw = plant_damaged(store, game_id, damage)
    store.delete_save()
    assert raw in survivors(store.save_path) and not store.save_path.exists()
    reports = store.take_reports()
    assert [r.action for r in reports] == ["damaged"] and reports[0].moved_to.read_bytes() == raw


def test_a_llama_land_stack_entry_removed_or_a_llama_on_an_icon_is_refused(tmp_path):
    store = Storage(tmp_path)
    raw = plant_damaged(store, "llama-land", lambda d: d["state"]["stacks"]["T"].pop())
    with pytest.raises(SaveDamaged) as caught:
        store.load_save()
    assert caught.value.report.reason.code == "core.state_pieces" and survivors(store.save_path) == [raw]
    from lama_desktop.games.llama_land.engine.data import NONE, dec

    state = get_game("llama-land").new(2, (), 3)
    data = state.to_dict()
    domain = state.players[0]
    on_icon = next(cell for cell, icon in sorted(domain.top.items()) if icon != NONE)
    data["domains"][0]["llamas"] = [[*dec(on_icon), 1]]  # a llama on a board icon: the rules put none there
    data["supply"]["llamas"] -= 1
    with pytest.raises(ImpossibleState) as refused:
        state_from_dict(data)
    assert refused.value.refusal.code == "llama_land.state_domain"
    i18n.set_language("de")
    from lama_desktop.app.table.reasons import refusal_text

    assert refusal_text(refusal=refused.value.refusal) == i18n.t("llama_land.reason.state_domain")[:1].upper() + \
        i18n.t("llama_land.reason.state_domain")[1:]
