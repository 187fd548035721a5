"""The local player is addressed as "vous" in French, everywhere (docs: "you" in every language; French "vous"):
no catalog line says "tu", "te", "toi", "ton", "ta" or "tes" to the player (the advisor did, a whole domain long)."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from lama_desktop.catalog_places import locale_dir

TU = re.compile(r"(?<![\w'’-])(?:tu|te|toi|ton|ta|tes|t['’])(?![\w-])", re.IGNORECASE)


def test_french_says_vous_to_the_player_in_every_domain():
    found = []
    for path in sorted((locale_dir() / "fr" / "LC_MESSAGES").glob("*.po")):
        with open(path, "rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if not message.id:
                continue
            texts = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            for text in texts:
                if text and TU.search(text):
                    found.append(f"{path.name} {message.context}: {text}")
    assert found == [], "\n".join(found)
