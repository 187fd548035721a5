"""lama-desktop: the LAMA family of games and Llama Land on your desktop."""

__version__ = "0.1.0"
