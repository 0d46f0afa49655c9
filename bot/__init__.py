"""The Discord bot: discord.py application commands and buttons around the engine and storage."""

from bot.app import TavernBot, create_bot

__all__ = ["TavernBot", "create_bot"]
