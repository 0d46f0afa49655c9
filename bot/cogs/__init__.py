"""One cog per concern: the lobby, playing, and information commands."""
