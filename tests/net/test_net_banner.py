"""Issue 31: the red "Waiting for Zoe (0:06)" banner sat on the host's own cards. It never covers the reader's own
hand, row, plate or points now, on every table, at both window sizes, in every language: the layout checks' moments
``net-waiting-for-player[-<table>]`` (``python -m lama_desktop.layoutcheck`` reports ``cover_problems``)."""

from __future__ import annotations

import pytest

from lama_desktop.app import layoutprobe
from lama_desktop.layoutcheck import SIZES, languages

pytestmark = pytest.mark.real_time_bots


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    made = layoutprobe.Checker()
    yield made
    made.close()


def _banner_moments():
    return [m for m in layoutprobe.moments() if m.name.startswith("net-waiting-for-player")]


def test_every_table_has_a_banner_moment_in_the_layout_checks():
    from lama_desktop.app.shots import first_of_each_table

    moments = _banner_moments()
    assert len(moments) == len([p for p in first_of_each_table() if p.networked]) > 1
    assert {m.group for m in moments} == {"net-waiting-for-player"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", languages())
def test_the_waiting_banner_never_covers_your_own_hand(checker, size, lang, monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    for moment in _banner_moments():
        found = checker.check(moment, size, 1.15, lang)
        table = checker.app(size).stack.top
        me = table.session.seat
        own = table.seat_rects(me)
        assert own and table.banner_rects, moment.name  # a banner was drawn, and the table says what is yours
        for pill in table.banner_rects:
            assert pill.collidelist(own) < 0, (moment.name, tuple(pill), [tuple(r) for r in own])
        assert not [line for line in found if "banner" in line], (moment.name, found)
