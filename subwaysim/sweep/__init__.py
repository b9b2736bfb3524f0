"""Parameter sweeps of the Subway Game: a grid of scenario overrides x seeded games.

`plan.plan_sweep` validates the grid and picks the baseline; `execution.Sweep(plan, out)`
claims the folder (a lock) and `.run(backend)` plays the missing games into `out/games.csv`
and `out/traces.jsonl` (`backends`: this process, local processes or Dask; `play` is the
one game a worker runs); `report_files.write_report(out)` writes summary.csv, compare.csv
(`compare`: paired differences, Holm-adjusted), the plots and report.md. Nothing is imported
here, so a worker process that only plays games does not load scipy.stats or matplotlib.
"""
