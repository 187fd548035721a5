"""``net/discovery.py``: what an advert says and what a browser believes of it, the loopback switch's modes, and
(where this machine's loopback carries multicast) a table advertised and found on loopback."""

from __future__ import annotations

import time

import pytest

from lama_desktop.net import discovery
from lama_desktop.net.discovery import Browser, FoundTable, make_properties, parse_properties
from registry_games import sample_game


def test_an_advert_round_trips_and_anything_odd_is_not_listed():
    props = make_properties("Anna", sample_game(), 4, 2, 1)
    assert parse_properties({k.encode(): v.encode() for k, v in props.items()}) == {
        "name": "Anna", "game": sample_game(), "seats": 4, "free": 2, "v": 1}
    for broken in ({**props, "free": "5"}, {**props, "seats": "0"}, {**props, "game": "chess"},
                   {**props, "v": "x"}, {k: v for k, v in props.items() if k != "game"}, {}):
        assert parse_properties(broken) is None, broken
    assert parse_properties({**props, "name": "\x1b[31mEvil\nName"})["name"] == "[31mEvil Name"


def test_modes_follow_the_switch_and_loopbacks_multicast(monkeypatch):
    assert discovery.discovery_mode(False) == "lan"
    monkeypatch.setattr(discovery, "loopback_multicast", lambda: False)
    assert discovery.discovery_mode(True) == "off"
    monkeypatch.setattr(discovery, "loopback_multicast", lambda: True)
    assert discovery.discovery_mode(True) == "loopback"


def test_the_list_is_bounded_newest_first_and_forgets_silent_tables():
    now = [1000.0]
    browser = Browser(loopback=True, clock=lambda: now[0])
    for i in range(discovery.MAX_TABLES + 10):
        now[0] += 1
        browser.add(FoundTable(f"P{i}", "127.0.0.1", 40000 + i, sample_game(), 4, 1, 1, f"k{i}"))
    tables = browser.tables()
    assert len(tables) == discovery.MAX_TABLES and tables[0].key == f"k{discovery.MAX_TABLES - 1}"
    assert FoundTable("A", "::1", 47474, sample_game(), 2, 1, 1).address == "[::1]:47474"
    now[0] += discovery.FORGET_AFTER + 1
    assert browser.tables() == []


def test_off_mode_starts_nothing():
    browser = Browser(loopback=True)
    browser.mode = "off"
    browser.start()
    time.sleep(0.05)
    assert browser._zc is None and browser.tables() == []
    browser.close()


@pytest.mark.skipif(not discovery.loopback_multicast(), reason="this machine's loopback carries no multicast")
def test_a_table_advertised_on_loopback_is_found():
    advert = discovery.Advertiser("Anna", 47474, sample_game(), 3, 1, 1, ["127.0.0.1"], loopback=True)
    browser = Browser(loopback=True)
    advert.start()
    browser.start()
    end = time.monotonic() + 10

    def found():  # other tables may be listed on this loopback too (tests hosting alongside)
        return [t for t in browser.tables() if t.port == 47474]

    while time.monotonic() < end and not found():
        time.sleep(0.1)
    ours = found()
    advert.close()
    browser.close()
    assert ours and ours[0].host == "127.0.0.1" and ours[0].name == "Anna" and ours[0].free == 1
