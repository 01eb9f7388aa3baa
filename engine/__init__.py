"""Sixty-Six rules engine and computer opponent: pure Python, no hardware."""
