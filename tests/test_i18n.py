"""String catalogs: every string translated in every language with the same {placeholders}, templates in step with
the code, no unused string, CLDR plural rules, compiled catalogs equal to their sources, and lookups behave."""

import gettext
import re
import shutil

import pytest
from babel import Locale

from lama_desktop import catalog_files, catalog_keys, catalog_places, catalogs
from lama_desktop.core import i18n
from lama_desktop.core.i18n import LANGUAGES, load_language
from lama_desktop.games import GAMES
from registry_games import sample_game

#: every catalog folder of the checkout: the frame's (assets/locale) and each game's (its folder's locale/)
LOCALE = catalog_places.source_locale_dirs()
#: every game's string domain, and that of its rules pages
GAME_DOMAINS = {plugin.domain for plugin in GAMES.values()}
RULES_DOMAINS = {f"rules_{plugin.domain}" for plugin in GAMES.values()
                 if (plugin.folder / "rules" / f"rules_{plugin.domain}.yaml").is_file()}
#: the domain of the catalog the editing tests below damage: the first offered game's
DOMAIN = GAMES[sample_game()].domain


def test_there_are_catalogs_for_the_app_in_every_language():
    assert {"common", *GAME_DOMAINS, *RULES_DOMAINS} <= set(catalog_places.domains(LOCALE))
    assert {"en", "fr", "pl", "de"} <= set(LANGUAGES) and LANGUAGES[0] == "en"
    assert catalog_places.languages(LOCALE) == list(LANGUAGES)
    assert catalog_places.languages(catalog_places.source_locale_dir()) == list(LANGUAGES)
    for plugin in GAMES.values():  # a game ships the languages it declares (default: every language)
        assert catalog_places.languages(plugin.folder / "locale") == list(plugin.languages or LANGUAGES), plugin.id


def test_a_games_catalogs_are_in_its_folder_and_the_frames_hold_none():
    frame = set(catalog_places.domains(catalog_places.source_locale_dir()))
    for plugin in GAMES.values():
        own = catalog_places.domains(plugin.folder / "locale")
        assert plugin.domain in own and plugin.domain not in frame, plugin.id
        if plugin.lesson:
            assert f"tutorial_{plugin.lesson}" in own and f"tutorial_{plugin.lesson}" not in frame, plugin.id
    assert not [d for d in frame if d.startswith("tutorial_") or (d.startswith("rules_") and d != "rules_app")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_is_translated_with_the_same_placeholders(lang):
    # also: every entry of the templates is in the catalog with the same English, nothing fuzzy, plural forms
    # complete, and an English msgstr is empty or its msgid
    assert catalogs.catalog_problems(LOCALE, [lang]) == []


@pytest.fixture
def locale_copy(tmp_path):
    """A copy of every catalog folder (a list, the frame's first)."""
    copies = []
    for index, folder in enumerate(LOCALE):
        copies.append(tmp_path / f"locale{index}")
        shutil.copytree(folder, copies[-1], ignore=shutil.ignore_patterns("*.mo"))
    return copies


def po_of(folders, lang: str, domain: str):
    """The catalog of ``domain`` in ``lang`` among the catalog ``folders``."""
    return catalog_places.domain_folders(folders)[domain] / lang / "LC_MESSAGES" / f"{domain}.po"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_catalog_check_catches_a_lost_placeholder_an_untranslated_string_and_a_fuzzy_one(locale_copy):
    po = po_of(locale_copy, "fr", DOMAIN)
    _edit(po, 'msgstr "{name} joue {card}"', 'msgstr "{name} joue une carte"')
    _edit(po_of(locale_copy, "fr", "hand"), 'msgstr "Piocher"', 'msgstr ""')  # the hand-of-cards frame's
    _edit(po, f'msgctxt "{DOMAIN}.button.take"', f'#, fuzzy\nmsgctxt "{DOMAIN}.button.take"')
    problems = catalogs.catalog_problems(locale_copy, ["fr"])
    assert any(f"{DOMAIN}.log.play" in p and "fields" in p for p in problems)
    assert any("hand.button.draw is untranslated" in p for p in problems)
    assert any(f"{DOMAIN}.button.take is fuzzy" in p for p in problems)
    assert len(problems) == 3


def test_the_templates_are_in_step_with_the_code_and_the_english(locale_copy):
    """``python -m lama_desktop.catalogs extract`` would change nothing: every key the code uses has English,
    every English string is used (or declared with ``# i18n-keys:``), and the .pot files list exactly those."""
    assert catalog_keys.check_sources(LOCALE) == []
    assert catalogs.extract(locale_copy) == [], "run: python -m lama_desktop.catalogs extract && ... update"
    assert catalogs.update(locale_copy) == [], "run: python -m lama_desktop.catalogs update"


def test_extract_refuses_an_unused_string_and_a_key_without_english(locale_copy, tmp_path):
    _edit(po_of(locale_copy, "en", DOMAIN), f'msgctxt "{DOMAIN}.button.take"', f'msgctxt "{DOMAIN}.button.takex"')
    problems = catalog_keys.check_sources(locale_copy)
    assert any(p.startswith(f"{DOMAIN}.button.takex is never used") for p in problems)
    assert any(f"{DOMAIN}.button.take has no English" in p for p in problems)
    with pytest.raises(SystemExit):
        catalogs.extract(locale_copy)


def test_keys_in_code_are_found_as_lookups_literals_prefixes_and_declarations():
    source = '''
t("DOMAIN.log.play", name=n)
key = "dice.toast.blowup" if x else "dice.toast.blowup_solo"
lazy.t(f"llama_land.log.{d['kind']}")
word = "not.a.key"  # i18n-keys: common.reason.* DOMAIN.label.discard
'''.replace("DOMAIN", DOMAIN)
    domains = [DOMAIN, "dice", "llama_land", "common"]
    found = {(kind, key) for _line, kind, key in catalog_keys.key_uses(source, domains)}
    assert found == {("lookup", f"{DOMAIN}.log.play"), ("key", "dice.toast.blowup"),
                     ("key", "dice.toast.blowup_solo"), ("pattern", "llama_land.log.*"), ("pattern", "common.reason.*"),
                     ("lookup", f"{DOMAIN}.label.discard")}


def test_compiled_catalogs_say_exactly_what_their_sources_say(tmp_path):
    targets = [tmp_path / f"locale{index}" for index in range(len(LOCALE))]
    pairs = list(zip(LOCALE, targets, strict=True))
    written = [mo for folder, target in pairs for mo in catalog_files.compile_catalogs(folder, target)]
    # each folder in the languages it ships (a game's may be fewer: test_there_are_catalogs_...)
    assert len(written) == sum(len(catalog_places.languages(folder)) * len(catalog_places.domains(folder))
                               for folder in LOCALE)
    for folder, target in pairs:  # compiled alone (as in a wheel without sources) the domains still list
        for pot in folder.glob("*.pot"):
            shutil.copy(pot, target / pot.name)
    for lang in LANGUAGES:
        from_mo = catalog_places.load_table(lang, targets)
        from_po = catalog_places.load_table(lang, LOCALE)
        assert from_mo.entries == from_po.entries and from_mo.entries
        assert from_mo.plural_expr == from_po.plural_expr


def test_a_compiled_catalog_older_than_its_source_is_not_used(locale_copy):
    frame = locale_copy[0]
    catalog_files.compile_catalogs(frame)
    po = frame / "fr" / "LC_MESSAGES" / "common.po"
    assert catalog_files.catalog_path(frame, "fr", "common").suffix == ".mo"
    po.touch()
    mo = po.with_suffix(".mo")
    import os

    os.utime(mo, (po.stat().st_mtime - 10, po.stat().st_mtime - 10))
    assert catalog_files.catalog_path(frame, "fr", "common") == po


CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
COUNTS_THE_GAME_SHOWS = range(0, 10_000)  # cards, points, tokens, rounds, games played


def plural_disagreements(table, lang):
    """``(count, the catalog's form, CLDR's form)`` for every count the game can show where the two differ; a
    wrong number of forms is one disagreement ``(None, forms, CLDR's forms)``."""
    cldr = Locale.parse(lang).plural_form
    used = sorted({cldr(n) for n in COUNTS_THE_GAME_SHOWS}, key=CLDR_ORDER.index)
    if table.nplurals != len(used):
        return [(None, table.nplurals, used)]
    return [(n, used[table.plural_index(n)], cldr(n)) for n in COUNTS_THE_GAME_SHOWS
            if used[table.plural_index(n)] != cldr(n)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_rules_come_from_cldr(lang):
    """Every count the game can show takes the form CLDR names for it. The check is by behaviour, not by the
    rule's text: Babel releases spell the same rule differently (2.19 writes Polish's ``n%100<10 || n%100>=20`` as
    ``n % 100 < 12 || n % 100 > 14``) and CLDR 47 gave French a ``many`` form used only from a million up."""
    assert plural_disagreements(i18n.load_table(lang), lang) == []


def test_the_plural_check_catches_a_wrong_rule(monkeypatch):
    table = i18n.load_table("pl")
    monkeypatch.setattr(table, "_plural", gettext.c2py("(n==1 ? 0 : n%10>=2 && n%10<=4 ? 1 : 2)"))  # forgets 12-14
    wrong = plural_disagreements(table, "pl")
    assert (12, "few", "many") in wrong and (112, "few", "many") in wrong and (22, "few", "few") not in wrong
    monkeypatch.setattr(table, "nplurals", 2)
    assert plural_disagreements(table, "pl") == [(None, 2, ["one", "few", "many"])]


@pytest.mark.parametrize("lang, n, expected", [
    ("en", 1, "1 card"), ("en", 0, "0 cards"), ("en", 2, "2 cards"),
    ("fr", 0, "0 carte"), ("fr", 1, "1 carte"), ("fr", 2, "2 cartes"),
    ("pl", 1, "1 karta"), ("pl", 3, "3 karty"), ("pl", 5, "5 kart"), ("pl", 12, "12 kart"), ("pl", 22, "22 karty"),
    ("pl", 25, "25 kart"),
    ("de", 0, "0 Karten"), ("de", 1, "1 Karte"), ("de", 2, "2 Karten"), ("de", 21, "21 Karten"),
])
def test_counts_use_the_languages_plural_forms(lang, n, expected):
    i18n.set_language(lang)
    try:
        assert i18n.plural("hand.cards", n) == expected
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, key, n, fmt, expected", [
    # a Dice row left with one card, the last tile, a one-round game: no "1 cards", "1 tiles", "1 rounds"
    ("en", "dice.summary.cards_left", 1, {}, "1 card"), ("de", "dice.summary.cards_left", 1, {}, "1 Karte"),
    ("pl", "dice.summary.cards_left", 3, {}, "3 karty"), ("fr", "dice.summary.cards_left", 2, {}, "2 cartes"),
    ("en", "llama_land.ui.tiles_left", 1, {}, "1 tile left"), ("pl", "llama_land.ui.tiles_left", 5, {},
                                                                "pozostało 5 kafli"),
    ("en", "common.results.subtitle", 1, {"game": "LAMA Dice"}, "LAMA Dice · 1 round"),
    ("de", "common.results.subtitle", 4, {"game": "L.A.M.A."}, "L.A.M.A. · 4 Runden"),
])
def test_counted_labels_agree_with_their_count(lang, key, n, fmt, expected):
    i18n.set_language(lang)
    try:
        assert i18n.plural(key, n, **fmt) == expected
    finally:
        i18n.set_language("en")


def test_french_and_polish_use_their_own_letters():
    fr = " ".join(v for v in load_language("fr").values() if isinstance(v, str))
    pl = " ".join(v for v in load_language("pl").values() if isinstance(v, str))
    assert set("éèàçù’") & set(fr) >= {"é", "è", "’"}
    assert set("ąćęłńóśźż") & set(pl) >= {"ą", "ę", "ł", "ó", "ś", "ż"}


def test_german_uses_its_own_letters_and_says_du():
    de = " ".join(v if isinstance(v, str) else " ".join(v) for v in load_language("de").values())
    assert set("äöüßÄÖÜ„“") & set(de) >= {"ä", "ö", "ü", "ß", "Ü", "„", "“"}
    # informal throughout, as board games are written: no formal "Sie"/"Ihr" addressing the player
    assert not re.search(r"\b(Ihre?[nmrs]?|Sie haben|Sie sind|Sie können|Sie müssen|Sie dürfen)\b", de)
    assert "(s)" not in de and "(n)" not in de and "(e)" not in de


def test_each_language_is_named_in_itself():
    assert i18n.language_names()["en"] == "English"
    assert i18n.language_names()["fr"] == "Français"
    assert i18n.language_names()["pl"] == "Polski"
    assert i18n.language_names()["de"] == "Deutsch"


def test_the_app_and_the_settings_file_know_the_same_languages():
    from lama_desktop import settings

    assert tuple(settings.LANGUAGES) == tuple(LANGUAGES) and set(i18n.language_names()) == set(LANGUAGES)


def test_screenshots_tool_takes_every_language_and_refuses_others_in_one_line(capsys, tmp_path):
    from lama_desktop import screenshots

    assert screenshots.main([str(tmp_path), "--lang", "xx"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'xx'" in err[0] and all(lang in err[0] for lang in LANGUAGES)
    assert not list(tmp_path.iterdir())


def test_lookup_format_fallback_and_missing_key():
    i18n.set_language("fr")
    try:
        assert i18n.t("common.title.quit") == "Quitter"
        assert i18n.plural("common.results.winner", 1, names="Anna") == "Anna gagne\u00a0!"
        assert i18n.t("common.no.such.key") == "common.no.such.key"
        assert i18n.t_or("common.no.such.key", "fallback") == "fallback"
        i18n.set_language("xx")
        assert i18n.language() == "en" and i18n.t("common.title.quit") == "Quit"
    finally:
        i18n.set_language("en")


def test_an_untranslated_string_falls_back_to_english(locale_copy, monkeypatch):
    _edit(po_of(locale_copy, "fr", "common"), 'msgstr "Quitter"', 'msgstr ""')
    table = catalog_places.load_table("fr", locale_copy)
    assert "common.title.quit" not in table.entries and "common.title.settings" in table.entries
    monkeypatch.setattr(i18n, "load_table", lambda lang: catalog_places.load_table(lang, locale_copy))
    strings = i18n.Strings("fr")
    assert strings.get("common.title.quit") == "Quit"


@pytest.mark.parametrize("lang, key, params, expected", [
    # ({llama}: the language's word for the llama card, dice.card.llama)
    # Polish nouns decline ("odrzuca lamę", "nie ma lamy"): the llama card is named after a colon instead
    ("pl", "dice.log.discard", {"cards": "1, {llama}"}, "Ola odrzuca: 1, lama"),
    ("pl", "dice.log.take", {"card": "{llama}"}, "Ola bierze z szeregu lam: lama"),
    ("pl", "dice.reason.not_in_row", {"card": "{llama}"}, "W twoim szeregu nie ma karty: lama"),
    # French needs its article: "prend le lama", "ne montre le 3"
    ("fr", "dice.log.take", {"card": "{llama}"}, "Ola prend le lama dans la rangée Lama"),
    ("fr", "dice.reason.no_die", {"card": "3"}, "Aucun dé ne montre le 3"),
    # German "das Lama" but "die 3": the card stands where no article has to agree with it
    ("de", "dice.log.take", {"card": "{llama}"}, "Ola nimmt aus der Lamareihe: Lama"),
    ("de", "dice.reason.not_in_row", {"card": "{llama}"}, "Diese Karte liegt nicht in deiner Reihe: Lama"),
])
def test_dice_lines_naming_a_llama_card_read_right(lang, key, params, expected):
    i18n.set_language(lang)
    try:
        params = {name: value.format(llama=i18n.t("dice.card.llama")) for name, value in params.items()}
        assert i18n.t(key, name="Ola", **params) == expected
    finally:
        i18n.set_language("en")


def test_every_games_variants_have_a_title_and_text_in_every_language():
    # the setup screen falls back to the engine's English text: a missing entry shows English in a French menu
    # (and the game's name and line: the frame asks the descriptor, which reads the game's own domain)
    for lang in LANGUAGES:
        strings = load_language(lang)
        for plugin in GAMES.values():
            if lang not in (plugin.languages or LANGUAGES):  # English there (it ships the languages it declares)
                continue
            assert f"{plugin.domain}.game.{plugin.id}" in strings, (lang, plugin.id)
            assert f"{plugin.domain}.game_text.{plugin.id}" in strings, (lang, plugin.id)
            for variant in plugin.spec.variants:
                for part in ("title", "text"):
                    key = f"{plugin.domain}.variant.{variant.id}.{part}"
                    assert key in strings, (lang, plugin.id, variant.id, part)


def test_every_rules_page_has_a_title_and_text_in_every_language():
    from lama_desktop.app.scenes.rules import rules_structures

    structures = rules_structures()
    assert {domain for domain, _ in structures} >= RULES_DOMAINS
    for lang in LANGUAGES:
        strings = load_language(lang)
        for domain, data in structures:
            assert f"{domain}.title" in strings, (lang, domain)
            for page in data["pages"]:
                for part in ("title", "text"):
                    assert strings.get(f"{domain}.{page['id']}.{part}", "").strip(), (lang, domain, page["id"])


def test_written_catalogs_do_not_name_the_babel_release(locale_copy):
    """Two machines with different Babel releases write the same bytes: no ``Generated-By`` line."""
    folder = catalog_places.domain_folders(locale_copy)[DOMAIN]
    (folder / f"{DOMAIN}.pot").unlink()
    catalogs.extract(locale_copy)
    catalogs.update(locale_copy)
    written = [folder / f"{DOMAIN}.pot", *folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po")]
    assert len(written) == 1 + len(LANGUAGES)
    assert [p.name for p in written if b"Generated-By" in p.read_bytes()] == []
    assert not [p for place in LOCALE for p in place.rglob("*.po*") if b"Generated-By" in p.read_bytes()]


@pytest.mark.parametrize("lang, expected", [
    # accusative, as in L.A.M.A.: never "zagrywa lama"
    ("pl", ["Ola zagrywa lamę", "Zagrywasz lamę", "Dobierasz lamę"]),
    ("en", ["Ola plays a llama", "You play a llama", "You draw a llama"]),
    ("fr", ["Ola pose un lama", "Vous posez un lama", "Vous piochez un lama"]),
    ("de", ["Ola spielt ein Lama", "Du spielst ein Lama", "Du ziehst ein Lama"]),
])
def test_cadabra_and_lama_name_a_played_llama_the_same_way(lang, expected):
    i18n.set_language(lang)
    try:
        llama = i18n.t("cadabra.card.llama")
        assert llama == i18n.t("lama.card.llama")
        assert [i18n.t("cadabra.log.play", name="Ola", card=llama), i18n.t("cadabra.log.play_own", card=llama),
                i18n.t("cadabra.log.draw_open_own", card=llama)] == expected
    finally:
        i18n.set_language("en")


def test_french_punctuation_is_held_by_a_no_break_space():
    """French sets a space before ``: ; ! ? »`` and after ``«``; a plain one lets a line start with "?" or ":" when
    the text wraps (the wrapper breaks only at plain spaces)."""
    plain = re.compile(r" [:;!?»]|« ")
    found = [f"{domain}: {key}: {text!r}" for domain in catalog_places.domains(LOCALE)
             for key, value in catalog_places.load_table("fr", LOCALE).entries.items() if key.startswith(domain + ".")
             for text in ([value] if isinstance(value, str) else value) if plain.search(text)]
    assert found == []
    assert i18n.load_table("fr").entries["common.title.quit"]  # the table the check read is the real one
