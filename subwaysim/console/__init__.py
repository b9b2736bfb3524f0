"""The console seat: people play the Subway Game in the terminal (`subway play subway`,
`subway run --step`). Nothing in the rules core imports this package; the human agent
registers itself with the agent registry from `console/human.py`."""
