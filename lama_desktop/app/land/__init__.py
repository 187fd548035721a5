"""Llama Land table helpers (pygame): the isometric domain renderer (``iso``), the placement controller
(``placement``: the tile under the cursor, its orientation, legality, reason and payout, all asked of the engine)
and the pieces of the middle of the table (``pieces``: stacks, llama-card columns, characters, objectives).
The scene that uses them is ``app/scenes/llama_land_table.py``."""
