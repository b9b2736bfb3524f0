"""What the games say: the one table of measures, per-setting statistics, and each setting
against the baseline with intervals and tests."""
