"""The fuzzing harness: format readers, the CLI and the web API on hostile input (see
docs/fuzzing.md)."""
