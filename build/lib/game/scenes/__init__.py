"""The screens of the client, stacked: title, setup, settings, rules, pause, cover, results, tables."""
