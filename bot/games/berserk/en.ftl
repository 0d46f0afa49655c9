# Berserk's words in English: options, /rules, cards, decks and abilities, the board, the
# picture's legend, private views, decisions, buttons and menus, the placement form, event
# lines, rejected submissions, errors.

## Options (the lobby and /play's choices): options-<game>-<option>

options-berserk-round_cap = Rounds before the game is scored: { $value }
options-berserk-edition-1 = First budgets: 24 gold + 22 silver for every deck
options-berserk-edition-2 = Budgets by deck: each deck its own, set for balance

## /rules: a summary of docs/rules/berserk.md

rules-berserk =
    ⚔️ **A duel of two squads.** Each player secretly chooses one of four decks, recruits creatures within his deck's budget of gold and silver, and places them face down on his own three rows of a 5 × 6 field (columns a–e, rows 1–6) or in a reserve of up to { $reserve ->
        [one] 1 card
       *[other] { $reserve } cards
    }. Both sides are revealed together. All of it happens in a direct message I send you: menus, a **Place** form and **Random**.

    🔁 **A turn.** Your closed creatures open, poison wounds, then as often as you like: move a creature, strike an adjacent enemy, or use an ability, and end your turn. Pick a creature in the menu under the board, then what it does. From round 2 a Muster lets each player bring in one reserve card.

    🎲 **Strikes.** The attacker rolls, an open target rolls back; the difference picks a weak, medium or strong strike and maybe a strike back. The struck player may put an adjacent open creature in the way as a defender: I ask him by direct message.

    ⏳ **Answers.** Strikes and abilities wait on a stack, triggered abilities in a queue; after each step both players may answer with an instant or pass. A player with nothing to answer with passes by himself.

    🏁 **The end.** A player with no creature on the field loses. After { $round_cap } rounds the higher total cost of creatures on the field wins.

## Cards (29), decks (4) and abilities, with their texts

berserk-card-C01 = Gnome King
berserk-card-C02 = Gnome-Basaarg
berserk-card-C03 = Mountain Giant
berserk-card-C04 = Forge Warden
berserk-card-C05 = Ravine Gnome
berserk-card-C06 = Hall Guard
berserk-card-C07 = Nomad
berserk-card-C08 = Ingri
berserk-card-C09 = Monk of Targ
berserk-card-C10 = Cursed Mage
berserk-card-C11 = Tree Keeper
berserk-card-C12 = Druid
berserk-card-C13 = Lekken
berserk-card-C14 = Herbalist
berserk-card-C15 = Claer
berserk-card-C16 = Bjorn
berserk-card-C17 = Hobgoblin
berserk-card-C18 = Murk
berserk-card-C19 = Hedd
berserk-card-C20 = Undine
berserk-card-C21 = Plague Reaper
berserk-card-C22 = Troll
berserk-card-C23 = Slime
berserk-card-C24 = Tomb Sentinel
berserk-card-C25 = Vampire
berserk-card-C26 = Baraka
berserk-card-C27 = Charon
berserk-card-C28 = Crypt Master
berserk-card-C29 = Blood Witch

berserk-deck-D1 = Mountain Hold
berserk-deck-D1-about = gnomes who fight in formation lines, led by their king
berserk-deck-D2 = Forest Wardens
berserk-deck-D2-about = tough defenders, healers and the huge Hobgoblin
berserk-deck-D3 = Swamp Brood
berserk-deck-D3-about = poison, and the Reaper who destroys the poisoned
berserk-deck-D4 = Dark Host
berserk-deck-D4-about = counters, shots and bolts from afar, and relentless Baraka

berserk-ability-king_guard = Royal guard
berserk-ability-king_guard-text = Formation: non-magical attacks against it get { $value }.
berserk-ability-king_banner = Royal banner
berserk-ability-king_banner-text = Formation: every other creature in its formation line gets { $value } strike.
berserk-ability-attack_experience = Attack experience
berserk-ability-attack_experience-text = +{ $amount } to its die when it rolls as the attacker.
berserk-ability-defence_experience = Defence experience
berserk-ability-defence_experience-text = +{ $amount } to its die when it rolls as the struck creature.
berserk-ability-basaarg_line = Line fighter
berserk-ability-basaarg_line-text = Formation: { $value } strike.
berserk-ability-basaarg_hunt = Hunter
berserk-ability-basaarg_hunt-text = Attacking a closed creature: { $value } strike, and no defender can stop the strike.
berserk-ability-giant_line = Giant's stand
berserk-ability-giant_line-text = Formation: +{ $amount } to its die when it rolls as the struck creature.
berserk-ability-forge_line = Forge wall
berserk-ability-forge_line-text = Formation: +{ $amount } to its die when it rolls as the struck creature.
berserk-ability-ravine_hunt = Ambush
berserk-ability-ravine_hunt-text = Attacking a closed creature: { $value } strike.
berserk-ability-hall_wall = Hall wall
berserk-ability-hall_wall-text = No defender can stop its strikes while its formation line has { $line } or more creatures.
berserk-ability-battle_cry = Battle cry
berserk-ability-battle_cry-text = Instant. Close: another friendly creature within { $range } gets { $strike } strike until the end of the turn.
berserk-ability-blessing = Blessing
berserk-ability-blessing-text = Close: another adjacent friendly creature heals { $heal }.
berserk-ability-echo = Echo
berserk-ability-echo-text = Whenever a creature of the opponent's squad gains a counter, it gains { $gain ->
    [one] a counter
   *[other] { $gain } counters
}.
berserk-ability-curse_bolt = Curse bolt
berserk-ability-curse_bolt-text = Close and remove { $counters } counters: a bolt of { $attack } at an enemy creature within { $range }.
berserk-ability-sap = Sap
berserk-ability-sap-text = Close: a creature within { $range } heals { $heal }, then gets { $strike } strike until the end of the turn.
berserk-ability-forest_breath = Forest breath
berserk-ability-forest_breath-text = Close: a creature within { $range } heals { $heal } and is cured of poison.
berserk-ability-warden = Warden
berserk-ability-warden-text = Does not close when it defends, and may defend any number of times per turn.
berserk-ability-hire_cure = Cure
berserk-ability-hire_cure-text = Hire (may): cure a creature of poison.
berserk-ability-claer_fury = Fury
berserk-ability-claer_fury-text = When it becomes a defender: { $strike } strike until the end of its owner's next turn.
berserk-ability-bjorn_mend = Mend
berserk-ability-bjorn_mend-text = When it becomes a defender: the creature it defends heals { $heal }.
berserk-ability-thick_hide = Thick hide
berserk-ability-thick_hide-text = Non-magical attacks against it get { $value } if their source costs { $cost } or less.
berserk-ability-murk_veil = Veil
berserk-ability-murk_veil-text = While it is closed, a simple strike at it deals { $value } at most.
berserk-ability-murk_flank = Flank
berserk-ability-murk_flank-text = Simple strikes against friendly creatures directly left or right of it are reduced to weak.
berserk-ability-venom = Venom
berserk-ability-venom-text = When its strike or counter-strike resolves at medium or strong, the creature it struck gets poison { $poison }.
berserk-ability-sweet_aura = Sweet aura
berserk-ability-sweet_aura-text = Close: a creature within { $range } gets poison { $poison }.
berserk-ability-dominion = Dominion
berserk-ability-dominion-text = Close: every poisoned enemy creature suffers { $wound ->
    [one] a wound
   *[other] { $wound } wounds
}.
berserk-ability-hire_reap = Reap
berserk-ability-hire_reap-text = Hire (may): destroy a poisoned creature.
berserk-ability-acid_skin = Acid skin
berserk-ability-acid_skin-text = When a simple strike at it wounds it, the striker suffers { $wound ->
    [one] a wound
   *[other] { $wound } wounds
}.
berserk-ability-shelter = Shelter
berserk-ability-shelter-text = Another friendly creature adjacent to it suffers { $amount ->
    [one] one wound
   *[other] { $amount } wounds
} fewer, whatever the cause.
berserk-ability-night_strike = Night strike
berserk-ability-night_strike-text = Its strikes get no counter-strike.
berserk-ability-relentless = Relentless
berserk-ability-relentless-text = Striking does not close it (it still strikes once per turn).
berserk-ability-accumulate = Accumulate
berserk-ability-accumulate-text = Close: it gains { $gain ->
    [one] a counter
   *[other] { $gain } counters
}.
berserk-ability-last_passage = Last passage
berserk-ability-last_passage-text = Close and remove { $counters } counters: it and a creature within { $range } are destroyed together.
berserk-ability-grave_count = Grave count
berserk-ability-grave_count-text = Whenever any creature dies, it gains { $gain ->
    [one] a counter
   *[other] { $gain } counters
}.
berserk-ability-skull_shot = Skull shot
berserk-ability-skull_shot-text = Close and remove X counters of your choice: a shot of { $attack } + { $per_x }×X at an enemy creature within { $range }.
berserk-ability-blood_bolt = Blood bolt
berserk-ability-blood_bolt-text = Close and suffer { $wounds } wounds: a bolt of { $attack } at an enemy creature within { $range }.

berserk-level-weak = weak
berserk-level-medium = medium
berserk-level-strong = strong
berserk-cost-gold = { $cost } gold
berserk-cost-silver = { $cost } silver
berserk-cause-strike = a strike
berserk-cause-poison = poison
berserk-cause-payment = a payment
berserk-cause-shot = a shot
berserk-cause-bolt = a bolt

## The board

berserk-board-deck = 🃏 Both players choose a deck in secret: I have sent each of you the choice by direct message (or press **Private**). Both choices are revealed together.
berserk-board-recruit = 🪖 Both players recruit their squads in secret, by direct message, each within his deck's budget.
berserk-board-place = 🗺️ Both players place their squads in secret on their own three rows or in a reserve, by direct message. Both sides are revealed together.
berserk-board-seat = 🎲 { $player } won the seat roll and chooses to go first or second.
berserk-board-sent = ✅ { $player } has sent it
berserk-board-deciding = ⏳ { $player } is choosing
berserk-board-round = Round { $round } of { $cap } · { $player }'s turn ({ $role })
berserk-board-muster = 🔔 The Muster of round { $round }: each player may bring one card of his reserve onto the field, in secret, by direct message.
berserk-board-waiting-main = ▶️ { $player } acts: a strike or an ability with its button beside the creature, or a creature in the menu below, then what it does — or /move. **End turn** when done.
berserk-board-waiting-assign_defender = 🛡️ { $player } chooses a defender for this strike, by direct message.
berserk-board-waiting-order_triggers = 📜 { $player } declares triggered abilities in queue order{ $private ->
    [yes] , by direct message
   *[no] {""}
}.
berserk-board-waiting-respond = ⏳ { $player } may answer with an instant or pass{ $private ->
    [yes] , by direct message
   *[no] {""}
}.
berserk-board-sides = Players
berserk-board-side = { $mark } { $player } — { $role } · { $deck } · reserve { $reserve } · graveyard { $graveyard } · on the field { $cost } in cost
berserk-board-side-setup = { $mark } { $player } — { $role } · { $deck } · { $gold } gold + { $silver } silver
berserk-board-side-choosing = { $mark } { $player } — { $role } · { $deck }
berserk-board-no_role = role not chosen yet
berserk-board-no_deck = deck hidden
berserk-board-field = { $mark } { $player }'s creatures
berserk-board-no_creatures = none on the field
berserk-board-stack = Stack (top first)
berserk-board-queue = Trigger queue (next first)
berserk-board-raised = Triggers waiting to be declared
berserk-board-grid = Field
berserk-board-legend = Legend
berserk-board-footer = Round { $round } of { $cap } · turn { $turn }
berserk-board-footer-setup = { $cap } rounds at most

berserk-unit-line = `{ $cell }` { $name } · ⚔️ { $strike } · ❤️ { $life }/{ $max }
berserk-unit-counters = 🔷 { $count }/{ $max }
berserk-unit-poison = 🧪 poison { $count }
berserk-unit-closed = 💤 closed
berserk-unit-moves = 👣 { $count }
berserk-unit-mod = { $amount } strike until turn { $turn }

berserk-item-strike = ⚔️ { $attacker } strikes { $target }
berserk-item-ability = ✨ { $ability } of { $unit }
berserk-item-trigger = 📜 { $ability } of { $unit }
berserk-item-targets = → { $targets }
berserk-item-x = X = { $x }
berserk-item-unpaid = does nothing: its payment was changed
berserk-raised = { $ability } of { $unit } ({ $optional ->
    [yes] may be declined
   *[no] mandatory
})

## The picture's strips and legend, and the text grid

berserk-picture-strip = { $player } · { $role } · reserve { $reserve } · graveyard { $graveyard }
berserk-legend-seat = { $player } ({ $role })
berserk-legend-strike = strike weak-medium-strong (green: raised, red: lowered)
berserk-legend-life = life left / life
berserk-legend-counters = counters
berserk-legend-poison = poison: wounds at its owner's turn
berserk-legend-moves = moves left this turn
berserk-legend-closed = closed: cannot move, strike or defend
berserk-legend-arrow = the strike or ability on top of the stack
berserk-grid-legend = `ABCD` { $first } · `abcd` { $second } · `*` closed · `.` an empty cell

## Private views

berserk-private-deck = 🃏 Choose your deck with the buttons below, or **Random**. Both choices are revealed together.
berserk-private-deck_budget = Budget: { $gold } gold + { $silver } silver.
berserk-private-deck-line = **{ $id } { $name }**: { $about }.
    { $cards }
berserk-private-deck_sent = You chose **{ $deck }**. Waiting for the other player.
berserk-private-budget = Your deck: **{ $deck }**. Your budget: **{ $gold } gold + { $silver } silver**. Elite cards cost gold, ordinary ones silver; spare gold pays for ordinary cards too, silver never for elite ones.
berserk-private-recruit = 🪖 Pick the cards to recruit in the menu below (several at once), or press **Random**. Every limit a selection breaks is named, and nothing is stored until it is valid.
berserk-private-card = **{ $name }**{ $unique } · { $cost } · ❤️ { $life } · ⚔️ { $strike } · 👣 { $moves }{ $copies }
berserk-private-unique = {" "}★
berserk-private-copies = {" "}· ×{ $count }
berserk-private-recruits = Your squad, in order
berserk-private-recruit_sent = Your recruitment is sent. Waiting for the other player.
berserk-private-place = 🗺️ Place your squad: each card on a cell of your rows { $rows } or in your reserve ({ $reserve } at most), at least one on the field. Press **Place** and give the cells in the order below (the form holds this placement to start from), or press **Random**.
berserk-private-place-line = { $number }. { $name } — { $cell }
berserk-private-reserve_cell = reserve
berserk-private-placed = Your placement is sent. Waiting for the other player.
berserk-private-reserve = Your reserve
berserk-private-no_reserve = empty
berserk-private-muster = 🔔 Muster: bring one card of your reserve onto the field ({ $cells }), or nothing.
berserk-private-muster_sent = Your Muster is sent: { $choice }. Waiting for the other player.
berserk-private-nothing = Nothing to decide now.
berserk-private-seat = 🎲 You won the seat roll: go first or second. The first player takes the first turn of every round.

berserk-ask-main = ▶️ Your turn: a strike or an ability with its button beside the creature, or a creature in the menu, then what it does, or use /move. **End turn** when you are done.
berserk-ask-assign_defender = 🛡️ { $attacker } strikes your { $target }. You may put one of your adjacent open creatures in the way as a defender.
berserk-ask-order_triggers = 📜 Declare your triggered abilities in the order they join the queue; an optional one left out is declined.
berserk-ask-respond = ⏳ You may answer with an instant, or pass. Next to resolve: { $next }.
berserk-ask-respond-empty = ⏳ You may answer with an instant, or pass.
berserk-ask-waiting = Waiting for { $player }.

## Buttons and menus

berserk-action-choose_deck = { $id } { $deck }
berserk-action-first = Go first
berserk-action-second = Go second
berserk-action-end_turn = End turn
berserk-action-pass = Pass
berserk-action-defend = Defend with { $unit }
berserk-action-no_defender = No defender
berserk-action-move = Move { $unit } to { $cell }
berserk-action-strike = { $unit } strikes { $target }
berserk-action-activate = { $ability }: { $unit }
berserk-action-muster = Bring { $unit } to { $cell }
# a button beside the creature or card that acts (its line names it)
berserk-beside-strike = Strike { $target }
berserk-beside-move = To { $cell }
berserk-beside-defend = Defend
berserk-action-muster_none = Bring nothing
berserk-action-order = Queue { $order }
berserk-action-order_none = Queue nothing
berserk-action-recruit = Recruit
berserk-action-place = Place
berserk-action-random = Random

berserk-menu-act = Act with a creature…
berserk-menu-order = Declare the triggers…
berserk-menu-muster = Bring a card…
berserk-menu-respond = Answer with an instant…
berserk-menu-recruit = Choose the cards to recruit…
berserk-menu-more = More…
berserk-menu-back = Back
berserk-menu-done = That is all: decline the rest
berserk-step-move = Move
berserk-step-strike = Strike
berserk-step-to = to { $cell }
berserk-step-at = at { $target }
berserk-step-x = X = { $x }
berserk-step-none = nothing

## The placement form, and answers to submissions

berserk-form-title = Place your squad — game #{ $id }
berserk-form-cells = Cells in the order of your cards
berserk-form-cells-example = c3 b3 d3 reserve …
berserk-recruit-stored = Your recruitment is stored.
berserk-place-stored = Your placement is stored.
berserk-rejected-recruit = Your recruitment is rejected and nothing was stored. Every problem:
    { $problems }
berserk-rejected-place = Your placement is rejected and nothing was stored. Every problem:
    { $problems }
berserk-rejected-declare = Your declaration is rejected and nothing was stored. Every problem:
    { $problems }

berserk-problem-recruit-empty = Recruit at least one card.
berserk-problem-recruit-not_in_deck = { $card } is not in your deck.
berserk-problem-recruit-too_many_copies = { $card }: { $count } copies chosen, your deck holds { $held }.
berserk-problem-recruit-unique_twice = { $card } is unique: one copy at most.
berserk-problem-recruit-gold = Elite cards cost { $cost } gold; your budget has { $gold }.
berserk-problem-recruit-silver = Ordinary cards cost { $cost }; your { $silver } silver and { $spare_gold } spare gold pay for { $cover } at most.
berserk-problem-place-not_recruited = “{ $card }” is not one of your cards.
berserk-problem-place-placed_twice = { $card } is placed twice.
berserk-problem-place-not_placed = { $card } has no place.
berserk-problem-place-not_your_half = { $card }: { $cell } is not a cell of your rows.
berserk-problem-place-cell_taken = { $card } shares { $cell } with another card.
berserk-problem-place-reserve_full = { $count } cards in the reserve; it holds { $most } at most.
berserk-problem-place-empty_field = Put at least one card on the field.
berserk-problem-declare-unknown_trigger = No trigger { $ref } of yours is waiting.
berserk-problem-declare-listed_twice = Trigger { $ref } is listed twice.
berserk-problem-declare-repetition = Trigger { $ref } with those targets would repeat its chain.
berserk-problem-declare-bad_target = Trigger { $ref } cannot target that.
berserk-problem-declare-mandatory_missing = Trigger { $ref } is mandatory: list it.

## Event lines (the board's last move and /history)

berserk-event-deck_chosen = { $player } has chosen a deck.
berserk-event-recruited = { $player } has recruited.
berserk-event-placed = { $player } has placed.
berserk-event-muster_chosen = { $player } has chosen for the Muster.
berserk-event-your_deck = { $player } chose { $deck }.
berserk-event-your_recruits = { $player } recruited: { $cards }.
berserk-event-your_placement = { $player } placed: { $cells }.
berserk-event-your_muster = { $player } chose for the Muster: { $choice }.
berserk-event-decks_revealed = 🃏 Decks: { $decks }.
berserk-event-seat_roll = 🎲 Seat roll: { $rolls }. { $player } chooses to go first or second.
berserk-event-seats_chosen = { $player } goes { $choice ->
    [first] first
   *[second] second
}: { $first } is P1.
berserk-event-revealed = 👁️ Both squads are revealed: { $field ->
    [one] 1 creature
   *[other] { $field } creatures
} on the field; in reserve { $reserves }.
berserk-event-muster_open = 🔔 Muster: { $count ->
    [one] { $players } may bring a card in
   *[other] { $players } may each bring a card in
}.
berserk-event-mustered = 🔔 Muster: { $entries }.
berserk-event-mustered-entry = { $unit } enters on { $cell }
berserk-event-mustered-nobody = nobody comes in
berserk-event-moved = { $unit } moves { $start } → { $end }.
berserk-event-strike_declared = ⚔️ { $attacker } strikes { $target }.
berserk-event-defender = 🛡️ { $unit } defends { $target }.
berserk-event-no_defender = { $player } puts no defender in the way.
berserk-event-dice = 🎲 { $attacker } rolls { $a }, { $target } rolls { $d }.
berserk-event-dice-closed = 🎲 { $attacker } rolls { $a } against a closed creature.
berserk-event-strike_resolved = { $attacker } → { $target }: { $hit }{ $back }.
berserk-strike-hit = { $level } strike, { $value }
berserk-strike-miss = no strike
berserk-strike-back = ; strike back { $level }, { $value }
berserk-event-strike_fizzled = The strike of { $attacker } fizzles: a creature left the field.
berserk-event-activated = ✨ { $unit } uses { $ability }{ $targets }.
berserk-event-activated-targets = {" "}at { $targets }
berserk-event-activated-x = {" "}(X = { $x })
berserk-event-not_executed = { $ability } of { $unit } does nothing: its payment was changed.
berserk-event-wounded = 💔 { $unit } suffers { $count ->
    [one] 1 wound
   *[other] { $count } wounds
} from { $cause }: { $wounds } in all.
berserk-event-wounded-none = { $unit } suffers no wound from { $cause }.
berserk-event-healed = 💚 { $unit } heals { $count }: { $wounds ->
    [0] no wounds left
    [one] 1 wound left
   *[other] { $wounds } wounds left
}.
berserk-event-counters = 🔷 { $unit } gains a counter: { $counters } in all.
berserk-event-poisoned = 🧪 { $unit } is poisoned: poison { $poison }.
berserk-event-cured = { $unit } is cured of poison.
berserk-event-strike_mod = { $unit } gets { $amount } strike until the end of turn { $turn }.
berserk-event-attack = { $kind ->
    [shot] 🏹 A shot
   *[bolt] ⚡ A bolt
} of { $source } at { $target }: { $value }.
berserk-event-destroyed = ☠️ Destroyed: { $units }.
berserk-event-died = ⚰️ { $count ->
    [one] Dies
   *[other] Die
}: { $units }.
berserk-event-closed = { $unit } closes after defending.
berserk-event-triggers_declared = 📜 { $player } queues { $queued }.
berserk-event-triggers_declared-declined = 📜 { $player } queues { $queued }, and declines { $declined }.
berserk-event-queued-none = nothing
berserk-event-trigger_dropped = { $ability } of { $unit } is dropped: { $reason ->
    [repetition] it would repeat its chain
   *[no_target] it has no legal target
}.
berserk-event-passed = { $player } passes.
berserk-event-turn_started = — Round { $round }: { $player }'s turn —
berserk-event-round_cap = 🏁 The last round is over. Cost on the field: { $scores }.
berserk-event-resigned = { $player } resigned.

## The end

berserk-end-defeat = { $player } wins: the other side has no creature left on the field.
berserk-end-defeat-draw = Neither side has a creature left on the field: a draw.
berserk-end-round_cap = The last round is over: { $player } wins on the cost of the creatures on the field.
berserk-end-round_cap-draw = The last round is over, and the costs on the field are equal: a draw.
berserk-end-resigned = The other player resigned: { $player } wins.

## Errors (by the engine's codes)

error-engine-already_sent = You have already sent that; waiting for the other player.
error-engine-not_your_move = It is not your move: the game waits for the other player.
error-engine-wrong_decision = That does not answer what the game waits for from you now.
error-engine-unknown_deck = There is no deck { $deck }: the decks are D1–D4.
error-engine-not_in_reserve = { $unit } is not in your reserve.
error-engine-bad_muster_cell = A card brought in enters one of { $cells }.
error-engine-no_card = Name the card to bring in, or nothing.
error-engine-closed = { $unit } is closed: it cannot move or strike until your next turn.
error-engine-not_a_cell = { $cell } is not a cell: columns a–e, rows 1–6, like c3.
error-engine-unreachable = { $unit } cannot reach { $to } with { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} left.
error-engine-struck = { $unit } has already struck this turn.
error-engine-not_an_enemy = Strike an enemy creature on the field.
error-engine-not_adjacent = { $target } is not next to the attacker.
error-engine-not_eligible = { $unit } cannot defend this strike.
error-engine-no_creature = There is no creature on { $cell }.
error-engine-unknown_creature = There is no creature “{ $unit }”.
error-engine-not_yours = { $unit } is not one of your creatures on the field.
error-engine-no_such_ability = That creature has no ability “{ $ability }” to use.
error-engine-not_instant = Only an instant may answer now.
error-engine-x_missing = Say how many counters to spend (X).
error-engine-x_unexpected = That ability takes no X.
error-engine-cannot_pay = The ability cannot be paid now.
error-engine-no_target = The ability has no legal target now.
error-engine-bad_target = The ability cannot target that.
error-engine-bad_recruitment = The recruitment is rejected and nothing was stored.
error-engine-bad_declaration = The declaration is rejected and nothing was stored.
