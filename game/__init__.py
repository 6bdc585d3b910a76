"""Dice Throne, digital edition."""

__version__ = "0.1.0"  # keep in step with pyproject.toml (a test checks)
