"""Learning the mcts player's value of a position from self-play (`subway learn`)."""
