"""The fixtures and hooks every test folder shares (``tests/`` and each game's ``lama_desktop/games/<game>/tests/``),
loaded as a pytest plugin (``-p shared_fixtures`` in pyproject.toml, ``tests`` on the path) so that a game's own tests
need no conftest of their own."""

import os
from pathlib import Path

import pytest

# Headless everywhere: the app's tests open real (dummy-driver) windows.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: THE one registration of the toy game (``tests/contract/toy/``): a game folder outside the package, registered
#: through ``lama_desktop.games``' ``LAMA_GAME_FOLDERS`` before anything imports the games, so that every test, and
#: every process a test starts (transcripts, replays, tools), sees it in the registry like the real games.
TOY = Path(__file__).resolve().parent / "contract" / "toy"
_folders = [entry for entry in os.environ.get("LAMA_GAME_FOLDERS", "").split(os.pathsep) if entry]
os.environ["LAMA_GAME_FOLDERS"] = os.pathsep.join(_folders + [str(TOY)] * (str(TOY) not in _folders))

from frames import wait_for_bots  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "real_time_bots: frames do not wait for the bots (tests of the frame loop "
                                       "ticking while a bot thinks)")


@pytest.fixture(autouse=True)
def _frames_wait_for_bots(request, monkeypatch):
    """Tests step the real app faster than real time; each frame waits for a thinking bot so that a test's frame
    budget counts moves, never the machine's load (CI shares two cores). See tests/frames.py."""
    if request.node.get_closest_marker("real_time_bots"):
        yield
        return
    from lama_desktop.app.main import App

    original = App.step

    def step(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        wait_for_bots(self)
        return result

    monkeypatch.setattr(App, "step", step)
    yield


@pytest.fixture(autouse=True)
def _english_again_after_each_test():
    """The language is the process's: a test (or a tool it runs in-process, as the transcript does) that switches it
    must not leave the next test of the same worker reading another language."""
    yield
    from lama_desktop.core import i18n

    if i18n.language() != "en":
        i18n.set_language("en")


@pytest.fixture
def app(tmp_path):
    """The real app on the title screen, its profile in ``tmp_path``; shut down and back in English afterwards."""
    from lama_desktop.core import i18n
    from lama_desktop.app.main import App
    from lama_desktop.storage import Storage

    application = App(Storage(tmp_path), (1280, 720))
    application.start()
    application.step(dt=1 / 60)
    yield application
    application.shutdown()
    i18n.set_language("en")
