"""The force list as one self-contained HTML file (`army_list`): the head, the entries in
two columns (an entry never split between them), then every rule the force names, once.
Printed, it takes as few pages of A4 or Letter as the force fits on."""

from __future__ import annotations

from designer.export.army_list import cell_text, force_list
from designer.export.document import ExportDoc
from designer.export.html import PAGE_SIZES, environment, paragraph_html
from designer.systems import Progress


def render_list_html(doc: ExportDoc, *, paper: str = "a4",
                     progress: Progress | None = None) -> str:
    data = force_list(doc)
    total = sum(len(g.entries) for g in data.groups)
    if progress is not None:
        progress(0, total)
    out = environment().get_template("list.html.j2").render(
        doc=doc, data=data, page_size=PAGE_SIZES[paper], cell=cell_text,
        paragraph=paragraph_html)
    if progress is not None:
        progress(total, total)
    return out
