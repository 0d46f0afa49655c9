# A server's living games: /config, turn deadlines and reminders, /games, /history, /export.

## /config

cmd-config-description = Server settings for games: turn limit, reminders, absent players, channels
cmd-config-turn_limit = Minutes a player has for a turn (at least 1; default 1440 = 24 h)
cmd-config-reminder = Minutes into a turn before the player is reminded (0 = no reminder)
cmd-config-on_timeout = What happens when a turn's time runs out
cmd-config-on_timeout-ai = The computer plays that turn
cmd-config-on_timeout-remove = The computer plays it; after N missed turns the player is removed
cmd-config-remove_after = Missed turns in a row before a player is removed
cmd-config-allow_channel = Allow games in this channel
cmd-config-disallow_channel = No longer allow games in this channel
cmd-config-any_channel = Allow games in every channel again
cmd-config-pictures = Show maps as pictures (off: text grids)
cmd-config-rate_computers = Rate games with computer players (each level rated as a player)
living-config_title = Game settings of this server
living-config_turn_limit = Time for a turn
living-config_reminder = Reminder after
living-config_off = off
living-config_on_timeout = When the time runs out
living-config_on_timeout_ai = the computer plays the turn
living-config_on_timeout_remove = the computer plays the turn; after { $n ->
    [one] 1 missed turn
   *[other] { $n } missed turns in a row
} the player is removed
living-config_channels = Channels for games
living-config_any_channel = any channel
living-config_pictures = Pictures
living-config_pictures_on = Maps are shown as pictures.
living-config_pictures_off = Maps are shown as text grids.
living-config_rate_computers = Games with computer players
living-config_rate_computers_on = Rated: each computer level has a rating of its own.
living-config_rate_computers_off = Not rated.
living-config_guild_only = Settings belong to a server: use /config in a server channel.
living-config_admin_only = Only members with the Manage Server permission can change the game settings.
living-config_invalid = These settings cannot be used, nothing was changed: { $problems }
living-config_saved = Settings saved.
living-hours_minutes = { $h } h { $m } min
living-hours = { $h } h
living-minutes = { $m } min

## Turn deadlines

living-play_channel = Games cannot be started in this channel. Use { $channels }.
living-deadline = Time to move
living-deadline_line = { $player }: ends { $at }
living-reminder = ⏰ It is your turn in { $title } #{ $id }. Time runs out { $deadline }: { $url }
living-reminder_channel = ⏰ { $player }, it is your turn in { $title } #{ $id }. Time runs out { $deadline }.
living-timeout_played = ⌛ { $player } ran out of time: the computer plays the turn for them.
living-timeout_removed = ⌛ { $player } ran out of time { $missed ->
    [one] once
   *[other] { $missed } times in a row
} and leaves the game.

## /games, /history, /export

cmd-games-description = This server's games in progress
cmd-history-description = The recent moves of this channel's game
cmd-history-game = A game number (default: this channel's game)
cmd-export-description = Download a game's replay file (seed and moves)
cmd-export-game = A game number (default: this channel's game)
living-no_such_game = There is no game #{ $id } in this server.
living-games_title = Games in this server
living-games_none = No games in progress. Start one with /play.
living-games_line-lobby = { $title } #{ $id } — lobby, { $players ->
    [one] 1 player
   *[other] { $players } players
} seated — { $url }
living-games_line-active = { $title } #{ $id } — playing, { $players ->
    [one] 1 player
   *[other] { $players } players
} — { $url }
living-history_title = { $title } #{ $id } — recent moves
living-history_empty = No moves yet.
living-history_public_only = Only what everyone may know is shown until the game ends.
living-export_running = This game is still running: its replay holds the seed of every roll and draw to come, so it can be downloaded once the game ends.
living-export_done = The replay of game #{ $id }. Replay it with: python -m engine.replay FILE
living-spectator = You are watching this game, not playing: this is what every spectator sees.
