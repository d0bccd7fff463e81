"""Every reach into another library's private parts, one module per library.

Each module here is the only place that touches the library's internals, states the
version range it was written against, and is pinned by tests in
`tests/test_compat*.py`: when a new release moves the internals, one test fails
with the library's name, instead of a stack trace deep inside a feature.
"""
