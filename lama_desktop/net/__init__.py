"""Play across computers (issue 25): one ``TableHost`` (``host.py``) owns the game and serves it over WebSockets;
every player's app, the host's own included, joins it with a ``TableClient`` (``client.py``). ``protocol.py`` is
what crosses the wire (docs/PROTOCOL.md), ``codes.py`` the refusal and close codes, ``limits.py`` the
per-connection limits, ``loopback.py`` the loopback-only switch every address goes through.
"""
