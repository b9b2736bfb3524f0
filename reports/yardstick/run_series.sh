#!/bin/bash
# The four 40-game series of the README's "Against OpenSpiel's MCTSBot", one after the other, one
# process each (PYTHON=.venv/bin/python to choose the interpreter); each is teed to a log here.
cd "$(dirname "$0")/.."
run() {
  name=$1; shift
  { echo "# $(date -u '+%Y-%m-%d %H:%M:%S') UTC, load $(cut -d' ' -f1-3 /proc/loadavg): python -m abstracts.yardstick $* --games 40 --simulations 1000 --jobs 1 --seed 1"
    /usr/bin/time -f "# /usr/bin/time: %U s user, %S s system, %e s wall" "${PYTHON:-python}" -m abstracts.yardstick "$@" --games 40 --simulations 1000 --jobs 1 --seed 1 2>&1
    echo "# finished $(date -u '+%Y-%m-%d %H:%M:%S') UTC, load $(cut -d' ' -f1-3 /proc/loadavg)"
  } 2>&1 | tee reports/yardstick/$name.log
}
run rapid_transit_8x8 rapid-transit --size 8
run thruway_7x7 thruway --size 7
run transit_chess_fantasy transit-chess --map fantasy
run thruway_11x11 thruway --size 11
