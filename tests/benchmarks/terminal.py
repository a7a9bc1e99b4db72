"""A program on a pseudo-terminal, its output replayed through a terminal emulator (pyte),
so a benchmark times what the user sees: from the key written to the terminal until the
screen shows the change.

A thread reads the terminal and stamps each piece of output as it arrives; the emulator
replays them afterwards, so its own (slow, pure Python) replay is never counted: the time
reported is when the output that completed the change reached the terminal, which a
real terminal draws at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import queue
import select
import signal
import struct
import termios
import threading
import time
from collections.abc import Callable, Sequence

import pyte

KEYS = {"right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B",
        "tab": b"\t", "enter": b"\r", "ctrl+q": b"\x11", "home": b"\x1b[H"}


def alt(key: str) -> bytes:
    return b"\x1b" + key.encode()


class Terminal:
    """`argv` running on a pty of `size` (columns, rows), read into a pyte screen."""

    def __init__(self, argv: Sequence[str], size: tuple[int, int] = (120, 40),
                 env: dict[str, str] | None = None, cwd: str | None = None) -> None:
        cols, rows = size
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.output: queue.Queue[tuple[float, bytes]] = queue.Queue()
        self.started = time.perf_counter()
        pid, fd = os.forkpty()
        if pid == 0:  # the child: the program, on the pty
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            if cwd:
                os.chdir(cwd)
            # the size is the pty's alone: COLUMNS and LINES, which a program reads
            # before the pty, would hold it to its first size through a resize
            given = {k: v for k, v in {**os.environ, **(env or {})}.items()
                     if k not in ("COLUMNS", "LINES")}
            os.execvpe(argv[0], list(argv), {**given, "TERM": "xterm-256color"})
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Stamp each piece of output as it arrives; b"" when the program ends."""
        while True:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.5)
                if not ready:
                    continue
                data = os.read(self.fd, 1 << 16)
            except (OSError, ValueError):
                data = b""
            self.output.put((time.perf_counter(), data))
            if not data:
                return

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def look(self) -> tuple[str, ...]:
        """The screen as seen: each line's text with each cell's colours and style, so a
        highlight that moves (a list's cursor, the focused field) is a change too."""
        rows = []
        for y in range(self.screen.lines):
            line = self.screen.buffer[y]
            rows.append("".join(f"{c.data}{c.fg}{c.bg}{c.reverse:d}{c.bold:d}"
                                for c in (line[x] for x in range(self.screen.columns))))
        return tuple(rows)

    def wait_for_change(self, before: tuple[str, ...], timeout: float = 30.0,
                        quiet: float = 0.05) -> float:
        """The moment the output that changed the screen from `before` (as `look` sees
        it) arrived."""
        deadline = time.perf_counter() + timeout
        while True:
            held = None
            for arrived, data in self.gather(deadline - time.perf_counter(), quiet):
                self.stream.feed(data)
                if held is None and self.look() != before:
                    held = arrived
            if held is not None:
                return held

    def resize(self, size: tuple[int, int]) -> None:
        """Give the program a terminal of `size` (columns, rows), as a user's window
        resized: the program repaints the whole screen."""
        cols, rows = size
        self.screen.resize(rows, cols)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.kill(self.pid, signal.SIGWINCH)

    def send(self, data: bytes) -> float:
        """Write keys; the moment they were written."""
        os.write(self.fd, data)
        return time.perf_counter()

    def pieces(self, timeout: float, what: str):
        """(arrival, output) as the program writes, until `timeout`; TimeoutError naming
        `what` (and showing the screen) when it ends or the time is up."""
        deadline = time.perf_counter() + timeout
        while True:
            try:
                arrived, data = self.output.get(timeout=max(0.0, deadline -
                                                            time.perf_counter()))
            except queue.Empty:
                raise TimeoutError(f"{what}: nothing within {timeout} s\n{self.text()}"
                                   ) from None
            if not data:
                raise TimeoutError(f"{what}: the program ended\n{self.text()}")
            yield arrived, data

    def wait_for(self, shown: Callable[[str], bool] | str, timeout: float = 30.0,
                 quiet: float = 0.05) -> float:
        """The moment the output that made `shown` (a text, or a test of the screen's
        text) hold arrived. Output is gathered until none comes for `quiet` seconds and
        only then replayed: replaying while it arrives would hold the interpreter's lock
        and delay the reader's stamps of later pieces of the same frame by milliseconds."""
        test = (lambda text: shown in text) if isinstance(shown, str) else shown
        if test(self.text()):
            return time.perf_counter()
        deadline = time.perf_counter() + timeout
        while True:
            held = None
            for arrived, data in self.gather(deadline - time.perf_counter(), quiet):
                self.stream.feed(data)  # all of it: the screen is kept whole
                if held is None and test(self.text()):
                    held = arrived
            if held is not None:
                return held

    def gather(self, timeout: float, quiet: float) -> list[tuple[float, bytes]]:
        """The pieces of output from the first (within `timeout`) until none comes for
        `quiet` seconds; TimeoutError (showing the screen) when nothing comes or the
        program ends."""
        pieces = self.pieces(max(0.0, timeout), "not shown")
        gathered = [next(pieces)]
        while True:
            try:
                arrived, data = self.output.get(timeout=quiet)
            except queue.Empty:
                return gathered
            if not data:
                raise TimeoutError(f"not shown: the program ended\n{self.text()}")
            gathered.append((arrived, data))

    def wait_for_output(self, marker: bytes, timeout: float = 30.0) -> float:
        """The moment `marker` arrived in the program's raw output (not replayed: a first
        screen is tens of kilobytes, which pyte takes longer to replay than the program
        to draw). Text a program draws in one style arrives as written."""
        seen = b""
        for arrived, data in self.pieces(timeout, f"{marker!r} not written"):
            seen = seen[-len(marker):] + data
            if marker in seen:
                return arrived
        raise AssertionError("unreachable")

    def drain(self, quiet: float = 0.05) -> None:
        """Replay output until none comes for `quiet` seconds."""
        while True:
            try:
                _, data = self.output.get(timeout=quiet)
            except queue.Empty:
                return
            if not data:
                return
            self.stream.feed(data)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self._reader.join(timeout=2)
        os.close(self.fd)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
