"""Parameter sweeps of the Subway Game: a grid of scenario overrides x seeded games.

Four rooms, by concern: `plan/` (`plan.plan_sweep` validates the grid, seeds and baseline),
`run/` (`execution.Sweep(plan, out)` claims the folder (a lock) and `.run(backend)` plays the
missing games into `out/games.csv` and `out/traces.jsonl`; `backends`: this process, local
processes or Dask; `play` is the one game a worker runs), `statistics/` (the table of
measures, per-setting statistics, `compare`: paired differences, Holm-adjusted) and
`report/` (`report_files.write_report(out)` writes summary.csv, compare.csv, the plots and
report.md); `errors.py` is the one error all of them raise. Nothing is imported here, so a
worker process that only plays games does not load scipy.stats or matplotlib.
"""
