"""Helpers shared by both games and owned by neither: files, YAML, saves, line input, console
style, compiled-kernel cache. Neither `subwaysim` nor `abstracts` is imported from here."""
