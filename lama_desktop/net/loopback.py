"""The loopback-only switch: with ``LAMA_NET_LOOPBACK=1`` in the environment (tests, benches, ``.ci/run``, anyone
trying the app on a shared machine) or the setting ``net_loopback_only``, hosting, joining and discovery use
127.0.0.1 / ::1 only. Every address the network code binds or connects to goes through ``check_address``."""

from __future__ import annotations

import ipaddress
import os

ENV = "LAMA_NET_LOOPBACK"
LOOPBACK_HOSTS = ("127.0.0.1", "::1")


class LoopbackOnly(ValueError):
    """An address other than loopback while the switch is on (nothing was sent or bound)."""


def forced() -> bool:
    """The environment turns the switch on (``LAMA_NET_LOOPBACK`` set to anything but ``""``/``0``): no setting can
    turn it off (the settings screen shows it on, unchangeable, and says why)."""
    return os.environ.get(ENV, "").strip() not in ("", "0")


def loopback_only(settings=None) -> bool:
    """True when the network must stay on this machine: the environment forces it (``forced``), or the settings say
    ``net_loopback_only``."""
    if forced():
        return True
    return bool(getattr(settings, "net_loopback_only", False))


def is_loopback(host: str) -> bool:
    """``127.0.0.0/8``, ``::1`` or the name ``localhost`` (no lookup is made: any other name is not loopback)."""
    text = (host or "").strip().strip("[]")
    if text.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(text.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def check_address(host: str | None, settings=None) -> str | None:
    """``host`` unchanged when it may be used; ``LoopbackOnly`` for anything but loopback while the switch is on
    (``None`` or ``""``, "every interface", included)."""
    if loopback_only(settings) and not (host and is_loopback(host)):
        raise LoopbackOnly(f"{host or 'every interface'} is not a loopback address and {ENV} is on")
    return host


def bind_hosts(bind: str | None, settings=None) -> list[str]:
    """The addresses a host listens on: ``bind`` as chosen (``None``/``""``: every interface, IPv4 and IPv6); with
    the switch on, the default is 127.0.0.1 and ::1 and any other choice is refused (``LoopbackOnly``)."""
    if not bind:
        if loopback_only(settings):
            return list(LOOPBACK_HOSTS)
        return ["0.0.0.0", "::"]
    return [check_address(bind, settings)]
