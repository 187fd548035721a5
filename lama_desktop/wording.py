"""What a reader would flag in a transcript's words (``python -m lama_desktop.transcript``), in any language.

``word_problems(lines, lang)`` lists, for the lines of a transcript (``{"kind", "round", "text"}`` each):

- a ``{`` or ``}`` (a placeholder left unformatted), ``(s)`` (a hand-made plural), a string key
  (``lama.log.play``) shown instead of its text;
- "You's", or "You" followed by a third-person verb ("You rolls", "You has"): the player addressed by a name-like
  "You" instead of the second person;
- in English, "a" before a sound that wants "an" ("a L tile", "a 8", "a 11"): a field dropped after a fixed
  article;
- a list of two or more player names not joined by the language's CLDR list pattern ("Anna, Bruno wins" instead
  of "Anna and Bruno win");
- a count whose word does not agree with it by the language's CLDR plural rule (Babel): "1 pts", "1 points",
  "2 punktów", "5 punkty", "1 Karten" (``count_problems``; the words are those of the catalogs' own plural
  entries, "{n} card" / "{n} cards", so a count written without ``plural`` is caught by the forms it should have
  used).

Nothing here imports pygame; ``tests/test_words.py`` runs it over games in every language
(``transcript.check_words``).
"""

from __future__ import annotations

import re

from functools import cache

from babel import Locale
from babel.lists import format_list

from lama_desktop.catalog_files import plural_categories
from lama_desktop.catalog_places import domains
from lama_desktop.core.i18n import load_table

#: "You" then a verb in the third person singular ("rolls", "has", "is", "takes"): a word ending in one "s"
_YOU_THIRD = re.compile(r"\bYou\s+(?!(?:\w*ss)\b)(\w+s)\b")
_YOU_POSSESSIVE = re.compile(r"\bYou['’]s\b")
#: English "a" before a word heard with a vowel first: a letter name (F, H, L, M, N, R, S, X, A, E, I, O), 8, 11,
#: 18, 80-89, or a word starting with a, e or i ("a L tile", "a 8 token", "a ice"); "a one", "a unique" stay right
_EN_A_BEFORE_VOWEL = re.compile(r"\b[aA] (?:[AEFHILMNORSX]\b|8|1[18]\b|[aei])")
_HANDMADE_PLURAL = re.compile(r"\(s\)|\(e\)|\(n\)|\(es\)|\(a\)")


#: a whole number (maybe signed) and the word after it: "1 pts", "+1 points", "2 punktów"
_COUNT = re.compile(r"(?<![\w.,/])[+\-−]?(\d+)\s+([^\W\d_]+)")
@cache
def _categories(lang: str) -> tuple[object, list[str]]:


    table = load_table(lang)
    return Locale.parse(lang).plural_form, plural_categories(lang, table.nplurals, table.plural_expr)


def plural_index(lang: str, n: int) -> int:
    """Which of a catalog entry's plural forms the count ``n`` takes in ``lang``: the CLDR category Babel gives
    ``n`` ("one", "few", "many", "other"), found among the categories of the catalog's forms ("other" when the
    catalog has no form of its own for it: French "many")."""
    rule, categories = _categories(lang)
    category = rule(n)
    if category not in categories:
        category = "other"
    return categories.index(category) if category in categories else len(categories) - 1


@cache
def count_words(lang: str) -> dict[str, list[tuple[str, ...]]]:
    """``word -> [forms, ...]``: the word after ``{n}`` in each form of ``lang``'s plural entries ("pt", "pts";
    "punkt", "punkty", "punktów"), for every form tuple the word appears in."""
    words: dict[str, list[tuple[str, ...]]] = {}
    head = re.compile(r"\{n\}\s+([^\W\d_]+)")
    for value in load_table(lang).entries.values():
        if not isinstance(value, tuple):
            continue
        found = [head.search(form) for form in value]
        if not all(found):
            continue
        forms = tuple(m.group(1) for m in found)
        if len(set(forms)) > 1:
            for word in set(forms):
                if forms not in words.setdefault(word, []):
                    words[word].append(forms)
    return words


def count_problems(text: str, lang: str) -> list[str]:
    """The counts in ``text`` whose word does not take the form the language's plural rule gives the number
    ("1 pts", "1 points", "5 punkty"): a word is wrong when no plural entry it belongs to has it in the number's
    form."""
    words = count_words(lang)
    found = []
    for match in _COUNT.finditer(text):
        n, word = int(match.group(1)), match.group(2)
        families = words.get(word)
        if not families:
            continue
        index = plural_index(lang, n)
        if not any(index < len(forms) and forms[index] == word for forms in families):
            right = families[0][min(index, len(families[0]) - 1)]
            found.append(f"{match.group(0)!r} (the language says {n} {right})")
    return found


def _key_pattern():
    names = "|".join(sorted(map(re.escape, domains()), key=len, reverse=True))
    return re.compile(rf"\b(?:{names})\.[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*\b")


def name_lists(text: str, names) -> list[str]:
    """Every run of two or more ``names`` in ``text`` joined by commas or short words ("Anna, Bruno",
    "Anna and Bruno", "Ada, Bruno i Carla")."""
    alt = "|".join(map(re.escape, names))
    joint = r"(?:,\s*|\s+\w{1,3}\s+|,\s+\w{1,3}\s+)"
    return [m.group(0) for m in re.finditer(rf"(?<!\w)(?:{alt})(?:{joint}(?:{alt}))+(?!\w)", text)]


def word_problems(lines, lang: str, names=()) -> list[str]:
    """What is wrong with the words of ``lines`` (see the module doc). ``names``: the players' names, whose lists
    must follow the language's list pattern."""
    keys = _key_pattern()
    found = []
    for line in lines:
        text = str(line.get("text", ""))
        where = f"round {line.get('round')} {line.get('kind')}: {text!r}"
        if "{" in text or "}" in text:
            found.append(f"{where} has a brace")
        if _HANDMADE_PLURAL.search(text):
            found.append(f"{where} has a hand-made plural")
        key = keys.search(text)
        if key:
            found.append(f"{where} shows the string key {key.group(0)}")
        if _YOU_POSSESSIVE.search(text):
            found.append(f"{where} says You's")
        article = _EN_A_BEFORE_VOWEL.search(text) if lang == "en" else None
        if article:
            found.append(f"{where} says {article.group(0)!r}…, not 'an'")
        verb = _YOU_THIRD.search(text)
        if verb:
            found.append(f"{where} has 'You' with a third-person verb ({verb.group(1)})")
        for count in count_problems(text, lang):
            found.append(f"{where} has a count not in its plural form: {count}")
        for listed in name_lists(text, names) if names else ():
            members = [n for n in re.findall("|".join(map(re.escape, names)), listed)]
            if listed != format_list(members, locale=lang):
                found.append(f"{where} lists {listed!r}, not {format_list(members, locale=lang)!r}")
    return found
