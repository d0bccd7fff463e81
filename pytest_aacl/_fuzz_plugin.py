"""Fuzz feature plugin: filled in by the plugin issue."""
