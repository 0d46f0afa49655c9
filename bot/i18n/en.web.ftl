# The web table: its pages, the board's link button, /web and the links sent by DM.

## /web

cmd-web-description = Links to this game's web page, and to your own private page
cmd-web-game = A game number (default: this channel's game; in a DM, your running games)
cmd-web-revoke = Make new private links: the ones sent before stop working
web-live = { $title }: { $url }
web-private_line = Your private page (only you should open it; the link works for { $days } days):
web-revoked = { $title }: your earlier private links no longer open your page.
web-revoke_no_seat = Only a player still in the game has a private page to revoke.
web-no_games = You are not playing any game at the moment.
web-board = Game #{ $id } on the web
web-yours_short = Your page, game #{ $id }
web-dm_link = { $title } has started. Your private page on the web: play from it, with your hand beside the board, live. Keep the link to yourself:

## The board message

web-button = Web page
web-replay_button = Replay

## The pages

web-lobby = Waiting in the lobby for players.
web-abandoned = This game was cancelled.
web-over = The game is over.
web-to_play = To play: { $players }
web-history = What happened
web-yours = Your private view
web-your_moves = Your moves
web-language = Language
web-steps = Moves of the game
web-sending = Sending your move…
web-send_failed = Your move could not be sent. Check the connection and try again.
web-bad_request = This request could not be read.
web-stale = The game has moved on since this page was drawn: here is the position now.
web-busy_moves = Too many moves from this link at once. Wait a moment and try again.
web-not_a_move = That is not a move you can make now.
web-replay = Watch the replay
web-revealed = Revealed at the end
web-this_move = This move
web-keys = Keys: ← and → step through the moves, Home and End jump to the start and the end.
web-first = Start
web-previous = Previous move
web-next = Next move
web-last = End
web-move_of = Move { $move } of { $last }
web-offline = Connection lost; trying again…
web-refused = This link does not open this page: it was altered, has expired or was replaced by a newer one. Type /web on Discord for a fresh link.
web-refused_title = Link not valid
web-missing_title = Not found
web-missing = There is no such page. Replays open once a game is over.
web-busy_title = Too many pages
web-busy = Too many live pages are open from your address. Close some and reload.
web-error_title = Something went wrong
web-error = This page could not be shown. Please try again later.
web-index_title = Tavern
web-index = The web table of a Tavern bot. Open a game's page from its board on Discord, or with /web.

## The leaderboard page

web-leaderboard_title = Leaderboards
web-leaderboard_intro = The players of this server by skill rating, game by game: the rating less its uncertainty, so it rises as games make it both higher and surer. Players with few rated games are listed apart.
web-leaderboard_player = Player
web-leaderboard_rating = Rating
web-leaderboard_games = Games
web-someone = A player
