"""Llama Land's prompt after the turn's tile: it offers only what can be done now, in the player's language."""

from types import SimpleNamespace

import pytest

from lama_desktop.core import i18n
from lama_desktop.games.llama_land.render_status import StatusMixin


def _after_turn(legal):
    table = SimpleNamespace(session=SimpleNamespace(is_over=False, current_player=0, thinking=False),
                            finished=False, motion=SimpleNamespace(hold=None), my_seat=lambda: 0, mode="after",
                            marker_mode=False, d={"turn": {"must_feed": False}}, _legal_kinds=lambda: set(legal),
                            _name=lambda seat: "Ada")
    return StatusMixin._status_text(table)[0]


@pytest.mark.parametrize("legal, said", [
    ({"end"}, "End your turn"),
    ({"marker", "end"}, "Place a marker or end your turn"),
    ({"feed", "use", "end"}, "Feed a llama, use characters, or end your turn"),
    ({"feed", "marker", "use", "end"}, "Feed a llama, place a marker, use characters, or end your turn"),
])
def test_llama_lands_prompt_offers_only_what_can_be_done_now(legal, said):
    i18n.set_language("en")
    assert _after_turn(legal) == said


def test_llama_lands_prompt_offers_in_every_language():
    try:
        for code, said in (("fr", "Posez un marqueur ou terminez votre tour"),
                           ("pl", "Połóż znacznik lub zakończ turę"),
                           ("de", "Setz einen Marker oder beende deinen Zug")):
            i18n.set_language(code)
            assert _after_turn({"marker", "end"}) == said
    finally:
        i18n.set_language("en")
