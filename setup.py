"""The one thing pyproject.toml can't yet say without a warning: the optional C extension.

`pytest_aacl._speedups` tests canonical arguments in C (see pytest_aacl/_normalise/_bulk.py).
`optional=True`: without a compiler the install still succeeds and the same checks run in
pure Python, with the same results.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pytest_aacl._speedups", ["pytest_aacl/_speedups.c"], optional=True)])
