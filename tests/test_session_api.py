"""The ``Session`` protocol (``core/session_api.py``) is what a table may read of a game session: the local
``GameSession`` and the network seat's ``RemoteSession`` both have every member with a compatible signature, and
no module of the app or of a game's folder reads a member of a session outside it (an AST scan of
``session.<name>``, ``self.session.<name>`` and local names bound to a ``.session``). The few modules that drive a
``GameSession`` they made themselves, or a network seat, are named below with what they read beyond it, and why."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import msgspec
import pytest

from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.session import GameSession
from lama_desktop.core.session_api import NetworkSession, Session
from lama_desktop.net.host import facts_for
from lama_desktop.net.remote_session import RemoteSession
from registry_games import sample_game

ROOT = Path(__file__).resolve().parents[1] / "lama_desktop"
#: the game the sessions play (any will do)
GAME = sample_game()
#: where sessions are read: the app and the games' folders (their tables, shots, moments, advice)
SCANNED = (ROOT / "app", ROOT / "games")

#: the network seat's own members, read by the network table and scenes alone
NETWORK_MODULES = ("app/table/net_table.py", "app/table/net_waiting.py", "app/table/net_banner.py",
                   "app/scenes/net_shots.py", "app/scenes/net_results.py", "app/netplay.py")
#: modules that drive a session of their own making beyond the protocol, with what they read and why
LOCAL_SESSION_MODULES = {
    # the replay viewer's session is a frozen GameSession: it feeds the recorded moves and keeps each position for
    # its timeline
    "app/scenes/replay.py": {"feed", "state"},
    # the screenshot and layout tools play a GameSession they made to the position they show
    "app/table/layout_moments.py": {"state"},
    "games/cadabra/shots.py": {"state"},
    "games/dice/shots.py": {"state", "_played"},
    "games/llama_land/shots.py": {"state"},
}


def _members(protocol) -> dict[str, object]:
    """The protocol's own members: name -> its function, property, or None for a data member."""
    out: dict[str, object] = {}
    for name in getattr(protocol, "__annotations__", {}):
        out[name] = None
    for name, value in vars(protocol).items():
        if isinstance(value, property) or (inspect.isfunction(value) and not name.startswith("_")):
            out[name] = value
    return out


SESSION = _members(Session)
NETWORK = _members(NetworkSession)


class _Client:
    """Just enough of a connected ``TableClient`` for a ``RemoteSession`` to exist: its welcome, no messages."""

    connected = True

    def __init__(self, welcome: dict):
        self.welcome = welcome

    def messages(self):
        return []

    def close(self) -> None:
        pass


def _local() -> GameSession:
    return GameSession.new(GAME, [SeatConfig("Anna", "human"), SeatConfig("Bot", "bot", "easy")], seed=3)


def _remote() -> RemoteSession:
    local = _local()
    welcome = {"seat": 0, "game_id": GAME, "names": local.names, "kinds": ["human", "remote"], "players": 2,
               "variants": [], "view": local.view(0).to_dict(),
               "facts": msgspec.to_builtins(facts_for(local, local.view(0))), "history": [], "status": None}
    return RemoteSession(_Client(welcome))


def _compatible(declared, actual) -> str:
    """Why ``actual`` cannot stand where the protocol declares ``declared`` ("" when it can): the same parameters
    in order, of the same kind, a default where the protocol has one; more only with defaults."""
    want = list(inspect.signature(declared).parameters.values())
    have = list(inspect.signature(actual).parameters.values())
    for i, param in enumerate(want):
        if i >= len(have):
            return f"misses {param.name}"
        got = have[i]
        if got.name != param.name or got.kind != param.kind:
            return f"has {got} where the protocol has {param}"
        if param.default is not inspect.Parameter.empty and got.default is inspect.Parameter.empty:
            return f"{got.name} has no default"
    extra = [p.name for p in have[len(want):] if p.default is inspect.Parameter.empty
             and p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)]
    return f"needs {extra} too" if extra else ""


def _check(cls, instance, members: dict) -> list[str]:
    problems = []
    for name, declared in members.items():
        found = inspect.getattr_static(cls, name, None)
        if inspect.isfunction(declared):
            if not inspect.isfunction(found):
                problems.append(f"{cls.__name__}.{name} is not a method")
            elif why := _compatible(declared, found):
                problems.append(f"{cls.__name__}.{name} {why}")
        elif inspect.isfunction(found):
            problems.append(f"{cls.__name__}.{name} is a method where the protocol reads a value")
        elif not hasattr(instance, name):
            problems.append(f"{cls.__name__} has no {name}")
    return problems


@pytest.mark.parametrize("make", [_local, _remote], ids=["GameSession", "RemoteSession"])
def test_both_sessions_implement_the_protocol(make):
    session = make()
    try:
        members = dict(SESSION)
        if isinstance(session, RemoteSession):
            members.update(NETWORK)
        assert not _check(type(session), session, members)
        assert isinstance(session, Session)
    finally:
        session.close()


def test_the_protocol_names_what_it_promises():
    """Each declared method or property says what it means; the network seat's protocol extends the common one."""
    undocumented = [name for name, value in {**SESSION, **NETWORK}.items()
                    if value is not None and not (inspect.getdoc(value) or "").strip()]
    assert not undocumented
    assert {"view", "events_for", "round", "private_view", "scores", "current_player"} <= set(SESSION)
    assert "state" not in SESSION and "state" not in NETWORK
    assert not set(SESSION) & set(NETWORK)
    assert Session in NetworkSession.__mro__


def _own_nodes(scope: ast.AST):
    """The nodes of ``scope`` outside the functions and classes nested in it (each is a scope of its own)."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))


def _session_reads(tree: ast.AST) -> set[str]:
    """``x.<name>`` where ``x`` is ``session``, ``<anything>.session`` or a name bound to one of those in the same
    function."""
    found: set[str] = set()
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                   ast.Lambda, ast.ClassDef))]
    for scope in scopes:
        nodes = list(_own_nodes(scope))
        aliases = {"session"}
        for node in nodes:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) and node.value.attr == "session":
                aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        for node in nodes:
            if not isinstance(node, ast.Attribute):
                continue
            owner = node.value
            if (isinstance(owner, ast.Name) and owner.id in aliases) or (
                    isinstance(owner, ast.Attribute) and owner.attr == "session"):
                found.add(node.attr)
    return found


def _modules():
    for folder in SCANNED:
        for path in sorted(folder.rglob("*.py")):
            if "tests" not in path.relative_to(folder).parts:  # a game's own tests may craft what they test
                yield path.relative_to(ROOT).as_posix(), path


def test_the_app_reads_a_session_through_the_protocol_alone():
    allowed = set(SESSION)
    outside = {}
    for name, path in _modules():
        reads = _session_reads(ast.parse(path.read_text(encoding="utf-8")))
        extra = reads - allowed - (set(NETWORK) if name in NETWORK_MODULES else set())
        extra -= LOCAL_SESSION_MODULES.get(name, set())
        if extra:
            outside[name] = sorted(extra)
    assert not outside, f"session members read outside core/session_api.Session: {outside}"


def test_the_scan_sees_what_it_checks():
    """The scan finds a table's reads (``self.session.view``, an alias's ``s.scores``), and every exception named
    above is still needed (a module that no longer reads the member must leave the list)."""
    sample = ast.parse("def f(self):\n    s = self.session\n    self.session.view(0)\n    s.scores\n    x.state\n")
    assert _session_reads(sample) == {"view", "scores"}
    paths = dict(_modules())
    for name, members in LOCAL_SESSION_MODULES.items():
        reads = _session_reads(ast.parse(paths[name].read_text(encoding="utf-8")))
        assert members <= reads, f"{name} no longer reads {sorted(members - reads)}: take it off the list"
