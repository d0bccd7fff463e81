"""Integration feature plugin: filled in by the integration issue."""
