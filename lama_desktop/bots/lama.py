"""Bots for L.A.M.A. and L.A.M.A. Party (being written: see the bots engineer)."""
