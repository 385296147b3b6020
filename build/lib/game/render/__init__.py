"""Procedural drawing of boards, tiles and pieces, with cached static layers."""
