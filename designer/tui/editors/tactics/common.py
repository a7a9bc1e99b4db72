"""What the TACTICS step editors share: the table settings a sheet is read under, and
`TxEditor`, their base (no step of TACTICS has points of its own)."""

from __future__ import annotations

from designer.systems.tactics.table import TableSettings
from designer.tui.editors.base import StepEditor, View


def table_of(view: View) -> TableSettings:
    """The table settings the sheet is read under (its own file's, else the notes')."""
    return view.final.table


class TxEditor(StepEditor):
    """The base of the TACTICS step editors: nothing is priced."""

    OWN_POINTS = False
    DEFAULT_CLASSES = "tx-editor"
