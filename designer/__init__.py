"""Point-cost calculator and unit designer for skirmish miniature games."""

__version__ = "0.1.0"
