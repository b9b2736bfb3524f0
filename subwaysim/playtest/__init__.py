"""`subway playtest`: the designer's twelve tester questions answered by sweeps, one report.

`questions` reads the questions and builds each one's grids from the scenario (`grids`);
`options` checks the command line and decides who plays what; `runs` turns each question
part and kind of player into an ordinary sweep in its own folder (`folder` owns the
playtest folder); `command` plays them, resumably; `results` reads each sweep's games and
compare.csv back; `answers`, `observations`, `figures` and `knowledge` make the report's
sentences, numbers, plots and fixed text, and `report` writes report.md. Nothing is
imported here, so a sweep worker does not load the report's modules.
"""
