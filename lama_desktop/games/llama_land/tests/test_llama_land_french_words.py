"""The French log lines that put a crop into a sentence (issue 32's transcript: "nourrit un lama avec du pomme de
terre"): no article is fixed in front of a crop, whose gender and number vary ("du maïs", "de la pomme de terre")."""

from __future__ import annotations

import re

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.i18n import t

CROPS = ("corn", "cacao", "potato")
WITH_A_CROP = ("llama_land.log.feed", "llama_land.log.feed_own")


@pytest.mark.parametrize("key", WITH_A_CROP)
def test_a_crop_in_a_french_sentence_has_no_fixed_article(key):
    before = i18n.language()
    i18n.set_language("fr")
    try:
        for crop in CROPS:
            word = t(f"llama_land.res.{crop}")
            line = t(key, name="Bruno", crop=word, card=3)
            assert word in line, line
            assert not re.search(rf"\b(du|de la|des|le|la|les) {re.escape(word)}", line), line
    finally:
        i18n.set_language(before)
