"""The pygame-ce application: a scene stack that draws the games and delegates every move to the engine."""
