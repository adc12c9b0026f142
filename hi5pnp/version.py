"""hi5pnp's version: the package metadata's (pyproject.toml reads it here)
and the kit manifest's."""

__version__ = "0.2.0"
