"""Benchmarks: each prints figures (the last line is JSON); none of them pass or fail."""
