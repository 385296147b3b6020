"""Linie: line-building board games on a big screen and across a LAN."""
