"""What the TACTICS step editors share: the table settings a sheet is read under, and
`TxEditor`, their base (no step of TACTICS has points of its own)."""

from __future__ import annotations

from designer.systems.tactics.models import Sheet
from designer.systems.tactics.rules import Final
from designer.systems.tactics.table import Catalog, TableSettings
from designer.tui.editors.base import StepEditor, View

TxView = View[Sheet, Catalog, Final]


def table_of(view: TxView) -> TableSettings:
    """The table settings the sheet is read under (its own file's, else the notes')."""
    return view.final.table


class TxEditor(StepEditor[Sheet, Catalog, Final]):
    """The base of the TACTICS step editors: nothing is priced."""

    OWN_POINTS = False
    DEFAULT_CLASSES = "tx-editor"
