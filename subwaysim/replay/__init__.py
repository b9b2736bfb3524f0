"""Watch a game: its JSONL event log read into per-turn frames (`log.py`) and drawn as one
self-contained HTML page (`page.py`): board (SG-1..SG-3, SG-10, SG-11), trips (SG-8..SG-15),
builds (SG-17), scores and the end (SG-20)."""
