"""Modal dialogs: confirm (the unsaved-changes guard), a file path (save as, open, add
from file), pick an example unit, a custom ability, and export."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from designer.errors import InputError
from designer.io import save_yaml
from designer.tui.widgets.fields import Cycle, MovingList, SearchField, TextField, Tick

FORMATS = ("pdf", "html", "md", "txt", "json", "yaml")
PAPERS = ("a4", "letter")


class Dialog(ModalScreen):
    """A framed modal: escape cancels (dismisses with None, or `CANCEL`)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    CANCEL: Any = None

    def __init__(self, title: str) -> None:
        super().__init__()
        self.dialog_title = title

    def frame(self) -> Vertical:
        frame = Vertical(classes="dialog")
        frame.border_title = Content(self.dialog_title)
        return frame

    def action_cancel(self) -> None:
        self.dismiss(self.CANCEL)


class ConfirmDialog(Dialog):
    """A question with a row of answers; dismisses with the chosen answer's key."""

    CANCEL = "cancel"
    BINDINGS = [Binding("left", "app.focus_previous", show=False),
                Binding("right", "app.focus_next", show=False)]

    def __init__(self, title: str, message: str | Content,
                 choices: Sequence[tuple[str, str, str]]) -> None:
        super().__init__(title)
        self.message = message
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(self.message, classes="message")
            with Horizontal(classes="buttons"):
                for key, label, variant in self.choices:
                    yield Button(label, id=f"choice-{key}", variant=variant, compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    @on(Button.Pressed)
    def chosen(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("choice-"))


def yaml_files(root: Path, limit: int = 200) -> list[Path]:
    """YAML files under `root` (two folders deep), for the path dialogs to offer."""
    found: list[Path] = []
    for pattern in ("*.yaml", "*.yml", "*/*.yaml", "*/*.yml", "*/*/*.yaml"):
        for path in sorted(root.glob(pattern)):
            if any(part.startswith(".") for part in path.relative_to(root).parts):
                continue
            found.append(path)
            if len(found) >= limit:
                return found
    return found


class PathDialog(Dialog):
    """A file path typed or picked from the YAML files under the working folder.

    mode "open": the file must exist. mode "save": .yaml is added when no suffix is
    given, and an existing file other than `current` needs a second enter to replace.
    """

    def __init__(self, title: str, *, mode: str = "open", value: str = "",
                 current: Path | None = None, hint: str = "") -> None:
        super().__init__(title)
        self.mode = mode
        self.value = value
        self.current = current
        self.hint = hint
        self._confirm: Path | None = None

    def compose(self) -> ComposeResult:
        with self.frame():
            if self.hint:
                yield Static(Content.styled(self.hint, "$foreground-muted"), classes="message")
            yield SearchField("path-list", value=self.value, placeholder="path/to/file.yaml",
                              id="path", select_on_focus=False, enter_submits=True)
            yield Static(id="path-note", classes="note")
            yield Static(Content.styled("YAML files here (enter picks):", "$foreground-muted"))
            yield MovingList(id="path-list")
            with Horizontal(classes="buttons"):
                yield Button("Save" if self.mode == "save" else "Open", id="ok",
                             variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        field = self.query_one("#path", SearchField)
        field.focus()
        field.cursor_position = len(field.value)
        self.list_files()

    @work(thread=True, exclusive=True, group="list-files")
    def list_files(self) -> None:
        cwd = Path.cwd()
        files = yaml_files(cwd)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_files, [str(p.relative_to(cwd)) for p in files])

    def _show_files(self, names: list[str]) -> None:
        listing = self.query_one("#path-list", MovingList)
        listing.set_options([Option(n, id=None) for n in names] or
                            [Option(Content.styled("(none)", "$foreground-muted"), disabled=True)])
        if names:
            listing.highlighted = 0

    @on(OptionList.OptionSelected, "#path-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        field = self.query_one("#path", SearchField)
        field.value = str(event.option.prompt)
        field.focus()
        if self.mode == "open":
            self.submit()

    @on(SearchField.Changed, "#path")
    def typed(self, event: SearchField.Changed) -> None:
        self._confirm = None
        self.query_one("#path-note", Static).update("")

    @on(Button.Pressed, "#ok")
    def ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Button.Pressed, "#cancel")
    def cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    @on(SearchField.Submitted, "#path")
    def entered(self, event: SearchField.Submitted) -> None:
        event.stop()
        self.submit()

    def note(self, text: str, style: str = "$error") -> None:
        self.query_one("#path-note", Static).update(Content.styled(text, style))

    def submit(self) -> None:
        text = self.query_one("#path", SearchField).value.strip()
        if not text:
            self.note("Type a file path.")
            return
        path = Path(text).expanduser()
        if self.mode == "open":
            if not path.is_file():
                self.note(f"{text}: no such file")
                return
            self.dismiss(path)
            return
        if not path.suffix:
            path = path.with_suffix(".yaml")
        if path.suffix.lower() not in (".yaml", ".yml"):
            self.note("Save as a .yaml file.")
            return
        if path.is_dir():
            self.note(f"{path.name} is a folder.")
            return
        same = self.current is not None and path.resolve() == self.current.resolve()
        if path.exists() and not same and self._confirm != path:
            self._confirm = path
            self.note(f"{path.name} exists: press enter again to replace it.", "$warning")
            return
        self.dismiss(path)


class ExampleDialog(Dialog):
    """Pick one of the bundled example units (with its points)."""

    def __init__(self, examples: Sequence[tuple[str, int]]) -> None:
        super().__init__("Add an example unit")
        self.examples = list(examples)

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled("Enter adds a copy of the unit to the force.",
                                        "$foreground-muted"), classes="message")
            yield OptionList(*[Option(Content.assemble((name.ljust(20), "bold"),
                                                       f"{points:>4} pts"), id=str(i))
                               for i, (name, points) in enumerate(self.examples)],
                             id="example-list")

    def on_mount(self) -> None:
        self.query_one("#example-list").focus()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)


class CustomAbilityDialog(Dialog):
    """A custom ability: name, cost (a number or a formula such as R*2) and its text."""

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled(
                "Your own ability: it costs what you set, plus the surcharge of its place "
                "(+5 as the 2nd or 3rd). A formula may use R (rank), MO/BO/AO/TO (OFF "
                "dice), MD.. (DEF dice), MR/BR/AR/TR (range).", "$foreground-muted"),
                classes="message")
            yield TextField(placeholder="name, e.g. Ember Oath", id="custom-name",
                            max_length=60)
            yield TextField(placeholder="cost, e.g. 3 or AR*2", id="custom-cost",
                            max_length=20)
            yield TextField(placeholder="rules text in your own words", id="custom-text",
                            max_length=600)
            yield Static(id="custom-note", classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Add", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#custom-name").focus()

    @on(TextField.Submitted)
    def next_field(self, event: TextField.Submitted) -> None:
        event.stop()
        if event.input.id == "custom-text":
            self.submit()
        else:
            self.focus_next()

    @on(Button.Pressed, "#ok")
    def ok(self, event: Button.Pressed) -> None:
        event.stop()
        self.submit()

    @on(Button.Pressed, "#cancel")
    def cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def submit(self) -> None:
        from designer.systems.opentactics.models import AbilityChoice

        name = self.query_one("#custom-name", TextField).value.strip()
        cost_text = self.query_one("#custom-cost", TextField).value.strip()
        text = self.query_one("#custom-text", TextField).value.strip()
        note = self.query_one("#custom-note", Static)
        if not name or not cost_text:
            note.update(Content.styled("A custom ability needs a name and a cost.", "$error"))
            return
        cost: int | str = int(cost_text) if cost_text.lstrip("-").isdigit() else cost_text
        try:
            AbilityChoice.model_validate({"name": name, "cost": cost, "text": text or None})
        except ValidationError as exc:
            problem = exc.errors(include_url=False)[0]
            message = str(problem.get("ctx", {}).get("error", problem["msg"]))
            note.update(Content.styled(message, "$error"))
            return
        self.dismiss({"name": name, "cost": cost, "text": text or None})


class ExportDialog(Dialog):
    """Export the unit or force in one of the formats of `designer export`.

    The export runs in a worker. What is exported is what the screen shows: a saved,
    unchanged file is exported as it is; otherwise the present state is written to a
    temporary copy first.
    """

    BINDINGS = [Binding("enter", "export", "Export")]

    def __init__(self, *, name: str, source: Path | None, dirty: bool,
                 data: Callable[[], dict[str, Any]]) -> None:
        super().__init__(f"Export {name}")
        self.name_ = name
        self.source = source
        self.dirty = dirty
        self.data = data
        self.result: Path | None = None
        self.running = False

    def compose(self) -> ComposeResult:
        with self.frame():
            state = ("the saved file" if self.source and not self.dirty
                     else "what is on screen (unsaved changes included)")
            yield Static(Content.styled(f"Exports {state}.", "$foreground-muted"),
                         classes="message")
            yield Cycle("Format", [(f, f) for f in FORMATS], "pdf", label_width=9,
                        id="export-format")
            yield Cycle("Paper", [(p, p) for p in PAPERS], "a4", label_width=9,
                        id="export-paper")
            with Horizontal(classes="field-row"):
                yield Static("Folder", classes="field-label")
                yield TextField(value="exports", id="export-out", compact=True)
            yield Tick("Overwrite an existing file", False, id="export-overwrite",
                       compact=True)
            yield Static(id="export-status", classes="note")
            with Horizontal(classes="buttons"):
                yield Button("Export", id="ok", variant="primary", compact=True)
                yield Button("Close", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#export-format").focus()

    def action_export(self) -> None:
        self.start()

    @on(Cycle.Changed, "#export-format")
    def format_changed(self, event: Cycle.Changed) -> None:
        self.query_one("#export-paper").disabled = event.value not in ("pdf", "html")

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
        self.query_one("#export-status", Static).update(Content.styled(text, style))

    def start(self) -> None:
        if self.running:  # one export at a time
            return
        self.running = True
        fmt = str(self.query_one("#export-format", Cycle).value)
        paper = str(self.query_one("#export-paper", Cycle).value)
        out_text = self.query_one("#export-out", TextField).value.strip()
        overwrite = self.query_one("#export-overwrite", Tick).value
        data = self.data() if (self.dirty or self.source is None) else None
        self.status(f"Exporting {fmt}…", "$foreground-muted")
        self.run_export(fmt, paper, Path(out_text) if out_text else None, overwrite, data)

    @work(thread=True, exclusive=True, group="export")
    def run_export(self, fmt: str, paper: str, out: Path | None, overwrite: bool,
                   data: dict[str, Any] | None) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self.status, f"Exporting {fmt}… {done}/{total}",
                                      "$foreground-muted")

        try:
            from designer.export import export_path

            if data is None and self.source is not None:
                written = export_path(self.source, fmt, out=out, paper=paper,
                                      overwrite=overwrite, progress=progress)
            else:
                with tempfile.TemporaryDirectory(prefix="designer-export-") as folder:
                    copy = Path(folder) / "export-source.yaml"
                    save_yaml(copy, data)
                    written = export_path(copy, fmt, out=out if out is not None
                                          else Path("exports"), paper=paper,
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
        from designer.tui.documents import display_path

        self.status(f"Wrote {display_path(written)}", "$success")
        self.app.notify(f"Exported {display_path(written)}", title="Export")
