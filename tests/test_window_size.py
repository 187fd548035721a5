"""The window opens inside the screen: a saved or default size too big for the desktop is fitted to it."""

from lama_desktop.app.window import DESKTOP_SHARE, MIN_SIZE, fit_to_desktop


def test_window_that_fits_the_desktop_keeps_its_size():
    assert fit_to_desktop((1600, 900), (1920, 1080)) == (1600, 900)
    assert fit_to_desktop((1300, 800), (2560, 1440)) == (1300, 800)


def test_default_window_on_a_1280x720_screen_is_the_screen_not_larger():
    assert fit_to_desktop((1600, 900), (1280, 720)) == (1280, 720)


def test_window_too_big_for_the_desktop_shrinks_keeping_its_shape():
    w, h = fit_to_desktop((1600, 900), (1600, 900))
    assert (w, h) == (1440, 810)
    assert w <= 1600 * DESKTOP_SHARE and h <= 900 * DESKTOP_SHARE
    w, h = fit_to_desktop((3000, 2000), (1920, 1080))
    assert h <= 1080 * DESKTOP_SHARE and w <= 1920 * DESKTOP_SHARE
    assert abs(w / h - 3000 / 2000) < 0.01


def test_window_never_goes_under_the_minimum_size():
    assert fit_to_desktop((1600, 900), (1024, 768)) == MIN_SIZE
    assert fit_to_desktop((1366, 768), (1366, 768)) == MIN_SIZE


def test_unknown_desktop_keeps_the_size():
    assert fit_to_desktop((1600, 900), None) == (1600, 900)
    assert fit_to_desktop((1600, 900), (0, 0)) == (1600, 900)
