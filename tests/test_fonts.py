"""The bundled fonts draw every letter the string tables use, in every language (ä ö ü ß „ “, ą ę ł ż, é è ’ …)."""

import pytest

from lama_desktop.core import i18n


def _all_text(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _all_text(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _all_text(item)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_fonts_have_every_letter_of_every_language(lang):
    # a glyph the font lacks is drawn as an empty box; pygame.font would report it as present, freetype does not
    import pygame.freetype

    from lama_desktop.app.art.text import FONT_FILES, font_path

    letters = set()
    for value in i18n.load_language(lang).values():
        for text in _all_text(value):
            letters.update(text)
    letters -= set("\n\t")
    assert len(letters) > 40, (lang, len(letters))  # the strings were found
    pygame.freetype.init()
    order = sorted(letters)
    for weight in FONT_FILES:
        font = pygame.freetype.Font(font_path(weight), 20)
        missing = [c for c, metrics in zip(order, font.get_metrics("".join(order)), strict=False) if metrics is None]
        assert missing == [], (lang, weight, missing)
        assert font.get_metrics("中")[0] is None  # the check sees a missing glyph
