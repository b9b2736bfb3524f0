"""Abstract strategy games on transit themes: Rapid Transit, Thruway, Chess on a Mass Transit System."""
