"""The export dialog: the unit or force as it is on screen, in any format of `designer
export`, built from the document in memory (unsaved changes included) in a worker."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from designer.errors import InputError
from designer.paths import display_path
from designer.tui.literal import literal
from designer.tui.screens.dialogs import Dialog
from designer.tui.widgets.fields import Cycle, Tick
from designer.tui.widgets.text import TextField

if TYPE_CHECKING:
    from designer.export.document import Snapshot


#: formats whose output is laid out on a paper size
PAGED = ("pdf", "html", "list", "list-html")


def export_choices() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The export formats and paper sizes; none when exports are not installed."""
    try:
        from designer.export import FORMATS, PAPERS
    except ImportError:
        return (), ()
    return tuple(FORMATS), tuple(PAPERS)


class ExportDialog(Dialog):
    """Export what the screen shows. `snapshot()` is asked for the present unit (as a
    LoadedUnit) or force when the export starts; the rest runs in a worker."""

    BINDINGS = [Binding("enter", "export", "Export")]

    def __init__(self, *, name: str, saved: bool, snapshot: Callable[[], Snapshot]) -> None:
        super().__init__(f"Export {name}")
        self.saved = saved
        self.snapshot = snapshot
        self.result: Path | None = None
        self.running = False
        self.formats, self.papers = export_choices()
        if self.formats:  # and the multi-file ones; a system without points refuses them
            from designer.export import BUNDLES

            self.formats = (*self.formats, *BUNDLES)

    def compose(self) -> ComposeResult:
        with self.frame():
            state = ("the saved file" if self.saved
                     else "what is on screen (unsaved changes included)")
            yield Static(Content.styled(f"Exports {state}.", "$foreground-muted"),
                         classes="message")
            if self.formats:
                yield Cycle("Format", [(f, f) for f in self.formats], self.formats[0],
                            label_width=9, id="export-format")
                paper = getattr(self.app, "settings", None)
                default = paper.paper if paper and paper.paper in self.papers else self.papers[0]
                yield Cycle("Paper", [(p, p) for p in self.papers], default,
                            label_width=9, id="export-paper")
                with Horizontal(classes="field-row"):
                    yield Static("Folder", classes="field-label")
                    yield TextField(value="exports", id="export-out", compact=True)
                yield Tick("Overwrite an existing file", False, id="export-overwrite",
                           compact=True)
            yield Static(Content.styled("Export is not available in this installation.",
                                        "$error") if not self.formats else "",
                         id="export-status", classes="note")
            with Horizontal(classes="buttons"):
                if self.formats:
                    yield Button("Export", id="ok", variant="primary", compact=True)
                yield Button("Close", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#export-format" if self.formats else "#cancel").focus()

    def action_export(self) -> None:
        self.start()

    @on(Cycle.Changed, "#export-format")
    def format_changed(self, event: Cycle.Changed) -> None:
        self.query_one("#export-paper").disabled = event.value not in PAGED

    @on(Button.Pressed, "#ok")
    def ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.start()

    @on(TextField.Submitted, "#export-out")
    def submitted(self, event: TextField.Submitted) -> None:
        event.stop()
        self.start()

    @on(Button.Pressed, "#cancel")
    def cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(self.result)

    def action_cancel(self) -> None:
        self.dismiss(self.result)

    def status(self, text: str, style: str = "") -> None:
        """A line of how the export goes; it names files, so it is shown as written."""
        self.query_one("#export-status", Static).update(literal(text, 400, style=style))

    def start(self) -> None:
        if self.running or not self.formats:  # one export at a time
            return
        self.running = True
        fmt = str(self.query_one("#export-format", Cycle).value)
        paper = str(self.query_one("#export-paper", Cycle).value)
        out_text = self.query_one("#export-out", TextField).value.strip()
        overwrite = self.query_one("#export-overwrite", Tick).value
        self.status(f"Exporting {fmt}…", "$foreground-muted")
        self.run_export(self.snapshot(), fmt, paper, Path(out_text) if out_text else None,
                        overwrite)

    @work(thread=True, exclusive=True, group="export")
    def run_export(self, snapshot: Snapshot, fmt: str, paper: str, out: Path | None,
                   overwrite: bool) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.status, f"Exporting {fmt}… {done}/{total}",
                                      "$foreground-muted")

        try:
            from designer.export import export_doc
            from designer.export.document import snapshot_doc

            written = export_doc(snapshot_doc(snapshot), fmt, out=out, paper=paper,
                                 overwrite=overwrite, progress=progress)
        except ImportError:
            self.app.call_from_thread(self.finished, None,
                                      "Export is not available in this installation.")
        except InputError as exc:
            hint = "; tick Overwrite to replace it" if exc.problem.startswith("exists") else ""
            problem = exc.problem.split(";")[0] if hint else exc.problem
            where = Path(exc.file).name if exc.file else ""
            self.app.call_from_thread(self.finished, None,
                                      f"{where}: {problem}{hint}" if where else problem)
        except OSError as exc:
            self.app.call_from_thread(self.finished, None, f"cannot export: {exc.strerror}")
        else:
            self.app.call_from_thread(self.finished, Path(written), "")

    def finished(self, written: Path | None, error: str) -> None:
        self.running = False
        if written is None:
            self.status(error, "$error")
            return
        self.result = written
        self.status(f"Wrote {display_path(written)}", "$success")
        self.app.notify(f"Exported {display_path(written)}", title="Export", markup=False)
