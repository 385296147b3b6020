"""Screenshot definitions for ``tools.screenshot``; each module registers its shots on import."""
