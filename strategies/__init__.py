"""Hypothesis strategies that hallucinate like LLMs."""
