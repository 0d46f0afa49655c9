# Raid's words in English: options, /rules, /place, the board, pictures and their legend,
# private views, actions, events, placement problems, errors.

## Options (the lobby): options-raid-<option>, or options-raid-<option>-<value> for a named value

options-raid-scenario = Map: { $value }
options-raid-scenario-old-town = Map: the old town
options-raid-scenario-harbour = Map: the harbour
options-raid-scenario-crossroads = Map: the crossroads
options-raid-pits = { $value ->
    [one] 1 pit
   *[other] { $value } pits
} on each map
options-raid-traps = { $value ->
    [one] 1 trap
   *[other] { $value } traps
} on each map
options-raid-terrorists = { $value ->
    [one] 1 terrorist
   *[other] { $value } terrorists
} on each map
options-raid-kit = { $value ->
    [0] No first-aid kit
    [one] 1 first-aid kit on each map
   *[other] { $value } first-aid kits on each map
}
options-raid-artifacts = { $value ->
    [one] 1 artifact
   *[other] { $value } artifacts
} on each map
options-raid-zones = Weak spots: zones 1–{ $value }

## /rules: a summary of docs/rules/raid.md, with the game's default counts

rules-raid =
    🕵️ **A duel on secret maps of one city.** Each player hides hazards on his own copy of the map; the other player's scout then walks that map blind and learns what is there only by running into it.

    🏙️ **The city.** 10 × 10 cells: columns A–J, rows 1–10, so a cell is written `B6` (the Cyrillic columns А–К work too). Some cells are buildings. Both scouts start on the entry cell.

    🙈 **Hiding.** First both players place, at the same time and in secret, on their own map: { $pits ->
        [one] 1 pit
       *[other] { $pits } pits
    }, { $traps ->
        [one] 1 trap
       *[other] { $traps } traps
    }, { $terrorists ->
        [one] 1 terrorist
       *[other] { $terrorists } terrorists
    }, { $kit ->
        [one] 1 first-aid kit
       *[other] { $kit } first-aid kits
    } and { $artifacts ->
        [one] 1 artifact
       *[other] { $artifacts } artifacts
    } (the host may change these counts). Every terrorist gets a weak spot, a zone from 1 to { $zones }. Terrorists go only on buildings, nothing goes on the entry cell, and objects may share a cell. A placement is taken only whole and valid: otherwise every problem is named and nothing is stored. Press **Place** or **Random** in the direct message I send you (or behind **Private**), or use /place in a DM with me.

    🚶 **Walking.** Then the scouts take turns, the first player first. A move is a path given with /move: waypoints each reached in a straight line along a row or a column, like `B1 B6 F6` or `down 5, right 4`. A path may cross buildings but not leave the map. Your scout walks your opponent's map and stops on the first cell holding anything; what he meets there ends your turn.

    ⚠️ **What you can meet,** in this order on one cell:
    • an **artifact**: collected;
    • a **terrorist**: a fight — name zones until you name the weak spot; every miss is a wound;
    • a **pit**: you miss your next turn; pits stay;
    • a **trap**: a wound; traps stay and wound again;
    • a **first-aid kit**: use it (every wound healed) or leave it for later.

    🏁 **The end.** Collect every artifact on your opponent's map and you win at once. A scout with { $max_wounds } wounds is beaten: the other player wins. After { $max_turns } turns in all, the game is a draw.

## /place in a DM

raid-cmd-place-description = Place your secret Raid objects (in a DM with me)
raid-cmd-place-placement = pits: C3 D7 F2 H9; traps: …; terrorists: B2=4 G3=1 …; kit: J10; artifacts: … (or random)
raid-cmd-place-game = The game number, if you are placing in several games
raid-place-accepted = Your placement is stored. I have sent you your map by direct message.
raid-place-stored = Your placement is stored.
raid-place-rejected = Your placement is rejected and nothing was stored. Every problem:
    { $problems }
    Correct it and place again.
# When the engine listed only the first problems: $count is how many it left out
raid-place-more = …and { $count ->
    [one] 1 more problem
   *[other] { $count } more problems
}.
raid-place-no_game = No Raid game is waiting for your placement.
raid-place-which = Several games wait for your placement ({ $games }): give the game number too.
raid-place-not_waiting = Game #{ $id } is not waiting for your placement.
raid-place-not_a_placement = That is not a placement: write e.g. `pits: C3 D7; traps: …; terrorists: B2=4; kit: J10; artifacts: …`, or `random`.

## The board

raid-board-placement = Both players place their objects in secret: I have sent each of you **Place** and **Random** by direct message (or press **Private**; /place in a DM with me works too). Each places { $pits ->
    [one] 1 pit
   *[other] { $pits } pits
}, { $traps ->
    [one] 1 trap
   *[other] { $traps } traps
}, { $terrorists ->
    [one] 1 terrorist
   *[other] { $terrorists } terrorists
} (on buildings, each with a weak spot 1–{ $zones }), { $kit ->
    [one] 1 first-aid kit
   *[other] { $kit } first-aid kits
} and { $artifacts ->
    [one] 1 artifact
   *[other] { $artifacts } artifacts
}.
raid-board-placing = Placement
raid-board-placed = ✅ { $player } has placed
raid-board-not_placed = ⏳ { $player } is placing
raid-board-scouts = Scouts
raid-board-encounters = Encounters
raid-board-revealed = { $player }'s hazard map
raid-board-footer = Turn { $turn } of { $max } · { $map }
raid-board-grid = Maps
raid-board-fight = ⚔️ { $player } fights the terrorist on { $cell }: name a zone (already named: { $named }).
raid-board-kit = 🩹 { $player } found a first-aid kit on { $cell }: use it or leave it.
raid-board-how_to_move = Move with /move and a path, e.g. `B1 B6 F6` or `down 5, right 4`.
raid-end-mission = { $player } collected every artifact and wins.
raid-end-beaten = The other scout took 15 wounds: { $player } wins.
raid-end-turn_limit = The turn limit was reached.
raid-end-resigned = The other player resigned: { $player } wins.
raid-end-draw = It is a draw.
raid-scout-line = { $marker } { $colour } { $player } — on { $cell } · 🩸 { $wounds }/{ $max } wounds · 💎 { $artifacts }/{ $total } artifacts
raid-scout-skip = · ⏸️ misses { $count ->
    [one] the next turn
   *[other] the next { $count } turns
}
raid-scout-kit_used = · 🩹 kit used

## Pictures and text grids: captions and the legend of every symbol

raid-picture-walks = { $walker } walks { $owner }'s map
raid-picture-own_map = Your map: { $walker } walks it
raid-grid-left = Left: { $caption }
raid-grid-right = Right: { $caption }
raid-legend-title = Legend
raid-legend-scout = scout 1 or 2, and his trail
raid-legend-scout_text = scout 1 or 2
raid-legend-trail = trail walked
raid-legend-entry = entry: both scouts start here
raid-legend-building = building
raid-legend-ground = open ground
raid-legend-artifact = artifact
raid-legend-terrorist = terrorist: T, or its weak spot once known
raid-legend-terrorist_text = terrorist
raid-legend-killed = dead terrorist
raid-legend-pit = pit
raid-legend-trap = trap
raid-legend-kit = first-aid kit
raid-legend-gone = pale: collected or used
raid-legend-gone_text = lower case: gone (collected, killed); - a used kit
raid-legend-met = ringed: the scout met it
raid-legend-wounds = wounds
raid-legend-artifacts = artifacts collected
raid-legend-skip = turns to miss (a pit)
raid-legend-fight = red frame: a fight is on
raid-legend-kit_wait = green frame: use or leave the kit

## Private views

raid-private-spectator = You are not playing: this is what both players know.
raid-private-not_placed = You have not placed your objects yet: press **Place** or **Random**, or use /place in a DM with me.
raid-private-your_map = Your hazard map, the one the other scout walks. Only you see it until the game ends.
raid-private-objects = Your objects (struck through: gone)

## Things the buttons act on, each beside its buttons (a fight and a kit use the board's lines)

raid-subject-placement = 🗺️ Your map, to fill: { $pits } 🕳️ · { $traps } 🪤 · { $terrorists } 🔫 (weak spots 1–{ $zones }) · { $kit } 🩹 · { $artifacts } 💎

## Actions (buttons, /move suggestions)

raid-action-place = Place
raid-action-place_random = Random
raid-action-guess = Zone { $zone }
raid-action-use_kit = Use the kit
raid-action-leave_kit = Leave it
raid-action-move = Move { $path }
raid-suggest-typed = { $path } — ends on { $end }
raid-suggest-leg = { $path } ({ $where } from { $start })
raid-direction-up = up { $count }
raid-direction-down = down { $count }
raid-direction-left = left { $count }
raid-direction-right = right { $count }

## Events (the board's last move, encounters, /history)

raid-event-placed = { $player } has placed.
raid-event-play_started = Both maps are ready: the raid begins.
raid-event-moved = { $player } walked { $start } → { $end }.
raid-event-moved_stopped = { $player } walked { $start } → { $end } and stopped there.
raid-event-turn_skipped = { $player } misses a turn in a pit.
raid-event-resigned = { $player } resigned.
raid-event-placement = { $player }'s placement: { $objects }
raid-encounter-artifact-collected = { $emoji } { $player } collected an artifact on { $cell }.
raid-encounter-terrorist-fight = { $emoji } { $player } met a terrorist on { $cell }: a fight!
raid-encounter-terrorist-miss = { $emoji } { $player } named zone { $zone } on { $cell }: missed: a wound, { $wounds ->
    [one] 1 wound
   *[other] { $wounds } wounds
} in all.
raid-encounter-terrorist-killed = { $emoji } { $player } named zone { $zone } on { $cell }: the terrorist is dead.
raid-encounter-pit-fell = { $emoji } { $player } fell into a pit on { $cell } and misses the next turn.
raid-encounter-trap-wounded = { $emoji } { $player } stepped into a trap on { $cell }: a wound, { $wounds ->
    [one] 1 wound
   *[other] { $wounds } wounds
} in all.
raid-encounter-kit-found = { $emoji } { $player } found a first-aid kit on { $cell }.
raid-encounter-kit-used = { $emoji } { $player } used the first-aid kit on { $cell }: wounds healed.
raid-encounter-kit-left = { $emoji } { $player } left the first-aid kit on { $cell }.

## The placement form (labels: at most 45 characters)

raid-form-title = Raid #{ $id }: your secret objects
raid-form-pits = { $count ->
    [one] Pits (1 cell)
   *[other] Pits ({ $count } cells)
}
raid-form-traps = { $count ->
    [one] Traps (1 cell)
   *[other] Traps ({ $count } cells)
}
raid-form-terrorists = Terrorists ({ $count }, as cell=zone 1–{ $zones })
raid-form-kit = { $count ->
    [0] First-aid kit (none in this game)
    [one] First-aid kit (1 cell)
   *[other] First-aid kits ({ $count } cells)
}
raid-form-artifacts = { $count ->
    [one] Artifacts (1 cell)
   *[other] Artifacts ({ $count } cells)
}
raid-form-pits-example = C3 D7 F2 H9
raid-form-traps-example = A5 B9 E1 J4
raid-form-terrorists-example = B2=4 G3=1 H6=6 C8=2
raid-form-kit-example = J10
raid-form-artifacts-example = D10 I4 F9

## Placement problems (R7: every one is named), by the engine's problem code

raid-field-pits = pits
raid-field-traps = traps
raid-field-terrorists = terrorists
raid-field-kit = first-aid kit
raid-field-artifacts = artifacts
raid-problem-wrong_count = { $what }: { $placed } placed, { $required } required.
raid-problem-bad_cell = { $what }: I cannot read the cell “{ $cell }” (a column A–J and a row 1–10, like B6).
raid-problem-off_map = { $what }: { $cell } is off the map.
raid-problem-on_entry = { $what }: nothing may be placed on the entry cell { $cell }.
raid-problem-not_in_building = terrorists: { $cell } is not a building; terrorists go only on buildings.
raid-problem-same_kind_twice = { $what }: { $cell } is given twice.
raid-problem-bad_zone = terrorists: the weak spot { $zone } on { $cell } is not a zone of this game.

## Errors (the engine's codes)

# A placement's mistakes (the subject place: /place and the Place form)
error-engine-unreadable-place = I cannot read this part of the placement: “{ $text }”. Sections are pits, traps, terrorists, kit and artifacts, like `pits: C3 D7; kit: J10`.
error-engine-empty-place = The placement is empty: give its sections, or write `random`.
error-engine-malformed-place = That placement is not well formed: { $detail }
error-engine-already_placed = You have already placed your objects.
error-engine-placement_phase = Both players must place their objects first.
error-engine-placement_over = The placement is over.
error-engine-bad_placement = The placement is rejected and nothing was stored. Use Place on the board or /place in a DM with me to see every problem.
error-engine-bad_cell = I cannot read the cell “{ $cell }”: write a column A–J and a row 1–10, like B6.
error-engine-bad_waypoint = I cannot read “{ $waypoint }” in the path: a waypoint is a cell like B6 or a step like `down 3`.
error-engine-off_map = Leg { $leg } ({ $waypoint } from { $start }) leaves the map.
error-engine-off_map-alt = { $cell } is off the map: columns A–J, rows 1–10.
error-engine-zero_leg = Leg { $leg } ({ $waypoint } from { $start }) has zero length: the scout is already there.
error-engine-zero_leg-alt = A step moves 1 cell or more.
error-engine-diagonal = Leg { $leg } from { $start } to { $waypoint } is diagonal: each leg follows one row or one column.
error-engine-empty_path = The path is empty: give at least one waypoint after { $start }.
error-engine-in_fight = You are in a fight: name a zone.
error-engine-kit_decision = Use the first-aid kit or leave it first.
error-engine-no_fight = There is no fight now.
error-engine-no_kit = There is no first-aid kit here to decide about.
error-engine-bad_zone = Zone { $zone } is not a zone 1–{ $zones }.
error-engine-zone_named = Zone { $zone } was already named against this terrorist.
