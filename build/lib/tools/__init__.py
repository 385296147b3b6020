"""Command-line tools: simulate, bench, screenshot, loadtest."""
