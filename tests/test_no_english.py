"""Every text through the player's catalog (issue 32): each table and each replay, drawn in French, Polish and German
with the text probe on (``app/textprobe.py``), shows no English word beyond the players' names.

An English word is one of the English catalogs' words that the language's own catalogs never use (so "Bot", "Lama"
or a game's name, written the same in both, are no finding); the names are those of the seats on screen. The
allow-list holds only tokens that belong to no language."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from lama_desktop.app.layoutprobe import Checker
from lama_desktop.app.shots import SHOTS, Moment
from lama_desktop.app.staging import load_shots
from lama_desktop.app.table import layout_moments
from lama_desktop.app.table.shots import NAMES
from lama_desktop.catalog_files import read_catalog_po
from lama_desktop.catalog_places import domain_folders
from lama_desktop.core import i18n
from lama_desktop.games import GAMES

pytestmark = pytest.mark.slow  # every table and replay moment, in three languages

#: tokens of no language: the environment's switch, the keys a hint names, Roman numerals
NEUTRAL = {"lama_net_loopback", "esc", "tab", "enter", "shift", "ctrl", "alt", "pgup", "pgdn", "ii", "iii", "iv"}
#: the screens of a table and of a replay (each game's, with every moment its table registers)
TABLE_SHOTS = ("replay-", "advisor-", "history-", "tooltip-")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)) if len(w) > 1}


@lru_cache(maxsize=None)
def vocabulary(lang: str) -> frozenset[str]:
    """Every word of ``lang``'s catalogs, frame and games (English: the source texts)."""
    out: set[str] = set()
    for domain, folder in domain_folders().items():
        path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
        if not path.is_file():
            continue
        for message in read_catalog_po(path, lang, domain):
            if not message.id:
                continue
            texts = message.id if lang == "en" else message.string
            for text in (texts if isinstance(texts, (list, tuple)) else [texts]):
                out |= words(text or "")
    return frozenset(out)


def english_only(lang: str) -> frozenset[str]:
    return vocabulary("en") - vocabulary(lang)


def moments() -> list[Moment]:
    """One of each table's moments per kind (mid-round, a seat out, the summary, the results) at its most seats,
    every table shot, and every replay, advisor and history moment."""
    load_shots()
    picked: dict[tuple, Moment] = {}
    for moment in layout_moments.all_moments():
        kind = re.sub(r"-\d+p$", "", moment.name)
        picked[(kind,)] = moment  # the last seat count: the most players
    out = list(picked.values())
    out += [Moment(name, builder, frames, name) for name, builder, frames in SHOTS if name.startswith(TABLE_SHOTS)]
    return out


def shipped(moment: Moment, lang: str) -> bool:
    """Whether every game the moment shows ships ``lang`` (``GamePlugin.languages``): in the others a game's words
    stay English, by design. A moment shows a game when its name goes on with the game's id or table."""
    rest = moment.name.split("-", 1)[-1] + "-"
    return all(lang in (plugin.languages or i18n.LANGUAGES) for game_id, plugin in GAMES.items()
               if rest.startswith((f"{game_id}-", f"{plugin.table_group.split('-', 1)[-1]}-")))


def names_on_screen(app) -> set[str]:
    """The seats' names the screen may show: each scene's session or past game, and the sample names."""
    names = set(NAMES)
    for scene in app.stack.scenes:
        session = getattr(scene, "session", None) or getattr(getattr(scene, "table", None), "session", None)
        names |= set(getattr(session, "names", ()) or ())
        past = getattr(scene, "past", None)
        names |= {seat.name for seat in getattr(past, "seats", ())}
        names |= set(getattr(scene, "names", ()) or ())
    return {word for name in names for word in words(str(name))}


@pytest.fixture(scope="module")
def checker():
    checker = Checker()
    yield checker
    checker.close()
    i18n.set_language("en")


MOMENTS = moments()


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
@pytest.mark.parametrize("moment", MOMENTS, ids=[m.name for m in MOMENTS])
def test_no_english_word_on_a_table_or_replay(checker, moment, lang):
    if not shipped(moment, lang):
        pytest.skip(f"a game of {moment.name} does not ship {lang}")
    i18n.set_language(lang)  # the app's setting may still say it while a fixture put the strings back in English
    records, _lost = checker.frame_texts(moment, (1280, 720), 1.0, lang)
    app = checker.app((1280, 720))
    allowed = NEUTRAL | names_on_screen(app)
    foreign = english_only(lang)
    found = sorted({f"{word!r} in {record.text!r}" for record in records if record.kind == "ui"
                    for word in words(record.text) if word in foreign and word not in allowed})
    assert not found, found


def test_the_check_tells_english_from_a_word_both_languages_write():
    """The check finds the English of a line left untranslated, and lets a word German writes too go by."""
    foreign = english_only("de")
    assert words("You draw 5 (star: magic token)") <= foreign
    assert not words("Bot · LAMA Cadabra · Llama Land") & foreign
