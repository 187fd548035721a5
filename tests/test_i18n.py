"""String tables: every key in every language, same placeholders, no unused key, and lookups behave."""

import fnmatch
import re
import string
from pathlib import Path

import pytest

from lama_desktop.app import i18n
from lama_desktop.app.i18n import LANGUAGES, load_file, plural_form

ROOT = Path(__file__).resolve().parents[1]
STRINGS = ROOT / "assets" / "strings"
SOURCE = ROOT / "lama_desktop"
USE = re.compile(r"""\b(?:t|t_or|plural|raw)\(\s*f?["']([a-z0-9_\-]+\.[A-Za-z0-9_.\-{}]+)["']""")


def domains():
    return sorted({p.stem for lang in LANGUAGES for p in (STRINGS / lang).glob("*.yaml")})


def table(lang, domain):
    path = STRINGS / lang / f"{domain}.yaml"
    return load_file(path) if path.exists() else None


def placeholders(value):
    if not isinstance(value, str):
        return set()
    return {name for _, name, _, _ in string.Formatter().parse(value) if name}


def test_there_are_string_tables_for_the_app():
    assert "common" in domains()


@pytest.mark.parametrize("domain", domains())
def test_every_language_has_the_same_keys_and_placeholders(domain):
    tables = {lang: table(lang, domain) for lang in LANGUAGES}
    missing_files = [lang for lang, tab in tables.items() if tab is None]
    assert not missing_files, f"{domain}.yaml missing for {missing_files}"
    reference = tables["en"][0]
    for lang in LANGUAGES:
        keys = tables[lang][0]
        assert sorted(set(reference) - set(keys)) == [], f"{lang}/{domain}.yaml lacks keys"
        assert sorted(set(keys) - set(reference)) == [], f"{lang}/{domain}.yaml has keys English lacks"
        for key, value in reference.items():
            assert placeholders(keys[key]) == placeholders(value), f"{lang} {key}: placeholders differ"
            if isinstance(value, list):
                assert len(keys[key]) == len(value), f"{lang} {key}: list length differs"
            elif isinstance(value, str):
                assert keys[key].strip(), f"{lang} {key} is empty"


def used_keys():
    found = set()
    for path in SOURCE.rglob("*.py"):
        found.update(USE.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_key_is_used_in_the_code_or_declared_dynamic():
    used = used_keys()
    literal = {k for k in used if "{" not in k}
    # f-string keys such as f"common.levels.{level}" count as the prefix pattern "common.levels.*"
    patterns = {re.sub(r"\{[^}]*\}.*$", "*", k) for k in used if "{" in k}
    unused = []
    for domain in domains():
        keys, dynamic = load_file(STRINGS / "en" / f"{domain}.yaml")
        patterns_here = patterns | set(dynamic)
        for key in keys:
            if key in literal or any(fnmatch.fnmatchcase(key, p) for p in patterns_here) or any(
                    key.startswith(k + ".") for k in literal):  # plural("x.cards", n) uses x.cards.one / .other
                continue
            unused.append(key)
    assert unused == [], f"keys never used in lama_desktop/ (nor in dynamic_keys): {unused}"


def test_every_literal_key_used_in_the_code_exists():
    english = {}
    for domain in domains():
        english.update(load_file(STRINGS / "en" / f"{domain}.yaml")[0])
    missing = sorted(k for k in used_keys() if "{" not in k and k not in english
                     and not any(e.startswith(k + ".") for e in english))
    assert missing == []


def test_french_and_polish_use_their_own_letters():
    fr = " ".join(str(v) for v in load_file(STRINGS / "fr" / "common.yaml")[0].values())
    pl = " ".join(str(v) for v in load_file(STRINGS / "pl" / "common.yaml")[0].values())
    assert set("éèàçù’") & set(fr) >= {"é", "è", "’"}
    assert set("ąćęłńóśźż") & set(pl) >= {"ą", "ę", "ł", "ó", "ś", "ż"}


def test_german_uses_its_own_letters_and_says_du():
    de = " ".join(str(v) for domain in domains() for v in load_file(STRINGS / "de" / f"{domain}.yaml")[0].values())
    assert set("äöüßÄÖÜ„“") & set(de) >= {"ä", "ö", "ü", "ß", "Ü", "„", "“"}
    # informal throughout, as board games are written: no formal "Sie"/"Ihr" addressing the player
    assert not re.search(r"\b(Ihre?[nmrs]?|Sie haben|Sie sind|Sie können|Sie müssen|Sie dürfen)\b", de)
    assert "(s)" not in de and "(n)" not in de and "(e)" not in de


def test_the_app_and_the_settings_file_know_the_same_languages():
    from lama_desktop import storage

    assert tuple(storage.LANGUAGES) == tuple(LANGUAGES) and set(i18n.LANGUAGE_NAMES) == set(LANGUAGES)
    assert i18n.LANGUAGE_NAMES["de"] == "Deutsch"


def test_lookup_format_fallback_and_missing_key():
    i18n.set_language("fr")
    try:
        assert i18n.t("common.title.quit") == "Quitter"
        assert i18n.t("common.results.winner", name="Anna") == "Anna gagne !"
        assert i18n.t("common.no.such.key") == "common.no.such.key"
        assert i18n.t_or("common.no.such.key", "fallback") == "fallback"
        i18n.set_language("xx")
        assert i18n.language() == "en" and i18n.t("common.title.quit") == "Quit"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, n, form", [("en", 1, "one"), ("en", 2, "other"), ("fr", 0, "one"), ("fr", 2, "other"),
                                           ("pl", 1, "one"), ("pl", 3, "few"), ("pl", 5, "many"), ("pl", 12, "many"),
                                           ("pl", 22, "few"), ("pl", 25, "many"),
                                           ("de", 0, "other"), ("de", 1, "one"), ("de", 2, "other"), ("de", 21, "other")])
def test_plural_forms(lang, n, form):
    assert plural_form(lang, n) == form


@pytest.mark.parametrize("lang, key, params, expected", [
    # Polish nouns decline ("odrzuca lamę", "nie ma lamy"): the llama card is named after a colon instead
    ("pl", "dice.log.discard", {"cards": "1, lama"}, "Ola odrzuca: 1, lama"),
    ("pl", "dice.log.take", {"card": "lama"}, "Ola bierze z szeregu lam: lama"),
    ("pl", "dice.reason.not_in_row", {"card": "lama"}, "W twoim szeregu nie ma karty: lama"),
    # French needs its article: "prend le lama", "ne montre le 3"
    ("fr", "dice.log.take", {"card": "lama"}, "Ola prend le lama dans la rangée Lama"),
    ("fr", "dice.reason.no_die", {"card": "3"}, "Aucun dé ne montre le 3"),
    # German "das Lama" but "die 3": the card stands where no article has to agree with it
    ("de", "dice.log.take", {"card": "Lama"}, "Ola nimmt aus der Lamareihe: Lama"),
    ("de", "dice.reason.not_in_row", {"card": "Lama"}, "Diese Karte liegt nicht in deiner Reihe: Lama"),
])
def test_dice_lines_naming_a_llama_card_read_right(lang, key, params, expected):
    i18n.set_language(lang)
    try:
        assert i18n.t(key, name="Ola", **params) == expected
    finally:
        i18n.set_language("en")


def test_every_games_variants_have_a_title_and_text_in_every_language():
    # the setup screen falls back to the engine's English text: a missing entry shows English in a French menu
    from lama_desktop.engine.registry import games

    for lang in LANGUAGES:
        strings = {}
        strings.update(table(lang, "common")[0])
        for spec in games():
            for variant in spec.variants:
                for part in ("title", "text"):
                    assert f"common.variants.{variant.id}.{part}" in strings, (lang, spec.id, variant.id, part)


def test_screenshots_tool_takes_every_language_and_refuses_others_in_one_line(capsys, tmp_path):
    from lama_desktop import screenshots

    assert screenshots.main([str(tmp_path), "--lang", "xx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'xx'" in err[0] and all(lang in err[0] for lang in LANGUAGES)
    assert not list(tmp_path.iterdir())
