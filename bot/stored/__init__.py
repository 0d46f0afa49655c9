"""What the bot keeps in storage besides the games: Discord message ids of its turn pings, DM
notices and each person's own settings. Each module uses storage's transactions
(``Repository.database``); the tables are in the schema (``storage.schema``), like every table."""
