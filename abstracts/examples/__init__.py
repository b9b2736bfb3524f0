"""Runnable examples for researchers: `python -m abstracts.examples.openspiel_mcts`."""
