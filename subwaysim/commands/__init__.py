"""What the CLI's commands do apart from argument parsing: one game (`run`, `route`), the
Subway Game match and its ladder (`match subway`)."""
