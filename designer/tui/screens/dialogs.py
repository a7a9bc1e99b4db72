"""Modal dialogs: confirm (the unsaved-changes guard), a file path (save as, open, add
from file) and pick an example unit. Export, an entry's options and an entry's own
dialog have modules of their own (`export.py`, `options.py`, `entry.py`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Button, OptionList, Static
from textual.widgets.button import ButtonVariant
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from designer.escaping import printable
from designer.paths import Choice, choices, completion, is_bundled, shown
from designer.tui.literal import literal
from designer.tui.widgets.lists import MovingList
from designer.tui.widgets.text import SearchField

TITLE_LIMIT = 120  # characters of a dialog's title, of its message, of a note in it
MESSAGE_LIMIT = 2000
NOTE_LIMIT = 200


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
        frame.border_title = literal(self.dialog_title, TITLE_LIMIT)
        return frame

    def action_cancel(self) -> None:
        self.dismiss(self.CANCEL)


class ConfirmDialog(Dialog):
    """A question with a row of answers; dismisses with the chosen answer's key. A
    message given as text is shown as written (user text in it is never markup), its
    line breaks kept."""

    CANCEL = "cancel"
    BINDINGS = [Binding("left", "app.focus_previous", show=False),
                Binding("right", "app.focus_next", show=False)]

    def __init__(self, title: str, message: str | Content,
                 choices: Sequence[tuple[str, str, ButtonVariant]]) -> None:
        super().__init__(title)
        self.message = message
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with self.frame():
            message = self.message
            yield Static(literal(message, MESSAGE_LIMIT, keep_lines=True)
                         if isinstance(message, str) else message, classes="message")
            with Horizontal(classes="buttons"):
                for key, label, variant in self.choices:
                    yield Button(label, id=f"choice-{key}", variant=variant, compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    @on(Button.Pressed)
    def chosen(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("choice-"))


class PathField(SearchField):
    """The path box: tab (or → at the end) takes the completion shown in grey; with
    several files to choose from it stays (the list below shows them, ↓ goes there),
    and once a file is named it moves on as tab does elsewhere."""

    BINDINGS = [Binding("tab", "complete", "Complete", show=False)]

    def action_complete(self) -> None:
        if self._suggestion and len(self._suggestion) > len(self.value):
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        elif self.value.strip() and not Path(self.value.strip()).expanduser().is_file():
            self.app.bell()
        else:
            self.app.action_focus_next()


class PathSuggester(Suggester):
    """Completes the typed path from the file system (folders and YAML files)."""

    def __init__(self) -> None:
        super().__init__(use_cache=False, case_sensitive=True)

    async def get_suggestion(self, value: str) -> str | None:
        return completion(value, Path.cwd())


class PathDialog(Dialog):
    """A file path, typed (with completion) or picked from the YAML files of the
    document's folder, the recent files and, to open or add, the bundled examples.

    mode "open": the file must exist. mode "save": .yaml is added when no suffix is
    given, an existing file other than `current` needs a second enter to replace, and
    the bundled catalog (its data files and examples) is neither offered nor written.
    """

    def __init__(self, title: str, *, mode: str = "open", value: str = "",
                 current: Path | None = None, hint: str = "", folder: Path | None = None,
                 examples: Sequence[Path] = (),
                 wanted: Callable[[Path], bool] | None = None) -> None:
        super().__init__(title)
        #: which of the files found are offered (read in the listing's worker): a force's
        #: Add from file offers only units of its system
        self.wanted = wanted
        self.mode = mode
        self.value = value
        self.current = current
        self.hint = hint
        self.folder = folder
        self.examples = tuple(examples) if mode == "open" else ()
        self.choices: list[Choice] = []
        self._confirm: Path | None = None

    def compose(self) -> ComposeResult:
        with self.frame():
            if self.hint:
                yield Static(Content.styled(self.hint, "$foreground-muted"), classes="message")
            yield PathField("path-list", value=self.value, placeholder="path/to/file.yaml",
                            id="path", select_on_focus=False, enter_submits=True,
                            suggester=PathSuggester())
            yield Static(id="path-note", classes="note")
            yield Static(Content.styled("tab completes the path; ↓ picks a file (typing "
                                        "filters the list):", "$foreground-muted"))
            yield MovingList(id="path-list")
            with Horizontal(classes="buttons"):
                yield Button("Save" if self.mode == "save" else "Open", id="ok",
                             variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        field = self.query_one("#path", SearchField)
        field.focus()
        field.cursor_position = len(field.value)
        settings = getattr(self.app, "settings", None)
        recent = settings.recent_files() if settings is not None else []
        self.list_files(recent)

    @work(thread=True, exclusive=True, group="list-files")
    def list_files(self, recent: list[Path]) -> None:
        cwd = Path.cwd()
        folder = self.folder or cwd
        found = choices(folder=folder, cwd=cwd, recent=recent, examples=self.examples)
        if self.mode == "save":
            found = [c for c in found if not is_bundled(c.path)]
        if self.wanted is not None:
            found = [c for c in found if self.wanted(c.path)]
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_files, found)

    def _show_files(self, found: list[Choice]) -> None:
        self.choices = found
        self._filter("")

    def _filter(self, typed: str) -> None:
        """List the files whose shown path holds what is typed, under their headings."""
        needle = typed.strip().lower()
        listing = self.query_one("#path-list", MovingList)
        options: list[Option] = []
        group = None
        for i, choice in enumerate(self.choices):
            if needle and needle not in choice.label.lower():
                continue
            if choice.group != group:
                group = choice.group
                options.append(Option(Content.styled(group, "bold $foreground-muted"),
                                      disabled=True))
            options.append(Option(literal(f"  {choice.label}"), id=str(i)))
        listing.set_options(options or [Option(Content.styled("(none)", "$foreground-muted"),
                                               disabled=True)])
        first = next((n for n, o in enumerate(options) if not o.disabled), None)
        listing.highlighted = first

    @on(OptionList.OptionSelected, "#path-list")
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        field = self.query_one("#path", SearchField)
        with field.prevent(SearchField.Changed):
            field.value = shown(self.choices[int(event.option.id)].path, Path.cwd())
        field.cursor_position = len(field.value)
        self._confirm = None
        field.focus()
        if self.mode == "open":
            self.submit()

    @on(SearchField.Changed, "#path")
    def typed(self, event: SearchField.Changed) -> None:
        self._confirm = None
        self.query_one("#path-note", Static).update("")
        if self.choices:
            self._filter(event.value)

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
        self.query_one("#path-note", Static).update(literal(text, NOTE_LIMIT, style=style))

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
        if is_bundled(path):
            self.note("That is inside the bundled catalog; save your copy elsewhere.")
            return
        same = self.current is not None and path.resolve() == self.current.resolve()
        if path.exists() and not same and self._confirm != path:
            self._confirm = path
            self.note(f"{path.name} exists: press enter again to replace it.", "$warning")
            return
        self.dismiss(path)


class ExampleDialog(Dialog):
    """Pick one of the units ready to add: each a (name, price, kind) row, the price in
    the system's words ("" when it prices nothing) and the kind where it comes from
    (an example, a module's profile)."""

    def __init__(self, examples: Sequence[tuple[str, str, str]], word: str = "unit",
                 force_word: str = "force") -> None:
        super().__init__(f"Add a ready {word}")
        self.examples = list(examples)
        self.word = word
        self.force_word = force_word

    def compose(self) -> ComposeResult:
        with self.frame():
            if not self.examples:
                yield Static(Content.styled(f"No {self.word}s ready for this "
                                            f"{self.force_word}: n designs a new one, f adds "
                                            "one from its file.", "$foreground-muted"),
                             classes="message")
            else:
                yield Static(Content.styled(f"Enter adds a copy of the {self.word} to the "
                                            f"{self.force_word}.", "$foreground-muted"),
                             classes="message")
            width = max((len(printable(name, NOTE_LIMIT)) for name, _, _ in self.examples),
                        default=0)
            yield OptionList(*[Option(Content.assemble(
                (printable(name, NOTE_LIMIT).ljust(max(20, width)), "bold"), "  ",
                price.rjust(8), "  ", (kind, "$foreground-muted")),
                id=str(i)) for i, (name, price, kind) in enumerate(self.examples)],
                id="example-list")

    def on_mount(self) -> None:
        self.query_one("#example-list").focus()

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)
