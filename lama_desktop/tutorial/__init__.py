"""The "Learn to play" lessons: interactive first rounds on the real table, from data.

``script``: a lesson's YAML (``tutorials/<game_id>.yaml`` in the game's folder) loaded and checked; ``lesson``: the step
machine that runs it on a ``GameSession`` (the move gate, holding the bots, scripted bots). Nothing here imports pygame;
the narrator that shows the steps lives in ``lama_desktop/app/table/narrator.py``. How to write a lesson:
docs/APP.md, "Tutorials".
"""
