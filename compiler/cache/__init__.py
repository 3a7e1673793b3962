"""Incremental builds: drawings kept on disk under OUT/.cache, keyed by what they read."""
