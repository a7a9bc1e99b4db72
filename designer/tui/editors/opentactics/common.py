"""What the OpenTactics step editors share: the view of the unit and the base editor, in
the system's own types."""

from __future__ import annotations

from designer.systems.opentactics.catalog import Catalog
from designer.systems.opentactics.fold import Final
from designer.systems.opentactics.models import Unit
from designer.tui.editors.base import StepEditor, View

OTView = View[Unit, Catalog, Final]
OTEditor = StepEditor[Unit, Catalog, Final]
