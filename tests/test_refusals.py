"""Refusal codes: every way an engine refuses a move carries a stable code (and JSON params) that has a sentence in
every language, and the table shows it in the player's language (``app/table/reasons.py``)."""

from __future__ import annotations

import inspect
import json
import random
import re
from pathlib import Path

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.i18n import LANGUAGES, load_language
from lama_desktop.app.table.reasons import reason_key, refusal_text
from lama_desktop.engine import IllegalMove, Move, Refusal, new_game
from lama_desktop.games import GAMES
from lama_desktop.net import codes as net_codes

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "lama_desktop"
#: a refusal code in the source: "core." or a registered game's string domain, a dot, the rule
#: (``net.*``: the network's refusals, from the host or the player's own session, worded in ``common.reason.*``)
CODE = re.compile(r"""["'](?:%s)\.[a-z_]+["']""" % "|".join(["core", "net",
                                                            *sorted({p.domain for p in GAMES.values()})]))
#: ``*.reason.*`` strings the app shows itself (checks made before asking the engine, wrappers), not codes
#: what the app says itself before asking an engine: the hand-of-cards frame's, then each game's declared ones
APP_REASONS = {"hand.reason.wait", "hand.reason.refused"} | {
    key for plugin in GAMES.values() for key in plugin.samples.app_reasons}


def refusal_of(state, move) -> tuple[str, dict]:
    """``(code, params)`` of a refused move (the rules tests' helper): the state is unchanged and
    ``state.refusal(move)`` says the same as the exception."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert json.dumps(state.to_dict(), sort_keys=True) == before, "a refused move changed the state"
    assert state.refusal(Move.parse(move) if isinstance(move, str) else move).code == caught.value.code
    return caught.value.code, dict(caught.value.params)


def codes_in_source() -> set[str]:
    """Every refusal code written in the engines, the session, the saves' load check and the network
    (``"lama.cannot_go_on"``, ``"core.state_record"``, ``"net.over"`` …)."""
    found = set()
    engines = [p for p in (SOURCE / "games").rglob("*.py") if p.stem == "engine" or p.parent.name == "engine"]
    # and the module of each registered game's state, wherever its folder is (a game from outside the package)
    engines += [Path(inspect.getfile(type(plugin.spec.new(plugin.spec.min_players)))) for plugin in GAMES.values()]
    shared = [SOURCE / "core" / "session.py", SOURCE / "storage.py", SOURCE / "savefile.py",
              SOURCE / "net" / "remote_session.py"]
    for path in list((SOURCE / "engine").rglob("*.py")) + engines + shared:
        found.update(m.strip("\"'") for m in CODE.findall(path.read_text(encoding="utf-8")))
    found.update(net_codes.TABLE_REFUSALS)  # the host's refusals a table words as reasons
    return {c for c in found if not c.endswith((".yaml", ".py"))}


def test_every_refusal_code_in_the_engines_has_a_sentence_in_every_language():
    codes = codes_in_source()
    assert {"core.game_over", "lama.cannot_go_on", "dice.no_die", "cadabra.show_only", "llama_land.uneven"} <= codes
    shipped = {plugin.domain: plugin.languages for plugin in GAMES.values() if plugin.languages}
    for lang in LANGUAGES:
        table = load_language(lang)  # that language's own table: no fallback to English
        # a game's codes in the languages it ships (it declares them: English in the others)
        wanted = [c for c in codes if lang in shipped.get(reason_key(c).partition(".")[0], LANGUAGES)]
        assert sorted(c for c in wanted if reason_key(c) not in table) == [], lang


def test_every_refusal_sentence_belongs_to_a_code_the_engines_use():
    keys = {reason_key(c) for c in codes_in_source()}
    english = load_language("en")
    refusal_domains = {"common", *(plugin.domain for plugin in GAMES.values())}  # (advisor.reason.*: the bots')
    stale = sorted(k for k in english if ".reason." in k and k.partition(".")[0] in refusal_domains
                   and k not in keys and k not in APP_REASONS)
    assert stale == []


# -- every refusal over random play ----------------------------------------------------------------------------
#: (game, variants) of every game's refusal walks (``samples.refusals``)
CASES = [(game, variants) for game, plugin in GAMES.items() for variants in plugin.samples.refusals]
#: moves no state offers (wrong words, wrong arguments) on top of every move seen legal somewhere
ODD_MOVES = ["frobnicate", "play", "play 9", "play Q", "return 5", "return 20", "give 9", "give 0", "give 1",
             "take", "take 1 2", "take 9", "draw", "quit", "quit 1", "roll", "roll 2", "keep", "keep 1", "pass",
             "exchange", "discard", "discard 3 3 3", "discard 1 2 3 4 5 6 L", "discard Q", "hut deck", "hut 9",
             "hut", "feed corn 3", "feed corn 40", "feed corn 0", "feed rice 0", "feed", "marker 0 1", "marker 9",
             "marker 0 7", "marker 0 0 9", "marker", "llama 0 0", "llama 1", "use 0 corn", "use 29 coin",
             "use 8 corn", "use 12 coin", "use 20 corn", "use", "end x", "end", "foundation 0 0", "foundation 9 9",
             "foundation x", "build T r0 - 0 0", "extend Q r0 - 0 0", "build T r9 - 0 0", "build T r0 x 0 0",
             "build T r0 - a 0", "build T", "extend Z r1 m 5 5", "extend T r0 - -3 -3"]


def refusals_in_random_play(game: str, variants, seed: int, games: int, per_state: int):
    """(move, IllegalMove) for moves refused in random games, trying ``per_state`` moves the state does not offer."""
    rng = random.Random(seed)
    universe = {Move.parse(text) for text in ODD_MOVES}
    for number in range(games):
        state = new_game(game, 3 if number % 2 else 2, variants, seed=seed + number)
        steps = 0
        while steps < 400:
            legal = state.legal_moves()
            universe.update(legal[:40])
            offered = set(legal)
            candidates = [m for m in rng.sample(sorted(universe, key=str), min(per_state, len(universe)))
                          if m not in offered]
            for move in candidates:
                before = json.dumps(state.to_dict(), sort_keys=True)
                with pytest.raises(IllegalMove) as caught:
                    state.clone().apply(move)
                refusal = state.refusal(move)
                assert refusal is not None and refusal.code == caught.value.code, (move, refusal)
                assert json.dumps(state.to_dict(), sort_keys=True) == before
                yield move, caught.value
            if state.is_over:
                break
            staying = [m for m in legal if m.kind != "quit"]
            state.apply(rng.choice(staying if staying and rng.random() < 0.9 else legal))  # long rounds
            steps += 1
        for move in rng.sample(sorted(universe, key=str), 5):  # the game is over: everything is refused
            with pytest.raises(IllegalMove) as caught:
                state.clone().apply(move)
            yield move, caught.value


def test_every_registered_game_is_played_for_refusals():
    assert {game for game, _variants in CASES} == set(GAMES)


@pytest.mark.parametrize("game, variants", CASES, ids=lambda v: "-".join(v) if isinstance(v, tuple) else v)
def test_every_refusal_in_random_play_has_a_code_with_a_sentence_in_every_language(game, variants):
    tables = {lang: load_language(lang) for lang in LANGUAGES}
    seen: dict[str, int] = {}
    for move, error in refusals_in_random_play(game, variants, seed=11, games=4, per_state=12):
        assert error.code, f"{game}: '{move}' refused without a code: {error.reason}"
        for lang in LANGUAGES:  # a game's own codes in the languages it ships (English in the others)
            if error.code.startswith("core.") or lang in (GAMES[game].languages or LANGUAGES):
                assert reason_key(error.code) in tables[lang], (lang, error.code)
        assert json.loads(json.dumps(error.params)) == error.params  # plain JSON values
        assert error.refusal == Refusal(error.code, error.reason, error.params)
        seen[error.code] = seen.get(error.code, 0) + 1
    # the walk reaches many different rules, not only "unknown move"
    assert len([c for c in seen if not c.startswith("core.")]) >= GAMES[game].samples.refusal_codes, seen


# -- the app side: the sentence in the player's language -------------------------------------------------------
@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_a_refusal_reads_in_french_with_the_cards_named_as_the_table_names_them(french):
    assert refusal_text(code="lama.cannot_go_on", params={"card": "L", "top": "3"}).startswith(
        "Un lama ne va pas sur un 3\u00a0:")
    assert refusal_text(code="lama.not_in_hand", params={"card": "P"}) == "Vous n'avez pas de lama rose en main"
    assert refusal_text(code="cadabra.no_magic") == "Vous n'avez pas le jeton magique"
    assert refusal_text(code="cadabra.not_in_hand", params={"card": "L"}) == "Un lama n’est pas dans votre main"
    assert refusal_text(code="cadabra.not_in_hand", params={"card": "3*"}).startswith("3 (étoile")
    assert refusal_text(code="llama_land.supply_no_crop", params={"crop": "potato"}) == (
        "La réserve n’a plus de pomme de terre")
    assert refusal_text(code="core.malformed", params={"move": "play"}).startswith("«\u00a0play\u00a0»")


def test_a_refusal_with_an_unknown_code_or_none_shows_the_english_sentence(french):
    assert refusal_text(IllegalMove("no such rule", "x", "lama.no_such_rule")) == "No such rule"
    assert refusal_text(IllegalMove("made outside the rules")) == "Made outside the rules"
    assert refusal_text("plain sentence") == "Plain sentence"
