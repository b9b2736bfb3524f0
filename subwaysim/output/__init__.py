"""What a played game is shown as: the rich transcript and the summary built from events."""
