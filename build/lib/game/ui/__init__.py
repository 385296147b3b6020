"""Widgets, theme, fonts and input mapping for the arcade client."""
