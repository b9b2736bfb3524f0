"""What a sweep is asked: the grid of settings, the games' seeds, the baseline, the plan
with one validated scenario per setting, and `sweep.json` recording it."""
