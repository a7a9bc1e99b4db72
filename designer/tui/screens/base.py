"""What the unit designer and the forces screen share: a document with undo and redo,
save (atomic, in a worker, asking first when the file was changed outside since it was
read), save as, and export."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual import work
from textual.binding import Binding
from textual.reactive import Reactive
from textual.widget import Widget

from designer.errors import InputError
from designer.io import FileStamp
from designer.ondisk import ChangedOnDisk
from designer.paths import display_path
from designer.systems import GameSystem
from designer.tui.editors.kit.number_rows import entered
from designer.tui.frame import LeanScreen

if TYPE_CHECKING:
    from designer.documents import ForceDoc, UnitDoc
    from designer.export.document import Snapshot

#: undo and export are in the help, the palette and (export) the last step's buttons: the
#: footer keeps to what fits 80 columns
DOCUMENT_BINDINGS = [
    Binding("ctrl+s", "save", "Save", priority=True, id="save",
            tooltip="save (a design held inside a force saves the force)"),
    Binding("ctrl+z", "undo", "Undo", priority=True, show=False, id="undo",
            tooltip="undo any edit"),
    Binding("ctrl+y", "redo", "Redo", priority=True, show=False, id="redo",
            tooltip="redo what was undone"),
    Binding("ctrl+e", "export", "Export", priority=True, show=False, id="export",
            tooltip="export"),
    Binding("ctrl+l", "copy_text", "Copy", priority=True, show=False, id="copy-text",
            tooltip="copy as text: the design's stat block (Markdown) onto the clipboard, "
                    "to paste into a chat"),
]


class RemembersFiles(Protocol):
    """The app, which keeps the files saved among the recent ones."""

    def remember(self, path: Path) -> None: ...


class DocumentScreen(LeanScreen):
    """A screen editing one document (`self.doc`: a UnitDoc or a ForceDoc)."""

    doc: UnitDoc | ForceDoc

    # The header shows these (it watches them). Screen's own repaint the whole screen on
    # a change, and " · modified" comes and goes as edits are made and undone: a full
    # repaint on such a keypress costs a frame.
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    # Screen's own repaints the whole screen when the focus moves, though the fields that
    # gain and lose it repaint themselves (their :focus styles, and :focus-within of what
    # holds them): an edit that moves the focus (a row added, a row removed) would draw
    # every line of the screen again, not only those that changed.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def focus_next(self, selector: Any = "*") -> Widget | None:
        return entered(super().focus_next(selector))

    def focus_previous(self, selector: Any = "*") -> Widget | None:
        return entered(super().focus_previous(selector), last=True)

    @classmethod
    def stylesheets(cls, game: GameSystem | None = None) -> list[Path]:
        """The screen's stylesheets, resolved as Textual resolves them (beside the module
        that defines the screen). The app reads those of its first screen with its own:
        Textual then parses the whole stylesheet once at start, not again for the screen.
        `game`: the system the screen is for, when that brings stylesheets of its own."""
        here = Path(inspect.getfile(cls)).parent
        paths = [cls.CSS_PATH] if isinstance(cls.CSS_PATH, (str, PurePath)) else \
            list(cls.CSS_PATH or [])
        return [(here / path).resolve() for path in paths]

    # to be provided by the screens
    async def refresh_view(self, *, focus: str | None = None, external: bool = False) -> None:
        """Show the document as it is now; `external`: the change came from outside the
        fields (undo, redo, a catalog pick), so a text field being typed in shows it too."""
        raise NotImplementedError

    def document_name(self) -> str:
        raise NotImplementedError

    @property
    def document_word(self) -> str:
        """What the document is called when its name gives no file name ("unit",
        "force")."""
        return "document"

    def unsaved(self) -> list[str]:
        """What of the screen has unsaved changes, as the quit guard lists it."""
        raise NotImplementedError

    def export_snapshot(self) -> Snapshot:
        """The present document as the exports take it (a LoadedUnit or a Force)."""
        raise NotImplementedError

    # undo / redo
    def on_descendant_blur(self) -> None:
        """What was typed into a field while it had the focus is one undo step."""
        self.doc.history.seal()

    async def action_undo(self) -> None:
        if self.doc.undo():
            await self.refresh_view(external=True)
        else:
            self.notify("Nothing to undo.", timeout=2)

    async def action_redo(self) -> None:
        if self.doc.redo():
            await self.refresh_view(external=True)
        else:
            self.notify("Nothing to redo.", timeout=2)

    # save
    def action_save(self) -> None:
        if self.doc.path is None:
            self.action_save_as()
        else:
            self.start_save(self.doc.path)

    def action_save_as(self) -> None:
        current = self.doc.path
        if current is not None:
            value = str(Path(display_path(current)))
        else:
            from designer.export import safe_name

            value = f"{safe_name(self.document_name(), self.document_word)}.yaml"

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.start_save(path)

        folder = current.parent if current is not None else None
        from designer.tui.screens.dialogs import PathDialog

        self.app.push_screen(PathDialog(f"Save {self.document_name()} as", mode="save",
                                        value=value, current=current, folder=folder), chosen)

    def start_save(self, path: Path, then: Callable[[], object] | None = None,
                   overwrite: bool = False) -> None:
        """Write the document to `path` in a worker; when that is its own file and it
        was changed outside since it was read here, ask first (unless `overwrite`)."""
        snapshot = self.doc.history.present
        self._save_worker(path, snapshot, self.doc.data(snapshot, path), then, overwrite)

    @work(thread=True, group="save")
    def _save_worker(self, path: Path, snapshot: Any, data: dict[str, Any],
                     then: Callable[[], object] | None, overwrite: bool) -> None:
        try:
            stamp = self.doc.write(path, data, overwrite=overwrite)
        except ChangedOnDisk:
            self.app.call_from_thread(self.ask_outside_change, path, then)
            return
        except InputError as exc:
            self.app.call_from_thread(self.notify, exc.shown(),
                                      title="Not saved", severity="error", markup=False)
            return
        except OSError as exc:
            self.app.call_from_thread(self.notify, f"{path.name}: {exc.strerror or exc}",
                                      title="Not saved", severity="error")
            return
        self.app.call_from_thread(self._saved, path, snapshot, then, stamp)

    def ask_outside_change(self, path: Path, then: Callable[[], object] | None) -> None:
        """The file was changed outside since it was read here: overwrite it, reload it
        (the edits stay one undo away) or save as another file; never overwrite unasked."""
        from designer.tui.screens.dialogs import ConfirmDialog

        async def answered(answer: str | None) -> None:
            if answer == "overwrite":
                self.start_save(path, then, overwrite=True)
            elif answer == "reload":
                await self.reload_from_disk()
            elif answer == "save_as":
                self.action_save_as()

        self.app.push_screen(ConfirmDialog(
            "Changed on disk", f"{display_path(path)} was changed outside the designer since "
            "it was read here. Overwrite it with this version, reload it (your edits stay "
            "one undo away, ctrl+z), or save this version as another file?",
            [("save_as", "Save as…", "primary"), ("reload", "Reload", "default"),
             ("overwrite", "Overwrite", "error"), ("cancel", "Cancel", "default")]), answered)

    async def reload_from_disk(self) -> None:
        try:
            self.doc.reload()
        except InputError as exc:
            self.notify(exc.shown(), title="Not reloaded", severity="error")
            return
        await self.refresh_view(external=True)  # the name field shows the file's too
        self.notify(f"Reloaded {display_path(self.doc.path)}", timeout=3)

    def _saved(self, path: Path, snapshot: Any, then: Callable[[], object] | None,
               stamp: FileStamp | None = None) -> None:
        self.doc.mark_written(path, snapshot, stamp)
        self.notify(f"Saved {display_path(path)}", timeout=3, markup=False)
        cast(RemembersFiles, self.app).remember(path)
        self.show_title()
        if then is not None:
            then()

    def show_title(self) -> None:
        """Bring the header's subtitle (name, file, modified) up to date."""

    # copy as text
    def action_copy_text(self) -> None:
        """The unit's stat block, or the force's list, as Markdown onto the clipboard
        (the terminal's clipboard sequence), for pasting into a chat."""
        from designer.export.document import snapshot_doc

        try:
            from designer.export.markdown import chat_text

            text = chat_text(snapshot_doc(self.export_snapshot()))
        except ImportError:
            self.notify("Copy is not available in this installation.", severity="error")
            return
        except InputError as exc:
            self.notify(exc.problem, title="Copy", severity="error", markup=False)
            return
        self.app.copy_to_clipboard(text)
        what = "stat block" if self.document_word != "force" else "force list"
        self.notify(f"Copied the {what} of {self.document_name()} as text (Markdown, "
                    f"{len(text.splitlines())} lines): paste it into a chat",
                    title="Copy", markup=False)

    # export
    def action_export(self) -> None:
        saved = self.doc.path is not None and self.doc.exists and not self.doc.dirty
        from designer.tui.screens.export import ExportDialog

        self.app.push_screen(ExportDialog(name=self.document_name(), saved=saved,
                                          snapshot=self.export_snapshot))
