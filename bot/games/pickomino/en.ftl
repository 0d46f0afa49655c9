# Pickomino's words in English: options, /rules, the board, actions, events, errors.

## Options (the lobby and /play's choices): options-<game>-<option>-<value>

options-pickomino-tiebreak-highest_tile = Tie-break: the highest tile wins
options-pickomino-tiebreak-shared = Tie-break: tied players share the win

## /rules: a summary of docs/rules/pickomino.md

rules-pickomino =
    🎲 **Dice and grilled worms.** Eight dice show 1 to 5 or a worm; a worm is worth 5. Sixteen tiles, 21 to 36, lie on the grill in order, each carrying worms: 21–24 one, 25–28 two, 29–32 three, 33–36 four. The tiles you win go on your stack, newest on top.

    🔁 **Your turn.** Roll every die you have not set aside (all 8 at first). From that roll keep every die of ONE face, a face you have not kept yet this turn. Then roll the rest again, or stop; with no dice left you must stop.

    🪱 **Taking a tile.** When you stop with at least one worm kept, add up your dice and take one tile: the top tile of another player's stack if it equals your total exactly (a steal), or from the grill the tile equal to your total, or else the highest one below it. When a tile can be taken you must take one.

    💥 **A failed turn.** If a roll shows only faces you have kept already, or you stop without a worm or without a tile to take, the turn fails: your top tile goes back to the grill and the highest tile on the grill is turned over and out of the game (not when it is the tile you just gave back).

    🏁 **The end.** When the grill is empty, the most worms wins. A tie goes to the player with the highest tile, or is shared with the option tiebreak=shared.

## The board

pickomino-grill = Grill
pickomino-turned = Turned over: { $tiles }
pickomino-players = Players
pickomino-player = { $marker } { $player }: top { $top } · { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} · { $score } 🪱
pickomino-player_resigned = { $marker } { $player }: resigned
pickomino-roll = Roll
pickomino-kept = Kept
pickomino-kept_none = Nothing kept yet; { $dice ->
    [one] 1 die
   *[other] { $dice } dice
} to roll.
pickomino-kept_line = { $dice } = { $total } · { $left ->
    [one] 1 die left
   *[other] { $left } dice left
}
pickomino-kept_line_no_worm = { $dice } = { $total } (no worm yet) · { $left ->
    [one] 1 die left
   *[other] { $left } dice left
}
pickomino-face-worm = worm

## Things the moves act on, each beside its button (a face of the roll, a tile to take)

pickomino-subject-face = { $dice } — { $count } × { $face }, { $points ->
    [one] 1 point
   *[other] { $points } points
}
pickomino-subject-face_kept = { $dice } — kept already this turn
pickomino-subject-grill = { $tile } on the grill
pickomino-subject-stack = { $tile } on top of { $player }'s stack
pickomino-no_secrets = Pickomino has no secrets: everyone sees this.
pickomino-end-grill_empty = The grill is empty.
pickomino-end-resigned = Too few players are left.

## Actions (buttons, /move)

pickomino-action-roll = Roll
pickomino-action-keep = Keep { $face }
pickomino-action-take = Take { $tile }
pickomino-action-stop = Stop (failed turn)

## Events (the board's last move, /history)

pickomino-event-rolled = { $player } rolled { $dice }
pickomino-event-kept = { $player } kept { $count } × { $face }: total { $total }
pickomino-event-took = { $player } took { $tile } from the grill
pickomino-event-stole = { $player } stole { $tile } from { $victim }
pickomino-event-failed = { $player }'s turn failed ({ $reason }).
pickomino-event-returned = { $tile } went back to the grill.
pickomino-event-turned = { $tile } was turned over.
pickomino-event-resigned = { $player } resigned.
pickomino-fail-no_new_face = no new face rolled
pickomino-fail-no_worm = no worm kept
pickomino-fail-no_tile = no tile to take

## Errors (the engine's codes)

error-engine-must_keep = Keep one face of the roll first.
error-engine-must_roll = Roll first.
error-engine-no_dice_left = No dice are left to roll: take a tile or stop.
error-engine-already_kept_this_roll = You already kept a face from this roll.
error-engine-face_not_rolled = There is no { $face } in this roll.
error-engine-face_already_kept = You already kept { $face } this turn.
error-engine-cannot_stop_now = You can stop only after keeping dice.
error-engine-tile_available = A tile is available: take it (stopping without one is for failed turns).
