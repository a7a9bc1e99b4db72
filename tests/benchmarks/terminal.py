"""A program on a pseudo-terminal, its output replayed through a terminal emulator (pyte),
so a benchmark times what the user sees: from the key written to the terminal until the
screen shows the change."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import termios
import time
from collections.abc import Callable, Sequence

import pyte

KEYS = {"right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B",
        "tab": b"\t", "enter": b"\r", "ctrl+q": b"\x11"}


def alt(key: str) -> bytes:
    return b"\x1b" + key.encode()


class Terminal:
    """`argv` running on a pty of `size` (columns, rows), read into a pyte screen."""

    def __init__(self, argv: Sequence[str], size: tuple[int, int] = (120, 40),
                 env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        cols, rows = size
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.started = time.perf_counter()
        pid, fd = os.forkpty()
        if pid == 0:  # the child: the program, on the pty
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            if cwd:
                os.chdir(cwd)
            os.execvpe(argv[0], list(argv), {**os.environ, **(env or {}),
                                             "TERM": "xterm-256color", "COLUMNS": str(cols),
                                             "LINES": str(rows)})
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def send(self, data: bytes) -> float:
        """Write keys; the moment they were written."""
        os.write(self.fd, data)
        return time.perf_counter()

    def wait_for(self, shown: Callable[[str], bool] | str, timeout: float = 30.0) -> float:
        """Read and replay output until `shown` (a text, or a test of the screen's
        text) holds; the moment the output that made it hold was read (what a terminal
        shows as it arrives: the emulator's own replay time is not counted). Raises
        TimeoutError with the screen."""
        test = (lambda text: shown in text) if isinstance(shown, str) else shown
        deadline = time.perf_counter() + timeout
        if test(self.text()):
            return time.perf_counter()
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"not shown within {timeout} s:\n{self.text()}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError as exc:
                raise TimeoutError(f"the program ended: {exc}\n{self.text()}") from None
            arrived = time.perf_counter()
            if not data:
                raise TimeoutError(f"the program ended\n{self.text()}")
            self.stream.feed(data)
            if test(self.text()):
                return arrived

    def drain(self, quiet: float = 0.05) -> None:
        """Replay output until none comes for `quiet` seconds."""
        while select.select([self.fd], [], [], quiet)[0]:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:
                return
            if not data:
                return
            self.stream.feed(data)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
