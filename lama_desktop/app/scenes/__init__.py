"""One module per scene. Scenes are pushed as instances (never looked up by name)."""
