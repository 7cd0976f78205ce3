"""Retroscope: classic game mechanics as real machine code on emulated CPUs."""

__version__ = "0.1.0"
