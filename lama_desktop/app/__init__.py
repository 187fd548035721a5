"""The pygame-ce application: a scene stack that draws the games and delegates every move to the engine."""

import os

# pygame's greeting on import would land in the tools' output (screenshots, layout checks, transcripts); every
# module of the app is imported after this package, so none of them prints it
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
