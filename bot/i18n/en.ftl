# The bot's own words in English: commands, the lobby, the board, playing, errors.
# Keys are dotted in code (t(lang, "lobby.title", …)) and hyphenated here (lobby-title).
# English is complete: every key the bot uses must be here (see docs/architecture.md).

## Slash commands: names of options and their descriptions (at most 100 characters)

cmd-play-description = Open a game lobby in this channel
cmd-play-game = Which game to play
cmd-play-options = Game options as name=value (pick from the list)
cmd-move-description = Make a move in this channel's game
cmd-move-action = Your move (pick from the list, or type e.g. keep 5)
cmd-hand-description = Show what only you can see in this channel's game
cmd-status-description = Post this channel's game board again
cmd-resign-description = Leave this channel's game
cmd-hint-description = What the strongest computer player would do now in your seat (only you see it)
cmd-rules-description = A short summary of a game's rules
cmd-rules-game = Which game
cmd-stats-description = Your games played and won, and your skill rating in each game
cmd-leaderboard-description = The best players of a game in this server, by skill rating
cmd-leaderboard-game = Which game
cmd-leaderboard-everywhere = Rank the players of every server together

## Numbers of players

seats-exact = { $count ->
    [one] 1 player
   *[other] { $count } players
}
seats-range = { $min }–{ $max } players

## The lobby

lobby-title = { $title } — game #{ $id }
lobby-host = Host: { $host }. Press Join to take a seat; the host starts the game.
# $needed: seats-exact or seats-range
lobby-players = Players seated: { $count } · the game is for { $needed }
lobby-options = Options
# An option of a game that has no words for it in its catalogue part
lobby-option = { $name }: { $value }
lobby-footer = Only the host can add computer players, start or cancel.
lobby-cancelled = This lobby was cancelled.
lobby-button-join = Join
lobby-button-leave = Leave
lobby-button-start = Start
lobby-button-cancel = Cancel
lobby-busy = This channel already has a game: { $url }
lobby-closed = This lobby is closed.
lobby-host_only-start = Only the host can start the game.
lobby-host_only-cancel = Only the host can cancel the lobby.

## The board

board-title = { $title } — game #{ $id }
board-turn = Turn: { $players }
board-over = Game over.
board-ranking = Final ranking
board-rank_line = { $medal } { $player } — { $score }
board-last_move = Last move
board-view = Table
board-team-won = Everyone won together!
board-team-lost = Everyone lost together.
board-end-resigned = Too few players are left.
board-end-other = The game ended ({ $reason }).
board-rating_change = rating { $rating } ({ $change })
# $changes: each seat's board-rating_change, after the seat's name
board-ratings = Ratings: { $changes }.
button-private = Private
board-more_moves = More moves ({ $first }–{ $last }) …
turn-ping = { $players }, your turn in { $title } #{ $id }.

## Playing

play-no_game = There is no game in this channel. Start one with /play.
play-not_in_game = You are not in this game.
play-not_started = The game has not started yet.
play-over = This game is over.
play-not_your_turn = It is not your turn.
play-not_your_decision = That choice is not yours to make.
play-stale = That move is no longer current: use the latest board.
play-stale_message = This message is out of date; use the latest one: { $url }
play-done = Done: { $action }.
play-hint = 💡 From what you can see, the strongest computer player would play **{ $action }** — type it with `/move { $typed }` or press its button.
play-resigned = { $player } resigned.
play-board_failed = Your move was made, but the board could not be updated. Use /status to show it again.
play-board_reposted = Your move was made. The board could not be updated in place, so I posted it again.
play-answer_lost = { $player } your move was made, but Discord did not take my answer to your click.
play-unknown_form = This form is out of date: open it again from the latest message.
private-title = { $title } #{ $id } — your private view
private-dm_closed = I cannot send you direct messages. Press Private on the board (or use /hand) to see your private view.
private-dm_failed = I could not send you a direct message just now. Press Private on the board (or use /hand) to see your private view.

## /rules, /stats, /leaderboard

rules-title = { $title } — rules in short
rules-missing = No summary yet for this game.
stats-title = { $player } — statistics
stats-total = Played { $played ->
    [one] 1 game
   *[other] { $played } games
}, won { $won }
stats-together = Played { $played ->
    [one] 1 game
   *[other] { $played } games
}, won together { $won }
leaderboard-title = { $title } — leaderboard
leaderboard-empty = No rated games yet.
leaderboard-no_rated = Nobody has played enough rated games yet to be ranked.
# $rating: the rating less three times its uncertainty, what the board orders by
leaderboard-rating_line = { $rank }. { $player } — { $rating } · { $played ->
    [one] 1 game
   *[other] { $played } games
}
leaderboard-provisional_line = { $player } — { $rating } · { $played ->
    [one] 1 game
   *[other] { $played } games
}
leaderboard-provisional = Provisional (fewer than { $games } rated games)
leaderboard-rating_value = { $rating }
leaderboard-this_server = Skill ratings in this server. Add everywhere: True for every server.
leaderboard-everywhere = Skill ratings over every server.
stats-rating = Rating { $rating } ({ $trend } over the last { $games ->
    [one] game
   *[other] { $games } games
})
stats-rating_plus = +{ $change }
stats-rating_minus = −{ $change }
stats-rating_none = ±0

## Errors, by the engine's or the storage's code: error-<source>-<code>.
## A key ending in -<subject> is tried first where the player gave that subject
## (place: a placement, options: game options); one ending in -alt when the first
## cannot be formatted with the error's parameters.

error-unexpected = Sorry, something went wrong. Nothing was changed; please try again.
error-engine-unreadable = I cannot read the move “{ $text }”.
error-engine-empty = The move is empty.
error-engine-too_long = That is too long: { $limit } characters at most.
error-engine-too_large = That is too large to be a move.
error-engine-malformed = That move is not well formed: { $detail }
error-engine-illegal = That move is not allowed now.
error-engine-absent_only = Only the bot plays that, for a player who is away; choose your own move.
error-engine-game_over = The game is over.
error-engine-not_your_turn = It is not your turn.
error-engine-unknown_action = There is no move called “{ $kind }”.
error-engine-not_playing = You are no longer playing this game.
error-engine-unknown_game = There is no game called “{ $key }”.
# $players: seats-exact or seats-range
error-engine-seats = This game is for { $players }.
error-engine-options = Bad game options: { $detail }
error-engine-options_syntax = I cannot read the option “{ $part }”: write name=value, like the choices offered.
error-engine-unknown_option = This game has no option “{ $name }”. Its options: { $names }.
error-engine-unknown_option-alt = This game has no options.
error-engine-option_value = The option { $name } cannot be “{ $value }”: choose { $choices }.
error-engine-option_value-alt = The option { $name } cannot be “{ $value }”.
option-choices-range = a whole number from { $min } to { $max }
error-storage-game_not_found = That game does not exist.
error-storage-game_unavailable = Game #{ $game_id } can't be loaded: its stored data is damaged. An operator can check it with `python -m storage verify`.
error-storage-stale = That move is no longer current: use the latest board.
error-storage-channel_busy = This channel already has a game.
error-storage-not_playing = This game is not being played.
error-storage-not_in_lobby = This lobby is closed.
error-storage-already_seated = You are already in this game.
error-storage-game_full = The game is full: { $max ->
    [one] 1 player
   *[other] { $max } players
} at most.
error-storage-not_seated = You are not in this lobby.
error-storage-too_few_players = { $min ->
    [one] At least 1 player is
   *[other] At least { $min } players are
} needed to start.
error-storage-unsupported_database_url = The database address is not supported.
error-storage-database_unavailable = The game's records cannot be reached right now: please try again in a moment.
error-storage-move_not_stored = The game's records could not be reached, so your move was not stored: please make it again in a moment.
error-storage-commit_unknown = The game's records went away while your move was being saved, and it cannot be told yet whether it was: look at the board before you play again.
