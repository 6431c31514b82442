"""skirmish: referee, exact odds and advisor for tabletop skirmish combat rules."""

__version__ = "0.1.0"
