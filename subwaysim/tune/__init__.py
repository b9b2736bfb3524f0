"""`subway tune`: search the values of some scenario keys for the setting that meets the
designer's targets, then confirm the best against the scenario's own setting.

`space` parses `--vary`, `targets` `--target` (measures: `measures`, derived ones in
`subwaysim.sweep.derived`), `plan` builds the trials' scenarios and their games (common
random numbers: game k of every trial has one seed), `study` runs the Optuna study stored
in DIR/study.db (resumable, one run at a time), `confirm` plays the best against the
scenario's own setting with paired statistics, `report` writes tune.md, tuned.yaml and
trials.csv, `plots` the PNGs, `command` ties them together under `view`'s progress view.
Games are played by the sweep machinery (`subwaysim.sweep`: play, backends, seeds, lock).
"""
