# Pickomino's web board in English: what its tiles and dice say on hover and to a screen
# reader, the turn's words, each stack's line.

## Pieces

pickomino-web-tile = Tile { $tile }: { $worms ->
    [one] 1 worm
   *[other] { $worms } worms
}
pickomino-web-tile_turned = Tile { $tile }: turned over, out of the game
pickomino-web-tile_taken = Tile { $tile }: in { $player }'s stack
pickomino-web-take = Take tile { $tile }: { $worms ->
    [one] 1 worm
   *[other] { $worms } worms
}
pickomino-web-steal = Take tile { $tile } from { $player }: { $worms ->
    [one] 1 worm
   *[other] { $worms } worms
}
pickomino-web-no_tile = No tile yet
pickomino-web-dice = { $count ->
    [1] one
    [2] two
    [3] three
    [4] four
    [5] five
    [6] six
    [7] seven
    [8] eight
   *[other] { $count }
} { $face ->
    [worm] { $count ->
        [one] worm
       *[other] worms
    }
   *[other] { $count ->
        [one] { $face }
       *[other] { $face }s
    }
}
pickomino-web-keep = { $count ->
    [one] Keep the { $name }
   *[other] Keep the { $dice }
}
pickomino-web-kept_before = { $dice }: this face was kept earlier this turn
pickomino-web-no_worm = no worm yet
pickomino-web-left = { $left ->
    [one] 1 die left
   *[other] { $left } dice left
}

## The turn

pickomino-web-dice_of = { $player }'s dice
pickomino-web-prompt-roll = Your turn: roll the dice.
pickomino-web-prompt-keep = Keep every die of one face you have not kept yet: click the face.
pickomino-web-prompt-take_or_roll = Roll the rest again, or stop and take a tile: click a lit tile.
pickomino-web-prompt-take = No dice are left: take a tile, click a lit one.
pickomino-web-prompt-roll_or_fail = Roll again. Stopping now fails your turn ({ $reason }).
pickomino-web-prompt-fail = No dice are left and your turn fails ({ $reason }): press Stop.
pickomino-web-stop_fails = Stopping now fails your turn ({ $reason }).

## The players

pickomino-web-you = you
pickomino-web-to_play = to play
pickomino-web-resigned = resigned
pickomino-web-stack = { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} · { $score ->
    [one] 1 worm
   *[other] { $score } worms
}
