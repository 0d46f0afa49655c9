"""Each game's Discord side, one folder per game: ``bot/games/<key>/``.

A game's folder is found from ``engine.game_keys()``, never listed. It holds:

- ``__init__.py`` exporting ``RENDERER`` (a ``bot.render.Renderer``): the board, private
  views, button looks, forms, event lines;
- ``en.ftl``, ``ru.ftl``: its part of the message catalogue, in Project Fluent (``bot.i18n``);
- optionally ``commands.py``, a discord.py extension (``async def setup(bot)``) with the
  game's own commands; the bot loads it with the generic cogs;
- whatever else the game draws with (pictures, forms).

A game without a folder still plays, with the generic renderer. The folders are found by
``bot.render.registry``, so nothing that draws or moves a game imports this package.
"""
