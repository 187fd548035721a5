"""The translator's commands on the gettext catalogs of the UI strings.

``python -m lama_desktop.catalogs COMMAND``::

    extract            code + English -> <catalog folder>/<domain>.pot (checks both directions)
    init LANG          new language: <catalog folder>/LANG/LC_MESSAGES/<domain>.po from the templates (CLDR plurals)
    update             merge the templates into every language's catalogs (new strings appear untranslated)
    compile [DIR]      .po -> .mo (next to the .po files; into DIR: the frame's in DIR, a game's in
                       DIR/games/<game>); the build runs it
    check [LANG...]    what is untranslated, fuzzy or out of date
    import-yaml LANG DIR   fill LANG's catalogs from the old YAML tables DIR/<domain>.yaml (migration)

Where the catalogs live and their layout: ``catalog_places``; which keys the code uses: ``catalog_keys``; reading
and writing the files: ``catalog_files``. English is written in ``en/LC_MESSAGES/<domain>.po`` (the source
catalog); ``extract`` takes the English of every key the code uses from it and writes the templates.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any, Iterable

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from lama_desktop import __version__
from lama_desktop.catalog_files import (SOURCE_LANGUAGE, compile_catalogs, placeholders, read_catalog_po,
                                        write_catalog)
from lama_desktop.catalog_keys import check_sources, source_catalog
from lama_desktop.catalog_places import (ROOT, as_folders, domain_folders, game_locale_dirs, languages,
                                         outside_game_folders, source_locale_dir, source_locale_dirs)
from lama_desktop.catalog_yaml import import_yaml, yaml_tables
from lama_desktop.cli import ArgumentParser, UsageError, path_arg, run

PROJECT = "lama-desktop"
MAPPING_FILE = ROOT / "babel.cfg"


def compile_all(target: Path | None = None) -> list[Path]:
    """``compile_catalogs`` of every catalog folder of the checkout: next to the ``.po`` files, or into ``target``
    (the frame's in ``target``, a game's in ``target/games/<game folder>``, as the game's folder sits in the
    package)."""
    written = compile_catalogs(source_locale_dir(), target)
    for place in game_locale_dirs():
        written += compile_catalogs(place, None if target is None else target / "games" / place.parent.name)
    return written


def _method_map() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    with open(MAPPING_FILE, encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING_FILE))
    return method_map, options_map


def _header(catalog, old=None) -> None:
    what = f"{catalog.locale.english_name} strings" if catalog.locale else "Template of the strings"
    catalog.header_comment = (
        f"# {what} of lama-desktop, domain {catalog.domain}.\n"
        "# msgctxt is the key the code looks up, msgid the English text. How to add a string or a\n"
        "# language: docs/APP.md (Strings); commands: python -m lama_desktop.catalogs --help.")
    catalog.project = PROJECT
    catalog.version = __version__
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = "lama-desktop contributors"
    if old is not None:  # keep the dates of an unchanged file (no churn between branches)
        catalog.creation_date = old.creation_date
        catalog.revision_date = old.revision_date


def extract(folder: Path | Iterable[Path] | None = None) -> list[Path]:
    """Write every domain's template (in its catalog folder) from the code and the English source catalogs."""
    folders = as_folders(folder, source_locale_dirs)
    problems = check_sources(folders)
    if problems:
        raise SystemExit("extract: the code and the English catalogs disagree:\n  " + "\n  ".join(problems))
    method_map, options_map = _method_map()
    written = []
    joined = os.pathsep.join(map(str, folders))
    for domain, place in domain_folders(folders).items():
        english = source_catalog(domain, place)
        order = {m.context: i for i, m in enumerate(english) if m.context}
        comments = {m.context: list(m.auto_comments) for m in english if m.context}
        found: dict[str, tuple[Any, list]] = {}
        options = {pattern: dict(opts, domain=domain, locale_dirs=joined) for pattern, opts in options_map.items()}
        code = next((pattern, method) for pattern, method in method_map if method.endswith(":extract_keys"))
        outside = ([("tests/**.py", "ignore"), ("**.py", code[1])], {"**.py": options[code[0]]})
        for base in (ROOT, *outside_game_folders()):  # the package, and any game folder from outside it
            mapping, opts = (method_map, options) if base == ROOT else outside
            for filename, _lineno, message, _comments, context in extract_from_dir(
                    str(base), mapping, opts, keywords=DEFAULT_KEYWORDS):
                filename = filename if base == ROOT else os.path.relpath(base / filename, ROOT)
                entry = found.setdefault(context, (message, []))
                if filename not in entry[1]:
                    entry[1].append(filename)
        template = Catalog(domain=domain, fuzzy=False)
        pot = place / f"{domain}.pot"
        old = read_catalog_po(pot, None, domain) if pot.is_file() else None
        _header(template, old)
        for context in sorted(found, key=lambda c: order.get(c, len(order))):
            message, files = found[context]
            template.add(message, context=context, locations=[(f, None) for f in sorted(files)],
                         auto_comments=comments.get(context, []))
        if write_catalog(pot, template):
            written.append(pot)
    return written


def init(lang: str, folder: Path | Iterable[Path] | None = None) -> list[Path]:
    """A new language: one catalog per domain (in its catalog folder) from the templates, with the language's CLDR
    plural rule."""
    places = domain_folders(as_folders(folder, source_locale_dirs))
    for domain, place in places.items():  # every folder checked before any is written
        po = place / lang / "LC_MESSAGES" / f"{domain}.po"
        if po.exists():
            raise SystemExit(f"init: {po} exists already (use update)")
    written = []
    for domain, place in places.items():
        po = place / lang / "LC_MESSAGES" / f"{domain}.po"
        template = read_catalog_po(place / f"{domain}.pot", None, domain)
        catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
        _header(catalog)
        catalog.update(template, no_fuzzy_matching=True)
        write_catalog(po, catalog)
        written.append(po)
    return written


def update(folder: Path | Iterable[Path] | None = None, langs: Iterable[str] | None = None) -> list[Path]:
    """Merge every template into every language's catalogs: new strings appear untranslated (a changed English
    text keeps its old translation marked fuzzy, for the translator to check); strings gone from the code go."""
    folders = as_folders(folder, source_locale_dirs)
    written = []
    for domain, place in domain_folders(folders).items():
        for lang in langs or languages(place):  # the languages of its folder (a game may ship fewer)
            po = place / lang / "LC_MESSAGES" / f"{domain}.po"
            template = read_catalog_po(place / f"{domain}.pot", None, domain)
            if not po.exists():
                catalog = Catalog(locale=lang, domain=domain, fuzzy=False)
                _header(catalog)
            else:
                catalog = read_catalog_po(po, lang, domain)
            catalog.update(template, no_fuzzy_matching=(lang == SOURCE_LANGUAGE), update_creation_date=False)
            if write_catalog(po, catalog):
                written.append(po)
    return written


# ---------------------------------------------------------------------------------------------------------- CLI
PROG = "python -m lama_desktop.catalogs"
#: a language code ``init`` accepts: ``de``, ``pt_BR``, ``sr_Latn`` (what Babel and the folder names use)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?")


def new_language(text: str) -> str:
    """A language code ``init`` may start: well formed, one CLDR knows; else a usage error (one line, status 2)."""
    if not LANGUAGE_CODE.fullmatch(text):
        raise UsageError(f"{text!r:.40} is not a language code (like de, pt_BR)")
    try:
        Locale.parse(text)
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"{text!r:.40} is no language CLDR knows") from None
    return text


def known_languages(codes, folder: Path | Iterable[Path]) -> list[str]:
    """``codes``, each a language with catalogs in ``folder``; else a usage error naming the languages there are."""
    known = languages(folder)
    for code in codes:
        if code not in known:
            raise UsageError(f"no catalogs for the language {code!r:.40} (languages: {', '.join(known)}; "
                             f"start one with init)")
    return list(codes)


def main(argv: list[str] | None = None) -> int:
    """The translator's commands; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _main(argv: list[str] | None = None) -> int:
    parser = ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="code + English source catalogs -> <catalog folder>/<domain>.pot")
    p_init = sub.add_parser("init", help="start a new language from the templates")
    p_init.add_argument("lang")
    p_update = sub.add_parser("update", help="merge the templates into every language's catalogs")
    p_update.add_argument("langs", nargs="*")
    p_compile = sub.add_parser("compile", help=".po -> .mo")
    p_compile.add_argument("target", nargs="?", type=path_arg)
    p_import = sub.add_parser("import-yaml", help="fill LANG's catalogs from old YAML string tables")
    p_import.add_argument("lang")
    p_import.add_argument("yaml_dir", type=path_arg)
    p_import.add_argument("--overwrite", action="store_true")
    p_check = sub.add_parser("check", help="report what is untranslated, fuzzy or out of date")
    p_check.add_argument("langs", nargs="*")
    args = parser.parse_args(argv)
    folder = source_locale_dirs()
    if args.command == "init":  # every argument checked before any work
        new_language(args.lang)
    elif args.command == "compile" and args.target is not None and args.target.exists() and not args.target.is_dir():
        raise UsageError(f"compile: {str(args.target)!r:.80} is not a folder")
    elif args.command in ("update", "check"):
        known_languages(args.langs, folder)
    elif args.command == "import-yaml":
        known_languages([args.lang], folder)
        try:  # every table read (through the file door) before any catalog is written
            args.tables = yaml_tables(args.yaml_dir, folder)
        except ValueError as error:
            raise UsageError(f"import-yaml: {error}") from None
    try:
        return _command(args, folder)
    except SystemExit as stop:  # a command's own refusal (extract: the code and the English disagree)
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            return 1
        raise


def _command(args, folder: list[Path]) -> int:
    if args.command == "extract":
        written = extract(folder)
    elif args.command == "init":
        written = init(args.lang, folder)
    elif args.command == "update":
        written = update(folder, args.langs or None)
    elif args.command == "compile":
        written = compile_all(args.target)
    elif args.command == "import-yaml":
        written = import_yaml(args.lang, args.yaml_dir, folder, args.overwrite, args.tables)
    else:
        problems = catalog_problems(folder, args.langs or None)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problems")
        return 1 if problems else 0
    for path in written:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    print(f"{args.command}: {len(written)} files written", file=sys.stderr)
    return 0


def catalog_problems(folder: Path | Iterable[Path] | None = None, langs: Iterable[str] | None = None) -> list[str]:
    """What keeps a language from being complete: entries missing from a catalog or not in the template,
    untranslated or fuzzy entries, ``{…}`` fields lost or added, a wrong number of plural forms."""
    folders = as_folders(folder, source_locale_dirs)
    problems = []
    for domain, place in domain_folders(folders).items():
        template = read_catalog_po(place / f"{domain}.pot", None, domain)
        wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in template if m.id}
        shipped = languages(place)  # a game may ship fewer languages (``GamePlugin.languages``): English elsewhere
        for lang in [lang for lang in langs or languages(folders) if lang in shipped]:
            po = place / lang / "LC_MESSAGES" / f"{domain}.po"
            where = f"{lang}/LC_MESSAGES/{domain}.po"
            if not po.is_file():
                problems.append(f"{where}: missing")
                continue
            catalog = read_catalog_po(po, lang, domain)
            have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}
            for context, _id in sorted(wanted - have, key=str):
                problems.append(f"{where}: {context} missing or its English differs from the template (update)")
            for context, _id in sorted(have - wanted, key=str):
                problems.append(f"{where}: {context} is not in the template (extract, update)")
            for message in catalog:
                if not message.id:
                    continue
                if message.fuzzy:
                    problems.append(f"{where}: {message.context} is fuzzy (check the translation, drop the flag)")
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                strings = [message.string] if isinstance(message.id, str) else list(message.string or ())
                if isinstance(message.id, str) and lang == SOURCE_LANGUAGE and not message.string:
                    continue
                if isinstance(message.id, (tuple, list)) and len(strings) != catalog.num_plurals:
                    problems.append(f"{where}: {message.context} has {len(strings)} plural forms, "
                                    f"{lang} has {catalog.num_plurals}")
                if lang == SOURCE_LANGUAGE and all(not s for s in strings):
                    continue
                if lang == SOURCE_LANGUAGE and isinstance(message.id, str) and message.string != message.id:
                    problems.append(f"{where}: {message.context}: an English msgstr must be empty or the msgid")
                wanted_fields = set().union(*(placeholders(i) for i in ids))
                for index, text in enumerate(strings):
                    if not text or not text.strip():
                        problems.append(f"{where}: {message.context} is untranslated")
                        break
                    fields = placeholders(text)
                    # a plural form may leave out the count ("une carte"), never invent or lose another field
                    expected = wanted_fields - ({"n"} if len(ids) > 1 else set())
                    if not (expected <= fields <= wanted_fields):
                        problems.append(f"{where}: {message.context}[{index}] has fields {sorted(fields)}, "
                                        f"the English has {sorted(wanted_fields)}")
    return problems


if __name__ == "__main__":
    sys.exit(main())
