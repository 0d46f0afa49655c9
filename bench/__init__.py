"""Tavern benchmarks: run each file directly; they print figures, they are not tests."""
