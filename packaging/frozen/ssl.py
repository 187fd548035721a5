"""The frozen game's ``ssl``: a placeholder without OpenSSL, bundled instead of the standard library's (issue 32).

OpenSSL (libcrypto and libssl) was 5.6 MB of the Linux bundle and about 2 MB of the Windows setup, for a game that
plays on a home network over plain ``ws://``. websockets' client imports ``ssl`` at its top, and asyncio, http.client
and urllib.request look for it, so this module keeps them importable: it names what they read when they load and
refuses TLS when anything asks for it (``create_default_context``, ``SSLContext()``): joining with TLS
(``TableClient(..., secure=True)``, ``wss://`` through a TLS-terminating proxy: docs/PROTOCOL.md) needs the game
run from its sources. Only packaging/lama-desktop.spec puts it in the bundles; it is never on a source install's
path.
"""

NO_TLS = "this build of LAMA Desktop has no TLS (wss://): run it from its sources to join a table over TLS"
OPENSSL_VERSION = "none"
OPENSSL_VERSION_INFO = (0, 0, 0, 0, 0)
HAS_SNI = HAS_ALPN = HAS_NEVER_CHECK_COMMON_NAME = False
CERT_NONE, CERT_OPTIONAL, CERT_REQUIRED = 0, 1, 2
PROTOCOL_TLS_CLIENT, PROTOCOL_TLS_SERVER = 16, 17


class SSLError(OSError):
    """Every TLS error (none is ever raised but ``NO_TLS``)."""


class SSLZeroReturnError(SSLError):
    pass


class SSLWantReadError(SSLError):
    pass


class SSLWantWriteError(SSLError):
    pass


class SSLSyscallError(SSLError):
    pass


class SSLEOFError(SSLError):
    pass


class SSLCertVerificationError(SSLError, ValueError):
    pass


CertificateError = SSLCertVerificationError


class Purpose:
    SERVER_AUTH = "serverAuth"
    CLIENT_AUTH = "clientAuth"


class SSLContext:
    def __init__(self, *args, **kwargs):
        raise SSLError(NO_TLS)


class SSLObject:
    def __init__(self, *args, **kwargs):
        raise SSLError(NO_TLS)


class SSLSocket(SSLObject):
    pass


class MemoryBIO(SSLObject):
    pass


def create_default_context(*args, **kwargs):
    raise SSLError(NO_TLS)


_create_default_https_context = _create_unverified_context = create_default_context
