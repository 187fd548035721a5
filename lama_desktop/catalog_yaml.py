"""Filling a language's catalogs from the old YAML string tables (``assets/strings/<lang>/<domain>.yaml``, before
the strings were gettext catalogs): ``python -m lama_desktop.catalogs import-yaml LANG DIR``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from lama_desktop.catalog_files import plural_categories, read_catalog_po, write_catalog
from lama_desktop.catalog_places import ROOT, as_folders, domain_folders, domains, game_folders, source_locale_dirs
from lama_desktop.filedoor import Damage, as_dict, as_list, read_yaml_guarded

#: where the rules viewer's page structure lives (which cards and tokens each page shows): ``assets/rules/`` for the
#: app's own help, ``<game folder>/rules/`` for a game's
RULES_DIR_NAME = "rules"
PLURAL_KEYS = ("one", "two", "few", "many", "other", "zero")


def flatten(prefix: str, node: Any, out: dict[str, Any]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            flatten(f"{prefix}.{key}" if prefix else str(key), value, out)
    else:
        out[prefix] = node


def yaml_strings(path: Path) -> dict[str, Any]:
    """``key -> text`` of an old ``assets/strings/<lang>/<domain>.yaml`` table (``table_strings``), read through the
    file door (``filedoor.read_yaml_guarded``: a regular file of at most 1 MiB, YAML nested at most 48 deep, no
    aliases); ``FileNotFoundError`` or ``filedoor.Damage`` saying what is wrong with it."""
    return read_yaml_guarded(Path(path), lambda data: table_strings(Path(path).stem, data))


def table_strings(domain: str, data: Any) -> dict[str, Any]:
    """``key -> text`` of the parsed YAML table of ``domain``, in the catalogs' keys: plural groups
    (``x.one``/``x.other``…) become ``x -> {category: text}``, the rules books become ``rules_x.title`` /
    ``rules_x.<page>.title`` / ``rules_x.<page>.text``, lists of names one comma-separated string. Anything else
    than such a table is a ``ValueError``."""
    data = {} if data is None else dict(as_dict(data, "a string table"))
    data.pop("dynamic_keys", None)
    flat: dict[str, Any] = {}
    if domain.startswith("rules_"):
        for book in as_list(data.get("games") or [], "games"):
            book = as_dict(book, "a rules book")
            flat[f"{domain}.title"] = str(book.get("title", ""))
            structure = rules_structure(domain)
            pages = as_list(book.get("pages") or [], "pages")
            for page_id, page in zip([p["id"] for p in structure["pages"]], pages, strict=False):
                page = as_dict(page, "a rules page")
                flat[f"{domain}.{page_id}.title"] = str(page.get("title", ""))
                flat[f"{domain}.{page_id}.text"] = str(page.get("text", "")).rstrip("\n")
        return flat
    flatten(domain, data, flat)
    out: dict[str, Any] = {}
    for key, value in flat.items():
        head, _, last = key.rpartition(".")
        if last in PLURAL_KEYS and f"{head}.one" in flat and f"{head}.other" in flat | {f"{head}.other": 1}:
            out.setdefault(head, {})[last] = "" if value is None else str(value)
        elif isinstance(value, list):
            out[key] = ", ".join(str(v) for v in value)
        else:
            out[key] = "" if value is None else str(value)
    return out


def rules_structure(domain: str) -> dict:
    places = [ROOT / "assets" / RULES_DIR_NAME, *(folder / RULES_DIR_NAME for folder in game_folders())]
    path = next((place / f"{domain}.yaml" for place in places if (place / f"{domain}.yaml").is_file()),
                places[0] / f"{domain}.yaml")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def yaml_tables(yaml_dir: Path, folder: Path | Iterable[Path] | None = None) -> dict[str, dict[str, Any]]:
    """``domain -> key -> text`` of the old YAML tables ``yaml_dir/<domain>.yaml`` (``yaml_strings``), every one
    read before anything is written; ``ValueError`` with one line when ``yaml_dir`` is not a folder, holds no
    table of a known domain, or a table is damaged (an odd file, too big or too deep, not YAML, not a table)."""
    folders = as_folders(folder, source_locale_dirs)
    yaml_dir = Path(yaml_dir)
    if not yaml_dir.is_dir():
        raise ValueError(f"{str(yaml_dir)!r:.80} is not a folder" if yaml_dir.exists() else
                         f"there is no folder {str(yaml_dir)!r:.80}")
    tables = {}
    for domain in domains(folders):
        source = yaml_dir / f"{domain}.yaml"
        try:
            tables[domain] = yaml_strings(source)
        except FileNotFoundError:
            continue
        except Damage as damage:
            raise ValueError(f"{source}: {damage.detail}") from None
    if not tables:
        raise ValueError(f"{str(yaml_dir)!r:.80} holds no string table (<domain>.yaml, like common.yaml)")
    return tables


def import_yaml(lang: str, yaml_dir: Path, folder: Path | Iterable[Path] | None = None, overwrite: bool = False,
                tables: dict[str, dict[str, Any]] | None = None) -> list[Path]:
    """Fill ``lang``'s catalogs (made with ``init``) from the YAML tables in ``yaml_dir`` (``yaml_tables``, or
    ``tables`` read already): an entry gets the YAML text of its key unless it is translated already
    (``overwrite`` replaces those too). Re-runnable."""
    folders = as_folders(folder, source_locale_dirs)
    tables = yaml_tables(yaml_dir, folders) if tables is None else tables
    places = domain_folders(folders)
    written = []
    for domain, texts in tables.items():
        po = places[domain] / lang / "LC_MESSAGES" / f"{domain}.po"
        if not po.is_file():
            continue
        catalog = read_catalog_po(po, lang, domain)
        categories = plural_categories(lang, catalog.num_plurals, catalog.plural_expr)
        for message in catalog:
            if not message.context or message.context not in texts:
                continue
            value = texts[message.context]
            if isinstance(message.id, (tuple, list)):
                if not isinstance(value, dict):
                    continue
                forms = tuple(value.get(c) or value.get("other") or value.get("many") or "" for c in categories)
                if overwrite or not all(message.string or ()):
                    message.string = forms
            elif isinstance(value, str) and (overwrite or not message.string):
                message.string = value
            message.flags.discard("fuzzy")
        if write_catalog(po, catalog):
            written.append(po)
    return written

