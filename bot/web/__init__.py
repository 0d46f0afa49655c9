"""The web table: a live page for every game, a replay viewer for finished ones, and a private
page for each seat, served by the bot itself on aiohttp (``WEB_ENABLED``).

- ``links``: the addresses of the pages, and the board message's link button;
- ``tokens``: signed private links, bound to one game and seat, expiring and revocable;
- ``markup``: an embed's Discord markdown as HTML;
- ``snapshots``: what each page shows, built from a renderer's embeds and pictures for one
  audience (never a state: ``bot.board.table_of`` and ``Position`` only);
- ``pages``: the HTML around it, with its CSS and script;
- ``server``: the aiohttp application, its live streams and limits, on a thread of its own;
- ``cog``: ``/web``, the links sent at a game's start, and the server's start and stop.

Only ``links`` is imported by the rest of the bot (``bot.board``), so it stays light.
"""
