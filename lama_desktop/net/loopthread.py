"""``LoopThread``: one asyncio loop in one background thread, shared by the network objects of a process.

A process that holds many connections (the network bench's clients, a ``serve`` or a bench process hosting many
tables) runs them all on one such thread rather than a thread each: threads of one process take turns for the
interpreter lock, and every wake-up of a thread that must wait for it adds to the round trip of a move.
``client.ClientLoop`` and ``host.HostLoop`` are this class under the name their module's docs use.

``steady_heap()`` is for processes that serve connections for a long time (``lama-desktop serve``,
the network bench's two processes):
asyncio reads a socket into a fresh 256 KiB buffer and shrinks it to what came (a ~1 KiB message). glibc serves a
request that large with its own mapping only until the first such mapping is freed; then its "sliding" threshold
moves above 256 KiB and every read buffer is cut from the heap, whose free space then ends up split around the
small blocks allocated meanwhile: the process grows by about a kilobyte per message received, with nothing alive
to show for it (measured: tracemalloc flat, ``mallinfo`` in-use flat, the arena growing). Fixing the threshold at
glibc's default keeps those buffers in their own mappings, returned whole.
"""

from __future__ import annotations

import asyncio
import ctypes
import logging
import platform
import threading

log = logging.getLogger("lama_desktop.net.loopthread")

#: glibc's mallopt parameter, and its default value (128 KiB; fixing it turns the sliding off)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024


def steady_heap() -> bool:
    """Fix glibc's mmap threshold at its default in this process (see the module's docstring); True when done,
    False where there is no glibc (the other C libraries do not slide it)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return False
    try:
        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, AttributeError):
        return False


class LoopThread:
    """An asyncio loop in one background thread (started on first use, by ``loop``). ``close`` ends it: what still
    runs on it is cancelled and awaited first, so no task is left pending as garbage."""

    def __init__(self, name: str = "net-loop"):
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The running loop (its thread started on first use); RuntimeError once closed."""
        with self._lock:
            if self._closed:
                raise RuntimeError("this loop thread is closed")
            if self._loop is None:
                self._start()
            return self._loop

    def on_thread(self) -> bool:
        """True on this loop's own thread (where waiting for the loop would wait forever)."""
        return self._thread is not None and self._thread is threading.current_thread()

    @property
    def running(self) -> bool:
        return self._loop is not None and self._loop.is_running()

    def _start(self) -> None:
        loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run():
            asyncio.set_event_loop(loop)
            loop.call_soon(ready.set)
            try:
                loop.run_forever()
            finally:  # what is still pending (a connection nobody closed) ends here, not as garbage
                pending = asyncio.all_tasks(loop)
                for task in pending:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        if not ready.wait(5.0):
            raise RuntimeError("the loop thread did not start")
        self._loop = loop

    def close(self, timeout: float = 5.0) -> None:
        """End the thread (idempotent); whatever still runs on it is cancelled and awaited first."""
        with self._lock:
            self._closed = True
            loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if thread is threading.current_thread():
            raise RuntimeError("a loop thread cannot close itself")
        try:
            loop.call_soon_threadsafe(loop.stop)
        except RuntimeError:  # closed already
            pass
        thread.join(timeout)
        if thread.is_alive():
            log.warning("the loop thread did not end within %.1f s", timeout)
