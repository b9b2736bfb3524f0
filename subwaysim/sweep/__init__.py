"""Parameter sweeps of the Subway Game: a grid of scenario overrides x seeded games.

`plan.plan_sweep` validates the grid, `runner.Sweep(plan, out).run(backend)` plays the
missing games into `out/games.csv` (`backends`: local processes or Dask), and
`report.write_report(out)` summarizes them. Nothing is imported here, so a worker process
that only plays games (`play.play`) does not load scipy.stats or matplotlib.
"""
