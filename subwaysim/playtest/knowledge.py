"""What the project knows without playing: the readings the rules page had to choose
(each with the option that switches it), how the project shows a game, and the features
it offers beyond the draft. The report quotes these in questions 6, 10 and 12.
"""

from __future__ import annotations

# (rule, the draft's gap, the reading chosen, the option that switches it or "")
READINGS: tuple[tuple[str, str, str, str], ...] = (
    ("SG-12", "Where an express hop may start.",
     "A hop *from* an express station may pass local stations to the next express station, "
     "so a ride from a local station can reach an express station and then skip locals "
     "(the designer's sentence read literally); the earlier reading skipped locals only when "
     "both ends of the ride were express.",
     "`rules.express: skip_from_express | both_ends`"),
    ("SG-12", "What a ride's distance counts.",
     "Stops: the boarding station, every stop on the way (stations and intersections) and "
     "the alighting station; plain track costs nothing. Fixed by the draft's worked examples.",
     ""),
    ("SG-14", "Whether walking is a mode of transportation in the tie-break.",
     "It is: a pure walk is one mode, walk + one system two; the draft's \"fewest modes\" "
     "counts it.",
     "`rules.walking_is_a_mode: true | false`"),
    ("SG-14", "Who breaks a tie between equally short trips with as few modes.",
     "The player whose turn it is, whoever the trip scores for.", ""),
    ("SG-13", "Whether changing systems costs anything.",
     "No (a transfer costs 0).", "`rules.transfer_cost`"),
    ("SG-9", "When a hazard step costs more.",
     "When the step leaves a hazard square, at 2.",
     "`rules.hazard_cost_on: leave | enter`, `rules.hazard_walk_cost`"),
    ("SG-17", "What \"hard\" track costs and when it may be built.",
     "Track on a hazard square or on another player's track costs the whole build phase, "
     "only as the phase's first build, and ends it. The two cases are separate options; "
     "a square that is both costs the dearer.",
     "`rules.costs.hazard_track`, `rules.costs.shared_track` (`hard_track` sets both)"),
    ("SG-16", "Which trips are short enough to intensify after.",
     "Trips of distance below 3; intensifying needs a copy in supply.",
     "`rules.intensify_below` (0 turns it off)"),
    ("SG-4", "How many copies of each card, and where they start.",
     "4 copies of every identity, all in supply at the start.",
     "`cards.max_population`, `cards.initial_population`"),
    ("SG-6", "What populating an identity whose supply is empty does.",
     "Nothing: the identity is drawn uniformly at random among all, not among those with "
     "copies in supply.", ""),
    ("SG-7", "How long a queue grows.",
     "To the deck's flip count, read again after every draw, so a reshuffle during the fill "
     "raises the target.", ""),
    ("SG-18", "Where the extra trip after a station or intensify goes.",
     "To the square of the first card of each queue, or of a draw where a queue is empty; "
     "no trip when a deck has no card.", ""),
    ("SG-20", "How the game ends.",
     "The draft leaves it open: the scenario sets turns, a score or depleted piles (the "
     "first met ends the game), with a safety limit of 500 rounds.",
     "`end.turns`, `end.score`, `end.depleted_piles`, `end.max_turns`"),
    ("SG-21", "When a square is populated, and what depopulating takes back.",
     "When a copy of each of its cards is in play (outside supply); depopulating returns "
     "one copy of each from the discard piles, where there is one.",
     "`rules.populated_build`, `rules.costs.populated_surcharge`"),
    ("SG-22", "How banking and borrowing work.",
     "At most N points in the bank at once; at most N points borrowed a game, each a debt "
     "token paid from the next build points before any build.",
     "`rules.bank_builds`, `rules.borrow_builds`"),
)  # fmt: skip


def readings_markdown() -> str:
    lines = [
        "| rule | the draft leaves open | this project's reading | switch |",
        "|---|---|---|---|",
    ]
    for rule, gap, reading, option in READINGS:
        lines.append(f"| {rule} | {gap} | {reading} | {option or '–'} |")
    return "\n".join(lines)


SHOWING = """\
The project shows a game three ways, each from the game's event log:
- **the transcript** (`subway run SCENARIO`, `--step` a turn at a time): each turn's board,
  decks, every trip as its route legs (`walk j11→h9 (4), local BRT h9·g8·g6·g2 (4 stops)`)
  and who scored, every build, and the running scores; the summary names the winner, the
  lead changes and the turn from which the winner led for good;
- **the replay page** (`subway replay LOG.jsonl --out PAGE.html`, or `subway run --html`):
  one self-contained HTML file that draws every trip of a turn as its path on the board
  (walks dashed, rides in the system's colour with a dot at every stop counted, a ring at
  the origin and a dot at the destination in the colour of whoever scored), with a slider
  over the turns, the scores-over-time chart with a dot at each lead change, and an end
  screen naming the winner, the final scores and why the game ended;
- **a route on its own** (`subway route SCENARIO FROM TO [--json]`): one trip's legs."""

FEATURES = """\
Beyond the draft's rules, the project offers a table (or a designer) these, each a
scenario key or a command:
- every open idea of the draft as a switch: express hops, walking as a mode, transfer
  costs, hazard costs, the split hard-track costs, building on populated squares
  (depopulate or surcharge), banking and borrowing builds with debt tokens, one deck or
  all three populated, two decks, drawn destinations, every ending, board sizes and
  hazard layouts drawn afresh each game (`board.terrain_seed: per_game`);
- computer players that see only what a person at the table sees: `random`, `greedy`
  and the search player `mcts`; a human seat (`subway play subway`);
- sweeps that compare settings game by game on the same cards (`subway sweep`), a ladder
  of players (`subway match subway`), and this report (`subway playtest`);
- the replay page and the transcript (question 6)."""
