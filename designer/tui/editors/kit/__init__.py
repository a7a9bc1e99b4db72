"""What every system's step editors are built from: fields bound to the unit
(`fields`), the searched picker that adds from a catalog (`picker`) and the rows of what
was chosen (`rows`). A system's editors say what each field shows and what it changes;
the kit keeps the fields up to date and repaints only what changed."""
