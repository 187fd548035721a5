"""The end of a network game: ``NetEnd`` stands in for the app while a table ends its game (statistics as at home;
the hosting app keeps the past game from the host's own record, with its seed and who was remote; a joined app
has only its own seat's view, so it keeps no past game (``NetEnd.end_game`` says why) and never touches its
own saved game), and
``NetResultsScene``, the results screen whose Play again goes back to hosting or joining and which stops the
host (its game finished: no save left) once its player leaves it."""

from __future__ import annotations

import logging

from lama_desktop.app.scenes.results import ResultsScene
from lama_desktop.app.scenes.net_host import HostSetupScene
from lama_desktop.app.scenes.net_join import JoinScene
from lama_desktop.core.gameconfig import SeatConfig

log = logging.getLogger(__name__)


def past_seats(seats, own_seat: int) -> list:
    """The seats of a hosted game as its past game keeps them: the hosting app's player is the person at this
    screen (``human``), every other person's seat stays ``remote`` (a person who played from another computer,
    even if a bot stood in for a while), bots (open seats given to bots at the start too) are bots."""
    return [SeatConfig(s.name, "human", s.level) if i == own_seat else SeatConfig(s.name, s.kind, s.level)
            for i, s in enumerate(seats)]


class NetEnd:
    """The app as a network table sees it while it ends its game (every other attribute is the app's)."""

    def __init__(self, app, hosted):
        self._app, self._hosted = app, hosted

    def __getattr__(self, name):
        return getattr(self._app, name)

    def end_game(self, results) -> None:
        """One transaction, as at home (``storage.finish_game``). The hosting app archives the host's own record
        (``past_seats``: who was remote) and removes the hosted table's entry. A joined app counts the game
        without a record: the replay viewer rebuilds every position from the record's seed, which deals every
        hidden card, and the host never sends it (docs/PROTOCOL.md: no seat ever receives another seat's cards or
        the deck, not even after the end); what the joined app holds, its own seat's views, cannot be replayed
        through the engine (a state sampled from a view invents the hidden parts), and a replay showing an
        invented game is what ``pastgames.check_replay`` exists to refuse."""
        app = self._app
        if not app.writes_files:
            return
        host = getattr(self._hosted, "host", None)
        try:
            if host is None:
                seats = results.config.seats
                app.storage.finish_game(None, game_id=results.config.game_id, seats=seats, scores=results.scores,
                                        winners=results.winners, advised=results.advised,
                                        practice=results.practice)
                return
            record, seats, key = host.call(lambda: (host.session.record, past_seats(
                host.session.seats, self._hosted.own_seat), host.session.save_key))
            self.save_key = key
            app.storage.finish_game(key, game_id=record.game_id, seats=seats, scores=results.scores,
                                    winners=results.winners, advised=results.advised,
                                    practice=getattr(results, "practice", False), record=record)
        except Exception:  # noqa: BLE001 - a game that cannot be kept never stops the results screen
            log.exception("cannot keep the network game")

    save_key = ""

    def game_over(self, results) -> None:
        app = self._app
        self.end_game(results)
        log.info("network game over: %s scores %s winners %s", results.config.game_id, results.scores,
                 results.winners)
        app.stack.clear_to(NetResultsScene(results, self._hosted, self.save_key))


class NetResultsScene(ResultsScene):
    """The results of a network game."""

    def __init__(self, results, hosted=None, save_key: str = ""):
        super().__init__(results)
        self.hosted = hosted
        self.save_key = save_key  # the hosted table's entry (its host may write it once more as it stops)

    def exit(self) -> None:
        if self.hosted is not None:
            self.hosted.stop()
            self.hosted = None
            if self.app is not None and self.app.writes_files and self.save_key:
                self.app.storage.delete_save(self.save_key)  # the finished game (its host saved it as it stopped)

    def play_again(self) -> None:
        """Another table with the others: the host's setup (the same game), or the join screen."""
        scene = HostSetupScene(self.results.config.game_id) if self.hosted is not None else JoinScene()
        self.app.to_title()
        self.app.stack.push(scene)
