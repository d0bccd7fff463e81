"""Integration tests, cassettes and cost logging."""
