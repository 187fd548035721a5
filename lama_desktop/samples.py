"""``Samples``: the sample games and cases a game hands the cross-game tests (``GamePlugin.samples``).

The cross-game tests (layout, tooltips, transcripts, privacy, refusals, saves, the advisor) read a game's samples
from its descriptor instead of keeping a table keyed by game id, so a new game is tested by declaring a few values
in its own folder. Every default is what a plain game needs; a game declares only where it differs.
"""

from __future__ import annotations

from dataclasses import dataclass

#: a variant set, as ``GameConfig.variants`` holds it
Variants = tuple[str, ...]


@dataclass(frozen=True)
class Samples:
    """One game's sample seeds, seat counts and cases for the cross-game tests."""

    #: the seed of the game's sample table (its tooltip checks)
    table_seed: int = 3
    #: the tooltip audit's game: its variants and seed (seats: the descriptor's ``sample_players``)
    audit_variants: Variants = ()
    audit_seed: int = 3
    #: the screenshot moments the tooltip audit checks too (names of ``app.shots`` moments)
    audit_moments: tuple[str, ...] = ()
    #: a tip over a piece can always find a place beside it covering no other piece (False: the table names its
    #: pieces to the tooltip only as groups, as a field of cells does)
    tips_beside: bool = True
    #: seat counts at which the layout is checked at every UI scale (None: every seat count the table offers; ():
    #: the game's own folder checks its layout)
    layout_seats: tuple[int, ...] | None = None
    #: seat counts at which the layout is checked at the extreme UI scales and window sizes (the Tiled tables)
    extreme_seats: tuple[int, ...] = ()
    #: transcripts: the variants, how many games are read, seat counts 2 .. 1 + ``transcript_seats`` in turn, and
    #: whether a medium bot sits among the easy ones
    transcript_variants: Variants = ()
    transcript_games: int = 16
    transcript_seats: int = 4
    transcript_medium: bool = True
    #: privacy: (variants, players) of the seeded games whose events are checked seat by seat
    privacy: tuple[tuple[Variants, int], ...] = (((), 3),)
    #: network games on loopback, (variants, clients) each; none declared: one game without variants at the
    #: descriptor's ``sample_players``. ``net_privacy``: every message to every client is scanned for what its seat
    #: may not see; ``net_games``: whole games reach their end on the host and on every client alike
    net_privacy: tuple[tuple[Variants, int], ...] = ()
    net_games: tuple[tuple[Variants, int], ...] = ()
    #: refusals: the variants of the random walks that collect refusals, and how many of the game's own refusal
    #: codes (not ``core.*``) a walk must reach
    refusals: tuple[Variants, ...] = ((),)
    refusal_codes: int = 1
    #: ``<domain>.reason.*`` strings the app shows itself (checks before asking the engine), not engine codes
    app_reasons: tuple[str, ...] = ()
    #: a field of the saved state that a damaged save may hold garbage in ("": no such check)
    damaged_field: str = ""
    #: saved-state fields of the game's own (beyond the shared ones), and those of them that are lists
    saved_fields: tuple[str, ...] = ()
    saved_lists: tuple[str, ...] = ()
    #: the engine has crafted positions and a version-1 save (``tests/positions/`` and ``tests/saves/v1.json`` in
    #: its folder)
    positions: bool = False
    v1_save: bool = False
    #: the advisor: the seats of its sample positions, and what a seat cannot see (attribute paths of the state in
    #: which two positions alike from the seat may differ; ``rng.state``: only the chance still to come)
    advisor_seats: int = 3
    advisor_hidden: tuple[str, ...] = ()
    #: move kinds the advisor samples instead of listing them all, and at most how many of them it lists
    advisor_sampled: tuple[str, ...] = ()
    advisor_sampled_max: int = 0
    #: about how many decisions a game takes (the advisor's tests scale their positions by it)
    calibration_moves: int = 60
    #: in a replay with every hand open, your own quit hand lies face down again in your seat's view
    quit_hand_face_down: bool = True
