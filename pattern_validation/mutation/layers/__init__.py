"""Interface layers the mutation benchmark mutates: argument normalisation vendored from
third-party tool servers (each file's header names the package, version, file and licence),
wrapped as a tool with an implementation layer.  The wrappers are ours; the vendored
functions are kept as published, except where a header says otherwise."""
