"""`python -m pattern_validation.corpus`: print the manifest as JSON."""

import json

from . import manifest

print(json.dumps(manifest(), indent=1))
