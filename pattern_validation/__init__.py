"""The pattern's own validation: the same two tools written three ways, fuzzed side by side.

* `reference`: built with `pytest_aacl.boundary` (the AACL interface layer);
* `handwritten`: the pattern specification's hand-written interface functions, reconstructed;
* `pydantic_tools`: `pydantic.validate_call`, what most users write today.

All three share `schemas` (the strict contract) and `backend` (an in-process fake search
engine and JSON store, so a fuzz run has no side effects).  `python -m
pattern_validation.campaign` (`./run fuzz`) fuzzes every version and prints the findings.
"""
