"""The end of a round and of the game at a table: the round's summary (the queue waits for it), the winners' toast
and line, and the results (``_to_results``: nothing for a lesson)."""

from __future__ import annotations

from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig, as_seated
from lama_desktop.app.table.toasts import Toast


class TableEnd:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    def _open_round_summary(self, scene_type, d, delay: float, **kwargs) -> None:
        """The round's summary (``scene_type(d, names, on_close=..., auto_close=..., colorblind=..., **kwargs)``)
        after ``delay`` (its art built meanwhile: ``RoundSummaryScene.prebuilt``); the queue waits for it to close,
        then the round's tokens fly (``_round_tokens``). With bots only it closes itself."""
        self.modal = True
        kwargs.setdefault("under_lesson", getattr(self.session, "lesson", None) is not None)

        def closed():
            self.modal = False
            self._round_tokens(d)

        auto = 0.0 if self.session.human_seats else 3.2
        scene = scene_type(d, self.session.names, on_close=closed, auto_close=auto, colorblind=self.colorblind,
                           **kwargs)
        if self.app is not None:  # its art is built during the delay, a little each frame: it opens without a stutter
            self.prebuild.add(scene.prebuilt(self.app))
        self.tween.after(delay, lambda: self.stack.push(scene) if self.stack is not None else closed())

    def _ev_game_end(self, seat, d) -> None:
        self._game_end = dict(d)  # the results show the engine's final scores and winners from this event
        toast, line = self._winner_texts(list(d.get("winners", self.session.winners())))
        self.toasts.append(Toast(toast, 2.5, True))
        self.log.add(line, (255, 214, 110))
        self._sound("win")
        self.finished = True
        self.tween.after(1.6, self._to_results)

    def _winner_texts(self, winners: list):
        """The toast (text) and the log line (lazy text) that name the ``winners`` (seats; ``i18n.winners``)."""
        raise NotImplementedError

    def _results_config(self) -> GameConfig:
        """The game's config ("play again"): the one it was opened with, named as seated now, or the session's."""
        s = self.session
        return as_seated(self.config, s.names) if self.config is not None else GameConfig(
            s.game_id, [SeatConfig(x.name, x.kind, x.level) for x in s.seats], tuple(s.record.variants),
            int(s.record.options.get(self.first_option, 0)), s.record.seed)

    def _to_results(self) -> None:
        s = self.session
        if getattr(s, "lesson", None) is not None:
            return  # a lesson ends with its recap (the narrator): no results, nothing counted or kept
        end = getattr(self, "_game_end", None) or {}  # a game resumed when already over has no event: the engine's
        scores, winners = list(end.get("scores", s.scores)), list(end.get("winners", s.winners()))
        results = GameResults(self._results_config(), self._score_history(), scores, winners,
                              advised=tuple(sorted(s.advised)), practice=s.practice,
                              start_scores=s.start_scores, save_key=s.save_key)  # the chart starts there
        results.record = s.record
        self.close()
        if self.app is not None:
            self.app.game_over(results)

    def _score_history(self) -> list:
        return [list(h) for h in self.session.score_history]
