"""Strategies (issue 30): what each player's builds were (`metrics`), the equilibrium of a
strategy matrix (`equilibrium`) and the best-response search (`exploit`)."""
