"""The model: a puzzle's board, givens, candidates and rules, and how they are read and written. Imports nothing above it."""
