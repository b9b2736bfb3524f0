"""The Subway Game simulator: scenario -> simulated game -> events -> reports, sweeps."""
