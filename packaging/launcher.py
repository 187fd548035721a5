"""Entry script of the frozen app (PyInstaller needs a script, not a package's ``__main__``).

A windowed build on Windows has no console: ``sys.stdout``/``sys.stderr`` are ``None`` and any print (argparse's
``--version``, a traceback) would crash. They are sent to the file named by ``LAMA_DESKTOP_CONSOLE_LOG`` when set
(CI reads the frozen app's output that way), else to the null device.
"""

import os
import sys


def _give_windowed_app_a_console_sink() -> None:
    if sys.stdout is not None and sys.stderr is not None:
        return
    target = os.environ.get("LAMA_DESKTOP_CONSOLE_LOG") or os.devnull
    sink = open(target, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 (lives as long as the process)
    if sys.stdout is None:
        sys.stdout = sink
    if sys.stderr is None:
        sys.stderr = sink


_give_windowed_app_a_console_sink()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from lama_desktop.__main__ import main  # noqa: E402

sys.exit(main())
