"""Playing a sweep: the folder and its lock, one game as a picklable task, the backends
(this process, a local pool, Dask), precision batches, the live view, and what each game
leaves behind (games.csv records, traces, failures)."""
