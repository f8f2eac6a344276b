"""Tournaments as pure values and functions: who plays (model), points (scores), tie-breaks and places
(standings), the pairing of every round (pairing) and the words of standings and rounds (text).
No I/O here: the service stores and runs tournaments, adapters show them."""
