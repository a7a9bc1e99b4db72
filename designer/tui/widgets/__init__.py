"""Reusable widgets: fields, the stepper, the tally panel, the card preview, the points
bar, and the editors of the eight build steps."""
