"""The codes the host answers with: refusals (``Refused.code``, the table words them in the player's language) and
the WebSocket close codes and reasons of a connection the host ends (docs/PROTOCOL.md lists them)."""

from __future__ import annotations

# -- Refused.code: the connection stays open (except for the join refusals, after which the host closes) --------
#: the join was refused: a wrong code, an unknown or forged seat token, or no such table. Never says which part.
JOIN = "net.join"
#: the client speaks another protocol version (params: host, client)
VERSION = "net.version"
#: every open seat is taken (a person who had a seat rejoins with its token)
FULL = "net.full"
#: the name is empty once control characters and spaces are taken out
NAME = "net.name"
#: a Move for a seat that is not to play now (out of turn; the host never moves for another seat)
NOT_YOUR_TURN = "net.not_your_turn"
#: the game is over (no more moves)
OVER = "net.over"
#: a move sent before the Hello was answered, or any message that is not a Hello first
HELLO_FIRST = "net.hello_first"
#: a second Hello on a connection that already has a seat
ALREADY_JOINED = "net.already_joined"
#: reactions come too fast (the reaction is dropped, the connection stays)
REACTION_RATE = "net.reaction_rate"
# (an illegal move is refused with the engine's own code: core.*, lama.*, dice.*, ... and its params)

REFUSAL_CODES = (JOIN, VERSION, FULL, NAME, NOT_YOUR_TURN, OVER, HELLO_FIRST, ALREADY_JOINED, REACTION_RATE)
#: the refusals a table shows as a reason at the table (``common.reason.<rule>``); the others answer a join (the join
#: screen's ``common.net.error_*``) or a client that breaks the protocol (never the player's doing)
TABLE_REFUSALS = (NOT_YOUR_TURN, OVER, REACTION_RATE)

# -- WebSocket close codes (RFC 6455 + the 4000-4999 private range) ------------------------------------------------
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001  # the host stops
CLOSE_UNSUPPORTED = 1003  # a binary frame
CLOSE_POLICY = 1008  # a message breaking the protocol (malformed, wrong type, unknown tag, wrong version)
CLOSE_TOO_BIG = 1009  # larger than the size limit
CLOSE_REFUSED = 4001  # join refused (the Refused message says why)
CLOSE_FLOOD = 4002  # too many messages
CLOSE_SLOW = 4003  # the client does not read what it is sent (its queue overflowed)
CLOSE_TIMEOUT = 4004  # no Hello in time (a half-open connection)
CLOSE_REPLACED = 4005  # the same seat joined again from another connection (the newer one keeps the seat)
CLOSE_CAPACITY = 4006  # too many connections

# -- Bye.reason ------------------------------------------------------------------------------------------------
BYE_STOPPED = "stopped"  # the host ended the table (Ctrl+C on serve, the host left)
BYE_REPLACED = "replaced"
BYE_FLOOD = "flood"
BYE_SLOW = "slow"
BYE_PROTOCOL = "protocol"
BYE_TIMEOUT = "timeout"
BYE_LOST = "lost"  # a client's own marker: the connection went away without a Bye
