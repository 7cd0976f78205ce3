"""Small helpers shared by machines and tests."""
