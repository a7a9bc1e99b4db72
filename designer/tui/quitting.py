"""The guard on quitting: what is unsaved is listed, and the user saves it all, quits
without saving or stays. Mixed into the app (designer/tui/app.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App
from textual.widgets.button import ButtonVariant

from designer.errors import InputError
from designer.escaping import printable
from designer.tui.screens.base import DocumentScreen
from designer.tui.screens.designer import DesignerScreen

if TYPE_CHECKING:
    from designer.documents import ForceDoc

    _App = App[Any]  # the app this is mixed into
else:
    _App = object


class QuitGuard(_App):
    """Needs the app's `_force_doc` and `force_doc`."""

    _force_doc: ForceDoc | None
    force_doc: ForceDoc

    def document_screens(self) -> list[DocumentScreen]:
        screens: list[DocumentScreen] = []
        for stack in self._screen_stacks.values():
            screens += [s for s in stack if isinstance(s, DocumentScreen)]
        return screens

    def unsaved(self) -> list[str]:
        found: list[str] = []
        for screen in self.document_screens():
            found += screen.unsaved()
        force = self._force_doc
        if force is not None and force.dirty and not any(
                s.doc is force for s in self.document_screens()):
            found.append(force.label)
        return list(dict.fromkeys(found))

    async def action_quit(self) -> None:
        from designer.tui.screens.dialogs import ConfirmDialog

        if isinstance(self.screen, ConfirmDialog):
            return
        lost = self.unsaved()
        if not lost:
            self.exit()
            return
        savable = self._savable()
        listing = "\n".join(f"  • {printable(label, 200)}" for label in lost)
        choices: list[tuple[str, str, ButtonVariant]] = [
            ("discard", "Quit without saving", "error"), ("cancel", "Cancel", "default")]
        note = ""
        if savable:
            choices.insert(0, ("save", "Save and quit", "primary"))
        else:
            note = "\n\nSomething here has no file yet: cancel and use Save as (ctrl+s)."

        def answered(answer: str | None) -> None:
            if answer == "discard":
                self.exit()
            elif answer == "save":
                self.save_all_and_quit()

        self.push_screen(ConfirmDialog("Unsaved changes",
                                       f"These have unsaved changes:\n{listing}{note}",
                                       choices), answered)

    def _savable(self) -> bool:
        for screen in self.document_screens():
            if (isinstance(screen, DesignerScreen) and screen.doc.dirty
                    and screen.doc.path is None and screen.link is None):
                return False
        force_dirty = self.force_doc.dirty or any(
            isinstance(s, DesignerScreen) and s.link is not None and s.doc.path is None
            and s.doc.dirty for s in self.document_screens())
        return not (force_dirty and self.force_doc.path is None)

    def save_all_and_quit(self) -> None:
        """Save what is unsaved and quit; a file changed outside since it was read here
        is not overwritten, and the app stays for the user to choose (ctrl+s)."""
        screens = self.document_screens()
        try:
            for screen in screens:
                if isinstance(screen, DesignerScreen):
                    screen.save_for_quit()
        except InputError as exc:
            self.notify(exc.shown(), title="Not saved", severity="error", timeout=10)
            return
        self._write_and_exit([s.doc for s in screens if isinstance(s, DesignerScreen)
                              and s.doc.dirty and s.doc.path is not None]
                             + ([self.force_doc] if self.force_doc.dirty else []))

    @work(thread=True, exclusive=True, group="save")
    def _write_and_exit(self, docs: list) -> None:
        try:
            for doc in docs:
                doc.save()
        except (InputError, OSError) as exc:
            message = exc.shown() if isinstance(exc, InputError) else printable(str(exc))
            self.call_from_thread(self.notify, message, title="Not saved",
                                  severity="error", markup=False)
            return
        self.call_from_thread(self.exit)

