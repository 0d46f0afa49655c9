# Raid's board on the web table: the maps' cells in words, the scouts, and the moves a seat
# puts together on its page (a placement, a path).

## The maps: what a cell holds, said on hover and on focus

raid-web-cell = { $cell }: { $what }
raid-web-weak_spot = weak spot { $zone }
raid-web-gone = gone
raid-web-met = met by the scout
raid-web-scout_here = { $player }'s scout is here
raid-web-walked = { $player }'s scout walked here
raid-web-fight_here = { $player } fights here
raid-web-kit_here = { $player } decides about the kit here
raid-web-walk_caption = The map you walk: { $owner }'s, as far as you know it
raid-web-planned = placed by you now, not yet sent

## Where the game stands

raid-web-placed = { $player } has placed.
raid-web-placing = { $player } is placing.
raid-web-place_help = Put your objects on your map: pick a kind, then click cells (click again to take one away). Terrorists go on buildings, each with a weak spot 1–{ $zones }; nothing goes on the entry cell. Press **Place** when done, or **Random**.
raid-web-walk_help = Your turn: click cells of { $owner }'s map to trace your path, each leg straight along a row or a column, then press **Walk**.
raid-web-on = on { $cell }
raid-web-wounds = wounds { $wounds } of { $max }
raid-web-artifacts = artifacts { $artifacts } of { $total }
raid-web-skip = misses { $count ->
    [one] the next turn
   *[other] the next { $count } turns
}
raid-web-kit_used = kit used
raid-web-named = Zones already named: { $zones }

## Composing a move

raid-web-kinds = What to place
raid-web-zone_pick = Weak spot of the next terrorist:
raid-web-place_keys = Keys: the arrows move on the map, Enter or Space puts the chosen kind on a cell or takes it away.
raid-web-place = Place
raid-web-clear = Clear
raid-web-path = Path:
raid-web-walk_keys = Keys: the arrows move on the map, Enter or Space adds a waypoint (on the last one: takes it back).
raid-web-walk = Walk
raid-web-undo = Undo the last leg
raid-web-not_straight = { $cell } is not in a straight line from { $start }: each leg follows one row or one column.
raid-web-same_cell = The path is already at { $cell }.
