"""Dice Throne Adventures: the cooperative campaign (docs/adventures.md)."""
