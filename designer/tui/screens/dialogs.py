"""Modal dialogs: confirm (the unsaved-changes guard), a file path (save as, open, add
from file) and pick an example unit. Export has its own module (`export.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from designer.tui.widgets.fields import MovingList, SearchField


class Dialog(ModalScreen):
    """A framed modal: escape cancels (dismisses with None, or `CANCEL`)."""

    CSS_PATH = Path(__file__).parent / "dialogs.tcss"  # also for dialogs defined elsewhere
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
            if not path.exists():
                self.note(f"{text}: no such file")
                return
            if not path.is_file():
                self.note(f"{text}: not a regular file (a folder, device or pipe)")
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
    """Pick one of the bundled example units (with its points, when the system has
    points)."""

    def __init__(self, examples: Sequence[tuple[str, int | None]], word: str = "unit") -> None:
        super().__init__(f"Add an example {word}")
        self.examples = list(examples)
        self.word = word

    def compose(self) -> ComposeResult:
        with self.frame():
            yield Static(Content.styled(f"Enter adds a copy of the {self.word} to the force.",
                                        "$foreground-muted"), classes="message")
            yield OptionList(*[Option(Content.assemble(
                (name.ljust(20), "bold"), f"{points:>4} pts" if points is not None else ""),
                id=str(i)) for i, (name, points) in enumerate(self.examples)],
                id="example-list")

    def on_mount(self) -> None:
        self.query_one("#example-list").focus()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)
