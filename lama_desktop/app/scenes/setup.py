"""New game: which game, its variants, 2–6 seats (name, human or bot and its level), who deals first."""

from __future__ import annotations

import random

import pygame

from lama_desktop.bots import levels_for
from lama_desktop.engine.registry import games, get_game, plugins
from lama_desktop.tutorial.script import tutorials
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t, t_game
from lama_desktop.core.seat_names import (  # noqa: F401 - the app's screens import the names from here
    default_bot_names, default_you_names, is_bot_name, is_default_name, numbered_name, split_names
)
from lama_desktop.app.tables import playable_games
from lama_desktop.app.widgets import (
    BAD, GOLD, INK, INK_SOFT, Button, Cycler, TextField, Toggle, blit_text_center, draw_panel, felt_surface
)
from lama_desktop.app.scenes.base import MenuScene, draw_heading


def variant_title(game_id: str, variant) -> str:
    return plugins()[game_id].variant_title(variant)


def variant_text(game_id: str, variant) -> str:
    return plugins()[game_id].variant_text(variant)


def hotseat_names(seats, keep=()) -> None:
    """Give the ``seats`` (``SeatConfig``, changed in place) unambiguous default names. With more than one human
    the humans' default names (``is_default_name``, or a bot's name left on a seat turned human) become "Player 1",
    "Player 2"... in seat order; a lone human's default is "You"; a bot seat left with a human's default gets a
    free bot name. The seats in ``keep`` (indexes: names the player typed) are never renamed."""
    humans = [i for i, seat in enumerate(seats) if not seat.is_bot]
    for k, i in enumerate(humans):
        name = seats[i].name
        if i in keep or not (is_default_name(name) or is_bot_name(name)):
            continue
        if len(humans) > 1:
            seats[i].name = numbered_name(k)
        elif is_default_name(name):  # a lone human called "Bruno" keeps that name
            seats[i].name = t("common.setup.you")
    used = {seat.name.strip().casefold() for seat in seats}
    for i, seat in enumerate(seats):
        if seat.is_bot and i not in keep and is_default_name(seat.name):
            free = next((n for n in default_bot_names() if n.casefold() not in used), None)
            if free is not None:
                seat.name = free
                used.add(free.casefold())
    free_bot_names(seats, keep)


def free_bot_names(seats, keep=()) -> None:
    """No bot keeps a default name another seat has: a bot seat (not in ``keep``) whose default name is a person's
    at the table, or an earlier seat's, takes the first bot name nobody has ("Anna" playing: Bruno, Carla...)."""
    seen = {seat.name.strip().casefold() for i, seat in enumerate(seats) if not seat.is_bot or i in keep}
    taken = set(seen) | {seat.name.strip().casefold() for seat in seats}
    for i, seat in enumerate(seats):
        if not seat.is_bot or i in keep:
            continue
        key = seat.name.strip().casefold()
        if key in seen and (is_bot_name(seat.name) or is_default_name(seat.name)):
            free = next((n for n in default_bot_names() if n.casefold() not in taken), numbered_name(i))
            seat.name, key = free, free.casefold()
            taken.add(key)
        seen.add(key)


def name_clashes(seats) -> set[int]:
    """The seats whose name (ignoring case and spaces around it) another seat has too."""
    keys = [seat.name.strip().casefold() for seat in seats]
    return {i for i, key in enumerate(keys) if key and keys.count(key) > 1}


class SetupScene(MenuScene):
    name = "setup"

    def __init__(self, game_id: str | None = None):
        super().__init__()
        self.error = ""
        self.specs = []
        self.game_id = None
        #: the game to show first (a lesson's "Play a real game"), else the last setup's
        self.wanted_game = game_id
        self.variants: set[str] = set()
        self.seats: list[SeatConfig] = []
        self.typed: set[int] = set()  # seats whose name the player typed in this screen
        self.dealer = "random"

    def enter(self):
        self.specs = playable_games()
        if not self.specs:
            self.specs = games()
        if self.game_id is None and self.specs:
            self.restore_last_setup()
        if self.wanted_game is not None and any(s.id == self.wanted_game for s in self.specs) \
                and self.game_id != self.wanted_game:
            self.select_game(self.wanted_game, rebuild=False)
        self.wanted_game = None
        if self.game_id is None and self.specs:
            self.select_game(self.specs[0].id, rebuild=False)
        super().enter()

    def restore_last_setup(self) -> None:
        """Offer the previous game's table again (game, rules, seats), if it still makes sense."""
        last = self.app.settings.last_setup if self.app else {}
        try:
            config = GameConfig.from_dict(last)
            spec = get_game(config.game_id)
        except (KeyError, TypeError, ValueError):
            return
        if spec.id not in {s.id for s in self.specs} or not spec.min_players <= config.players <= spec.max_players:
            return
        levels = levels_for(spec.id)
        # the default names ("You", "Player 2") were remembered in the language of that day: today's language
        self.seats = [SeatConfig(s.name, s.kind, s.level if s.level in levels else levels[-1]) for s in config.seats]
        hotseat_names(self.seats, self._kept())
        self.variants = {v for v in config.variants if v in spec.variant_ids}
        self.select_game(spec.id, rebuild=False)

    def remember_setup(self, config: GameConfig) -> None:
        data = config.to_dict()
        data.pop("seed", None)
        data["first_dealer"] = 0
        self.app.update_settings(last_setup=data)

    # model -----------------------------------------------------------------------------------------------------
    @property
    def spec(self):
        return get_game(self.game_id)

    def select_game(self, game_id: str, rebuild: bool = True) -> None:
        self.game_id = game_id
        spec = self.spec
        self.variants &= set(spec.variant_ids)
        levels = levels_for(game_id)
        if not self.seats:
            you = self.app.settings.player_name if self.app and self.app.settings.player_name else t(
                "common.setup.you")
            # the bots' names skip yours: a player called Anna meets Bruno, Carla and Dario
            names = [n for n in default_bot_names() if n.casefold() != you.strip().casefold()]
            names += [numbered_name(i) for i in range(len(names) + 1, 4)]
            default_level = "medium" if "medium" in levels else levels[-1]
            self.seats = [SeatConfig(you, "human")] + [SeatConfig(names[i], "bot", default_level) for i in range(3)]
        count = max(spec.min_players, min(spec.max_players, len(self.seats)))
        self.set_player_count(count, rebuild=False)
        for seat in self.seats:
            if seat.is_bot and seat.level not in levels:
                seat.level = "medium" if "medium" in levels else levels[-1]
        self.error = ""
        if rebuild:
            self.build()

    def set_player_count(self, count: int, rebuild: bool = True) -> None:
        names = default_bot_names()
        levels = levels_for(self.game_id)
        level = "medium" if "medium" in levels else levels[-1]
        used = {s.name.strip().casefold() for s in self.seats}
        while len(self.seats) < count:
            name = next((n for n in names if n.casefold() not in used), numbered_name(len(self.seats)))
            used.add(name.casefold())
            self.seats.append(SeatConfig(name, "bot", level))
        del self.seats[count:]
        hotseat_names(self.seats, self._kept())
        if self.dealer != "random" and self.dealer >= count:
            self.dealer = "random"
        if rebuild:
            self.build()

    def set_kind(self, index: int, value: str) -> None:
        seat = self.seats[index]
        if value == "human":
            seat.kind = "human"
        else:
            seat.kind, seat.level = "bot", value.split(":", 1)[1]
        hotseat_names(self.seats, self._kept())  # a second human: "You" becomes "Player 1" (and back)
        self.error = ""
        self.invalidate()

    def _kept(self) -> set[int]:
        """The seats whose name is the player's: typed here, or the remembered name of the first player."""
        mine = self.app.settings.player_name if self.app is not None else ""
        return self.typed | {i for i, seat in enumerate(self.seats) if mine and seat.name == mine and not seat.is_bot}

    def set_name(self, index: int, text: str) -> None:
        self.seats[index].name = text
        self.typed.add(index)  # the player's own name: never replaced by a default
        self.error = ""
        # a bot left with a default name just typed for another seat makes way; a name two players typed is told
        # at their seats (``name_clashes``)
        free_bot_names(self.seats, self._kept())
        for i, seat in enumerate(self.seats):
            field = next((w for w in self.group.widgets if w.name == f"name{i}"), None)
            if i != index and field is not None and getattr(field, "text", seat.name) != seat.name:
                field.text = seat.name
        dealer = next((w for w in self.group.widgets if w.name == "dealer"), None)
        if dealer is not None:  # the dealer choice shows the names as they are typed
            dealer.set_options(self._dealer_options(), self.dealer)

    def _dealer_options(self):
        return [("random", t("common.setup.dealer_random"))] + [
            (i, seat.name or numbered_name(i)) for i, seat in enumerate(self.seats)]

    def toggle_variant(self, variant_id: str, on: bool) -> None:
        (self.variants.add if on else self.variants.discard)(variant_id)
        self.error = ""

    def config(self) -> GameConfig:
        seats = [SeatConfig(s.name.strip() or numbered_name(i), s.kind, s.level) for i, s in enumerate(self.seats)]
        hotseat_names(seats, {i for i in self._kept() if self.seats[i].name.strip()})
        dealer = random.randrange(len(seats)) if self.dealer == "random" else int(self.dealer)
        order = [v for v in self.spec.variant_ids if v in self.variants]
        return GameConfig(self.game_id, seats, tuple(order), dealer)

    def validate(self) -> str:
        names = [s.name.strip().casefold() for s in self.seats]
        if any(not n for n in names):
            return t("common.setup.error_empty_name")
        if len(set(names)) != len(names):  # told at the seats too (``draw_dynamic``)
            return t("common.setup.error_same_name")
        try:
            self.spec.check_options(len(self.seats), self.variants)
        except ValueError as error:
            return t("common.setup.error_variants", reason=str(error))
        return ""

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            return
        config = self.config()
        human = next((s.name for s in config.seats if not s.is_bot), None)
        if human and human != self.app.settings.player_name and not is_default_name(human):
            self.app.update_settings(player_name=human)
        if not self.app.smoke_test:
            self.remember_setup(config)
        try:
            self.app.start_game(config)
        except ValueError as error:
            self.error = str(error)

    # layout ----------------------------------------------------------------------------------------------------
    def layout(self, ui, size):
        w, h = size
        spec = self.spec
        margin = ui.s(70)
        top = ui.s(150)
        bottom = h - ui.s(130)
        left_w = ui.s(560)
        self.left = pygame.Rect(margin, top, left_w, bottom - top)
        self.right = pygame.Rect(self.left.right + ui.s(36), top, w - margin - self.left.right - ui.s(36), bottom - top)
        row_h, gap = ui.s(56), ui.s(8)
        x = self.left.x + ui.s(24)
        y = self.left.y + ui.s(70)
        inner = self.left.w - ui.s(48)
        self.group.add(Cycler(t("common.setup.game"), [(s.id, t_game(s.id)) for s in self.specs], self.game_id,
                              self.select_game, rect=(x, y, inner, row_h), name="game"))
        y += row_h + ui.s(10)
        self.desc_rect = pygame.Rect(x + ui.s(16), y, inner - ui.s(32), ui.s(80))
        y += ui.s(90)
        self.variants_y = y
        y += ui.s(44)
        variant_h = ui.s(84)
        # the first player's row keeps its place at the panel's foot, clear of its border: the variants close up
        dealer_y = self.left.bottom - ui.s(28) - row_h
        room = dealer_y - ui.s(12) - y
        if spec.variants and len(spec.variants) * (variant_h + gap) > room:
            gap = ui.s(4)
            whole = ui.font(24).get_linesize() + 2 * ui.font(24 * 0.68).get_linesize() + ui.s(6)  # title, 2 lines
            variant_h = max(whole, room // len(spec.variants) - gap)  # less room: the screen itself shrinks
        for variant in spec.variants:
            self.group.add(Toggle(variant_title(self.game_id, variant), variant.id in self.variants,
                                  lambda on, v=variant.id: self.toggle_variant(v, on), rect=(x, y, inner, variant_h),
                                  name=f"variant-{variant.id}", detail=variant_text(self.game_id, variant)))
            y += variant_h + gap
        if not spec.variants:
            y += row_h
        # the seat chosen here deals in the card games and simply starts in the others
        first_label = plugins()[self.game_id].first_seat_label(t("common.setup.first_dealer"))
        self.group.add(Cycler(first_label, self._dealer_options(), self.dealer, self._set_dealer,
                              rect=(x, max(y + ui.s(10), dealer_y), inner, row_h),
                              name="dealer"))
        # seats
        rx = self.right.x + ui.s(24)
        rinner = self.right.w - ui.s(48)
        counts = [(n, str(n)) for n in range(spec.min_players, spec.max_players + 1)]
        self.group.add(Cycler(t("common.setup.players"), counts, len(self.seats), self.set_player_count,
                              wrap=False, rect=(rx, self.right.y + ui.s(70), rinner, row_h), name="count"))
        levels = levels_for(self.game_id)
        kinds = [("human", t("common.setup.human"))] + [
            (f"bot:{level}", t("common.setup.bot", level=t(f"common.levels.{level}"))) for level in levels]
        seat_y = self.right.y + ui.s(150)
        self.hint_lines = ui.wrap(t("common.setup.seats_hint"), 19, self.right.w - ui.s(80))
        hint_h = len(self.hint_lines) * ui.font(19).get_linesize() + ui.s(40)
        room = self.right.bottom - ui.s(20) - hint_h - seat_y
        seat_h = max(ui.s(40), min(ui.s(60), room // max(1, len(self.seats)) - ui.s(10)))
        name_w = int(rinner * 0.46)
        self.seat_rows = []
        for i, seat in enumerate(self.seats):
            ry = seat_y + i * (seat_h + ui.s(10))
            self.seat_rows.append(pygame.Rect(rx, ry, rinner, seat_h))
            self.group.add(TextField(seat.name, lambda text, i=i: self.set_name(i, text), max_len=16,
                                     placeholder=t("common.setup.name"),
                                     rect=(rx + ui.s(64), ry + ui.s(6), name_w, seat_h - ui.s(12)), name=f"name{i}"))
            value = "human" if not seat.is_bot else f"bot:{seat.level}"
            cx = rx + ui.s(64) + name_w + ui.s(12)
            self.group.add(Cycler("", kinds, value, lambda v, i=i: self.set_kind(i, v),
                                  rect=(cx, ry, rx + rinner - cx, seat_h), name=f"kind{i}"))
        bw, bh = ui.s(280), ui.s(62)
        back = pygame.Rect(0, 0, bw, bh)
        back.bottomleft = (margin, h - ui.s(40))
        self.group.add(Button(t("common.button.back"), self.back, rect=back, name="back", hint="Esc"))
        start = pygame.Rect(0, 0, bw + ui.s(60), bh)
        start.bottomright = (w - margin, h - ui.s(40))
        self.group.add(Button(t("common.setup.start"), self.start, style="primary", rect=start, name="start", size=28))
        if self.game_id in tutorials():  # the game's lesson, between Back and Start
            learn = pygame.Rect(0, 0, min(ui.s(380), start.left - back.right - ui.s(48)), bh)
            learn.midbottom = ((back.right + start.left) // 2, h - ui.s(40))
            self.group.add(Button(t("tutorial.learn_game", game=t_game(self.game_id)), self.learn, style="secondary",
                                  rect=learn, name="learn", size=22))

    def learn(self) -> None:
        """This game's "Learn to play" lesson."""
        self.app.start_lesson(self.game_id)

    def content_box(self):
        """The panels and widgets, grown by however much the seats' hint would run out of the right panel."""
        box = super().content_box()
        if box is not None and self.seat_rows:
            line_h = self.ui.font(19).get_linesize()
            needed = self.seat_rows[-1].bottom + self.ui.s(24) + len(self.hint_lines) * line_h + self.ui.s(20)
            box.h += max(0, needed - self.right.bottom)
            # the left panel's rows (game, variants, first dealer) must end inside it
            inside = [w.rect.bottom for w in self.group.widgets
                      if getattr(w, "rect", None) is not None and self.left.left <= w.rect.centerx <= self.left.right
                      and w.rect.top >= self.left.top and w.name != "back"]
            overflow = max(inside) + self.ui.s(24) - self.left.bottom if inside else 0
            if overflow > 0:  # the first player's row would touch the panel's border: a smaller scale, not a row
                box.h += overflow + max(0, self.app.size[1] - box.bottom)  # on the border (the screen must shrink)
        return box

    def _set_dealer(self, value):
        self.dealer = value

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("common.setup.title"), (w // 2, ui.s(80)))
        for rect, title in ((self.left, t("common.setup.rules_panel")), (self.right, t("common.setup.table_panel"))):
            draw_panel(surface, rect, ui)
            img = ui.text(title, 28, INK, bold=True)
            surface.blit(img, (rect.x + ui.s(40), rect.y + ui.s(22)))
        spec = self.spec
        desc = plugins()[spec.id].text()
        y = self.desc_rect.y
        for line in ui.wrap(desc, 20, self.desc_rect.w, max_lines=3):
            surface.blit(ui.text(line, 20, INK_SOFT), (self.desc_rect.x, y))
            y += ui.font(20).get_linesize()
        label = t("common.setup.variants") if spec.variants else t("common.setup.no_variants")
        surface.blit(ui.text(label, 22, INK_SOFT, bold=True), (self.left.x + ui.s(40), self.variants_y + ui.s(8)))
        hint_top = (self.seat_rows[-1].bottom if self.seat_rows else self.right.y) + ui.s(24)
        lines = self.hint_lines
        line_h = ui.font(19).get_linesize()
        y = max(hint_top, self.right.bottom - ui.s(28) - len(lines) * line_h)
        pygame.draw.line(surface, (233, 220, 192), (self.right.x + ui.s(40), y - ui.s(14)),
                         (self.right.right - ui.s(40), y - ui.s(14)), max(1, ui.s(2)))
        for line in lines:
            surface.blit(ui.text(line, 19, INK_SOFT), (self.right.x + ui.s(40), y))
            y += line_h
        for i, rect in enumerate(self.seat_rows):
            seat = self.seats[i]
            badge_c = (rect.x + ui.s(26), rect.centery)
            pygame.draw.circle(surface, GOLD if not seat.is_bot else (170, 196, 190), badge_c, ui.s(22))
            pygame.draw.circle(surface, INK, badge_c, ui.s(22), max(1, ui.s(2)))
            blit_text_center(surface, ui.text(str(i + 1), 22, INK, bold=True), badge_c)

    def draw_dynamic(self, surface, ui):
        clashes = name_clashes(self.seats)
        for i in sorted(clashes):
            if i >= len(self.seat_rows):
                continue
            row = self.seat_rows[i]
            pygame.draw.rect(surface, BAD, row.inflate(ui.s(8), ui.s(8)), max(2, ui.s(3)), border_radius=ui.s(10))
            text = t("common.setup.name_taken", name=self.seats[i].name.strip())
            line = (ui.wrap(text, 17, row.w - ui.s(90), bold=True, max_lines=1) or [text])[0]
            img = ui.text(line, 17, (255, 236, 228), bold=True)
            tag = img.get_rect(topleft=(row.x + ui.s(64), row.bottom + ui.s(2)))
            pygame.draw.rect(surface, BAD, tag.inflate(ui.s(14), ui.s(4)), border_radius=ui.s(8))
            surface.blit(img, tag)
        if self.error:
            img = ui.text(self.error, 22, (255, 214, 200), bold=True)
            rect = img.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - ui.s(58)))
            bg = rect.inflate(ui.s(28), ui.s(14))
            pygame.draw.rect(surface, BAD, bg, border_radius=ui.s(12))
            surface.blit(img, rect)
