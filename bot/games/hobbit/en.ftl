# Hobbit's words in English: options and /rules.

## Options (the lobby)

options-hobbit-colours = Colours by seat: { $value }
options-hobbit-max_rounds = { $value ->
    [one] The team loses after 1 round
   *[other] The team loses after { $value } rounds
}
options-hobbit-edition-1 = First card edition: red Smaug cards fly as far at every table size
options-hobbit-edition-2 = Card edition 2: at two players every red Smaug card flies one space further
options-hobbit-edition-3 = Card edition 3: at two players every red Smaug card flies one space further; at four, Esgaroth's red cards two spaces less
options-hobbit-difficulty-easy = Easy: red Smaug cards of Beorn's House fly one space less, Esgaroth's one space further (two at four players)
options-hobbit-difficulty-normal = Normal difficulty: Smaug flies as the card edition says
options-hobbit-difficulty-hard = Hard: Smaug wakes and Smaug prowls fly one space further, and at three and four players Smaug hunts too

## /rules: a summary of docs/rules/hobbit.md, with the game's default round limit

rules-hobbit =
    🐉 **Together against Smaug.** 2–4 players lead the dwarves and Bilbo along a track of 50 spaces, through Mirkwood and Lake-town into Erebor. Everyone wins together — when every player has a dwarf on the last space and Bilbo is there too, or when Bard's Arrow slays Smaug — or everyone loses together: Smaug reaches Esgaroth, a player loses both dwarves, Bilbo without his ring is killed, or { $max_rounds ->
        [one] 1 round passes
       *[other] { $max_rounds } rounds pass
    } without a win.

    🧭 **Your turn.** 1. Play one of your four movement cards (1, 2, 3, 5) with one of your two dwarves, forward or back. 2. Play cards from your hand as you like: Bilbo, elves, eagles, Gandalf, scouting, a dwarf run, one trade with another player. 3. Draw 2 cards (from Esgaroth or the Treasury when a dwarf of yours stands there). Keep at most 6.

    ⚔️ **Adventures.** A dwarf moving forward onto a Mirkwood or Erebor space turns the top card of that deck. An enemy is beaten only by fight cards adding up to exactly its strength; the players whose dwarves stand there fight together, and Gandalf at that place doubles one card. A lost fight drives the figures back.

    🔥 **Smaug.** Red cards move Smaug toward Esgaroth (at two players, one space further each; at four, Esgaroth's red cards two spaces less). Before he moves, each player in turn may play Treasury cards to slow him; Dwarf Gold drives him back at any time. Smaug kills what he lands on and pushes back what he passes. A dwarf landing on Smaug attacks him with two fight cards and drives him back.

    🎚️ **Difficulty.** Normal unless /play's options say `difficulty=easy` or `difficulty=hard`. Easy: the red Smaug cards of Beorn's House fly one space less, Esgaroth's one space further (two at four players). Hard: Smaug wakes and Smaug prowls fly one space further, and at three and four players Smaug hunts too.

    🤫 **Secrets.** Your hand comes by direct message, with the menus and buttons of your own decisions — fights, trades, Smaug windows; **Private** shows it too. Everything else is public. /hobbit autopass passes Smaug windows for you whenever you hold nothing to play.

## Cards: names (the numbers are added from the card data) and what each kind does

hobbit-card-BH01 = Ori
hobbit-card-BH02 = Dori
hobbit-card-BH03 = Nori
hobbit-card-BH04 = Bifur
hobbit-card-BH05 = Bofur
hobbit-card-BH06 = Bombur
hobbit-card-BH07 = Fili
hobbit-card-BH08 = Kili
hobbit-card-BH09 = Oin
hobbit-card-BH10 = Gloin
hobbit-card-BH11 = Beorn
hobbit-card-BH12 = Bilbo 2
hobbit-card-BH13 = Bilbo 3
hobbit-card-BH14 = Scouting 2
hobbit-card-BH15 = Scouting 3
hobbit-card-BH16 = Eagle 3
hobbit-card-BH17 = Legolas 3
hobbit-card-BH18 = Tauriel 3
hobbit-card-BH19 = Dwarf run
hobbit-card-BH20 = Gandalf
hobbit-card-BH21 = Smaug wakes
hobbit-card-BH22 = Smaug prowls
hobbit-card-BH23 = Smaug hunts
hobbit-card-BH24 = Smaug circles
hobbit-card-BH25 = Smaug's shadow
hobbit-card-ES01 = Bard
hobbit-card-ES02 = Bard
hobbit-card-ES03 = Bard the Bowman
hobbit-card-ES04 = Thorin
hobbit-card-ES05 = Dwalin
hobbit-card-ES06 = Balin
hobbit-card-ES07 = Kili
hobbit-card-ES08 = Great Eagle
hobbit-card-ES09 = Legolas 4
hobbit-card-ES10 = Tauriel 4
hobbit-card-ES11 = Bilbo 4
hobbit-card-ES12 = Gandalf
hobbit-card-ES13 = Smaug's wrath
hobbit-card-ES14 = Smaug's fire
hobbit-card-ES15 = Smaug's fury
hobbit-card-TR01 = Golden Cup
hobbit-card-TR02 = Jewels of Girion
hobbit-card-TR03 = Crown of Thrór
hobbit-card-TR04 = Arkenstone
hobbit-card-TR05 = Mithril Shirt
hobbit-card-TR06 = Dwarf Gold
hobbit-card-TR07 = Bard's Arrow
hobbit-card-MW01 = Lone spider
hobbit-card-MW02 = Wood-elf guards
hobbit-card-MW03 = Spider brood
hobbit-card-MW04 = Warg pack
hobbit-card-MW05 = Giant spider
hobbit-card-MW06 = Azog
hobbit-card-MW07 = Spider web (red/yellow)
hobbit-card-MW08 = Spider web (red/blue)
hobbit-card-MW09 = Spider web (red/green)
hobbit-card-MW10 = Spider web (yellow/blue)
hobbit-card-MW11 = Spider web (yellow/green)
hobbit-card-MW12 = Spider web (blue/green)
hobbit-card-MW13 = Barrel ride
hobbit-card-MW14 = Sorrow
hobbit-card-MW15 = Enchanted stream
hobbit-card-ER01 = Orc scouts
hobbit-card-ER02 = Dol Guldur orcs
hobbit-card-ER03 = Orc raiders
hobbit-card-ER04 = Warg riders
hobbit-card-ER05 = Orc archers
hobbit-card-ER06 = Bolg
hobbit-card-ER07 = Orc warband
hobbit-card-ER08 = Smaug stirs
hobbit-card-ER09 = Dragon fire
hobbit-card-ER10 = Rumble in the deep
hobbit-card-ER11 = The ring slips
hobbit-card-ER12 = Sorrow
hobbit-card-ER13 = Rockfall
hobbit-card-ER14 = Hidden passage
hobbit-card-ER15 = The thrush
hobbit-card-key = Thorin's Key
hobbit-card-nothing = nothing
hobbit-card-move = Move { $value }

hobbit-about-dwarf = fight card of value { $value }
hobbit-about-ally = fight card of value { $value }
hobbit-about-bilbo = moves Bilbo exactly { $steps } forward or back
hobbit-about-scout = moves one of your dwarves { $steps } forward, or as far as a die shows
hobbit-about-eagle = moves any dwarf exactly { $steps } forward
hobbit-about-elf = moves any dwarf or Bilbo exactly { $steps } forward or back
hobbit-about-dwarf_run = moves one of your dwarves forward onto the space of a dwarf standing alone ahead
hobbit-about-gandalf = moves Gandalf one stop along his path
hobbit-about-smaug = Smaug flies { $base } toward Esgaroth, { $bonus } more unless Gandalf is at his lair
hobbit-about-reduce = in a Smaug window: his flight { $amount } shorter
hobbit-about-crown = in a Smaug window: his flight shorter by the card's bonus + { $extra }
hobbit-about-arkenstone = in a Smaug window: Smaug does not fly at all
hobbit-about-mithril = in a Smaug window: whoever Smaug would kill in this flight is pushed back instead
hobbit-about-dwarf_gold = drives Smaug { $steps } back toward his lair — at any time he is on the track
hobbit-about-arrow = in a window against a flight that would reach Esgaroth: a die of { $hit } or more slays Smaug and everyone wins
hobbit-about-enemy = enemy of strength { $strength }{ $chain ->
    [yes] ; beaten, the next card of its deck follows
   *[other] {""}
}
hobbit-about-web = entangles a { $colours } dwarf
hobbit-about-barrel = carries a figure forward as far as a die shows
hobbit-about-sorrow = a die of 1–3: { $discards } cards discarded; { $whole }–6: the whole hand
hobbit-about-stream = a figure is swept { $steps } back
hobbit-about-rockfall = a figure is knocked { $steps } back
hobbit-about-passage = a figure goes { $steps } forward
hobbit-about-ring_slips = Bilbo's ring slips off onto this space
hobbit-about-thrush = a Treasury card for the player whose figure it picks
hobbit-about-move_card = your movement card: one of your dwarves { $value } forward or back
hobbit-about-key = opens the door on 44 when one of your dwarves stands there; never counted in your hand

## Figures, colours, decks, spaces, Gandalf

hobbit-bilbo = Bilbo
hobbit-colour-R = red
hobbit-colour-Y = yellow
hobbit-colour-B = blue
hobbit-colour-G = green
hobbit-figure-dead = { $figure } ✝️
hobbit-deck-beorn = Beorn's House
hobbit-deck-esgaroth = Esgaroth
hobbit-deck-treasury = Treasury
hobbit-deck-mirkwood = Mirkwood
hobbit-deck-erebor = Erebor
hobbit-lair = Smaug's lair
hobbit-space-START = start
hobbit-space-PLAIN = plain
hobbit-space-MIRKWOOD = Mirkwood
hobbit-space-ESGAROTH = Esgaroth
hobbit-space-DRAGON = the dragon space
hobbit-space-EREBOR = Erebor
hobbit-space-RUNE = the rune
hobbit-space-GATE = the gate
hobbit-space-KEY = the door
hobbit-space-TREASURY = Treasury
hobbit-space-FINISH = the goal
hobbit-stop-G_START = by the start
hobbit-stop-G_MIRKWOOD = at Mirkwood
hobbit-stop-G_EREBOR = at Erebor
hobbit-stop-G_LAIR = at Smaug's lair
hobbit-stop_does-G_START = he does nothing there
hobbit-stop_does-G_MIRKWOOD = he doubles one card in each Mirkwood fight and in freeing a dwarf from a web
hobbit-stop_does-G_EREBOR = he doubles one card in each Erebor fight and the push against Smaug
hobbit-stop_does-G_LAIR = Smaug cards lose their bonus
hobbit-ring-bilbo = Bilbo wears the ring
hobbit-ring-treasury = the ring is in the Treasury: Bilbo puts it on again on a Treasury space
hobbit-ring-lying = the ring lies on { $space }: Bilbo puts it on again there
hobbit-key-boxed = in the box
hobbit-key-held = held by { $player }

## The board

hobbit-board-round = **Round { $round } of { $max }** · { $player }'s turn · { $phase }
hobbit-phase-p1 = phase 1: a movement card
hobbit-phase-p2 = phase 2: playing cards
hobbit-phase-p3 = phase 3: drawing 2 cards
hobbit-phase-limit = keeping 6 cards
hobbit-phase-over = the game is over
hobbit-board-waiting-p1 = ⏳ { $player } plays a movement card (in direct messages).
hobbit-board-waiting-p2 = ⏳ { $player } plays cards or ends phase 2 (in direct messages).
hobbit-board-waiting-p3 = ⏳ { $player } draws: choose the deck below.
hobbit-board-waiting-limit = ⏳ { $player } discards down to 6 cards (in direct messages).
hobbit-board-waiting-target = ⏳ { $player } chooses the figure the adventure affects, below.
hobbit-board-waiting-scout = ⏳ { $player } chooses the dwarf the Scouting die moves, below.
hobbit-board-waiting-fight = ⏳ { $player } submits fight cards (in direct messages).
hobbit-board-waiting-attack = ⏳ { $player } attacks Smaug with two fight cards (in direct messages).
hobbit-board-waiting-sorrow = ⏳ { $player } discards for the Sorrow (in direct messages).
hobbit-board-waiting-trade_reply = ⏳ { $player } answers a trade offer (in direct messages).
hobbit-board-waiting-window = ⏳ { $player } plays a Treasury card or passes (in direct messages).
hobbit-board-smaug = 🐉 Smaug
hobbit-smaug-lair = { $mark } Smaug sleeps in his lair beside the gate.
hobbit-smaug-on = { $mark } Smaug is on { $space }.
hobbit-smaug-window = Smaug window for **{ $card }**: he will fly { $pending ->
    [one] **1** step
   *[other] **{ $pending }** steps
} (bonus { $bonus }), entering { $spaces }.
hobbit-smaug-window_turn = { $player } plays a Treasury card or passes; { $passes ->
    [one] 1 pass
   *[other] { $passes } passes
} in a row so far, { $close } close the window.
hobbit-smaug-mithril = The Mithril Shirt is on: whoever Smaug lands on is pushed back, not killed.
hobbit-board-pieces = 🧙 Gandalf, the ring and the door
hobbit-pieces-gandalf = 🧙 Gandalf is { $stop }: { $does }.
hobbit-pieces-door = 🚪 { $open ->
    [yes] The door is open.
   *[other] The door on 44 is locked.
} Thorin's Key: { $holder }.
hobbit-board-players = 🧭 The fellowship
hobbit-board-player = { $player }: { $dwarves } · { $hand ->
    [one] 1 card
   *[other] { $hand } cards
} · moves { $moves } { $keymark }
hobbit-board-bilbo = { $dead ->
    [yes] Bilbo is dead.
   *[other] Bilbo is on { $space }{ $ring ->
        [yes] , wearing the ring 💍
       *[other] , without his ring
    }.
}
hobbit-board-decks = 🃏 Decks
hobbit-board-piles = Discard pile { $discard } · box { $box }
hobbit-board-face_up = { $mark } Face up on { $deck }: **{ $card }** — fought next there.
hobbit-board-fight = ⚔️ Fight
hobbit-fight-against = **{ $card }** (strength { $strength }) on { $space }; party { $party }.
hobbit-fight-submitted = { $player } submitted { $count ->
    [0] no cards
   *[other] { $cards }
}.
hobbit-fight-waiting = Still to submit, in order: { $players }.
hobbit-fight-doubling = Gandalf is here: { $player } may double one submitted card.
hobbit-board-trade = 🤝 Trades this turn
hobbit-board-trades = { $offers ->
    [one] 1 offer
   *[other] { $offers } offers
} of 3 made{ $done ->
    [yes] ; a trade was made
   *[other] {""}
}.
hobbit-board-offer = { $player } made { $partner } an offer, seen only by the two of them.
hobbit-board-draws = 🃏 Drawing
hobbit-board-draws_left = { $count ->
    [one] 1 draw
   *[other] { $count } draws
} left; Esgaroth { $esgaroth }, Treasury { $treasury } (dwarves standing there).
hobbit-board-target = 🎯 Whom the adventure affects
hobbit-board-target_line = **{ $card }** on { $space }: one of { $figures }.
hobbit-board-scout = 🔭 Scouting
hobbit-board-scout_line = The die shows { $die }: one of the player's dwarves moves that far, or the card is discarded.
hobbit-board-sorrow = 😢 Sorrow
hobbit-board-sorrow_line = { $player } discards { $count ->
    [one] 1 card
   *[other] { $count } cards
} of their choice.
hobbit-board-attack = ⚔️ Attack on Smaug
hobbit-board-attack_line = { $figure } landed on Smaug on { $space }: the highest fight card breaks his armour, a second drives him back.
hobbit-board-track = The track
hobbit-board-legend = Legend
hobbit-board-footer = Round { $round } of { $max } · /hobbit autopass passes Smaug windows for you when you hold nothing to play

## How the game ended

hobbit-end-erebor_reached = Every player has a dwarf on the goal, and Bilbo is there too.
hobbit-end-smaug_slain = Bard's Arrow slew Smaug.
hobbit-end-smaug_reached_esgaroth = Smaug reached Esgaroth.
hobbit-end-dwarves_lost = A player lost both dwarves.
hobbit-end-bilbo_killed = Bilbo was killed without his ring.
hobbit-end-round_limit = The last round ended without a win.
hobbit-end-resigned = A player left, and the fellowship cannot go on without them.

## The picture's words and legend

hobbit-picture-caption = Round { $round } of { $max } · { $player }'s turn
hobbit-picture-dead = Dead
hobbit-picture-lair = Lair
hobbit-picture-face_up = { $deck }: { $card }
hobbit-picture-gandalf_letter = G
hobbit-picture-bilbo_letter = B
hobbit-legend-start = start: any number of figures
hobbit-legend-plain = plain space
hobbit-legend-mirkwood = Mirkwood: an adventure
hobbit-legend-esgaroth = Esgaroth: draw from Esgaroth
hobbit-legend-dragon = dragon space: Smaug here loses the game
hobbit-legend-erebor = Erebor: an adventure
hobbit-legend-rune = the rune
hobbit-legend-gate = the gate, where Smaug leaves his lair
hobbit-legend-key = the door space
hobbit-legend-treasury = Treasury: draw Treasury cards
hobbit-legend-finish = the goal: any number of figures
hobbit-legend-dwarf = a dwarf, in its player's colour
hobbit-legend-entangled = a dwarf entangled in a web
hobbit-legend-dead = dead
hobbit-legend-bilbo_ring = Bilbo wearing the ring
hobbit-legend-bilbo_bare = Bilbo without the ring
hobbit-legend-ring = the lost ring
hobbit-legend-ring_treasury = the ring in the Treasury
hobbit-legend-smaug = Smaug
hobbit-legend-smaug_path = where Smaug flies if nobody stops him
hobbit-legend-lair = Smaug's lair, off the track
hobbit-legend-door_locked = the locked door after 44
hobbit-legend-door_open = the door, open
hobbit-legend-gandalf = Gandalf on his stop
hobbit-legend-face_up = an enemy face up on its deck

## A player's private view

hobbit-private-hand = ✋ Your hand ({ $count ->
    [one] 1 card
   *[other] { $count } cards
})
hobbit-private-empty = No cards.
hobbit-private-offer = 🤝 The trade offer
hobbit-private-offer_to = You offered { $player } **{ $give }**, paying **{ $price }** if they accept.
hobbit-private-offer_from = { $player } offers you **{ $give }** and pays **{ $price }** to the discard pile. Accept with what you give back, or decline.
hobbit-private-yours = { $mark } Your dwarves ({ $colour })
hobbit-private-moves = Movement cards: { $moves } (struck through: used)
hobbit-ask-waiting = Nothing to decide now: waiting for { $players }.
hobbit-ask-gold = 💰 You may play **Dwarf Gold** now: it drives Smaug back.
hobbit-ask-p1 = **Your turn, phase 1.** Play a movement card with one of your dwarves (menu below). Before it you may free a dwarf from a web or open the door.
hobbit-ask-p2 = **Phase 2.** Play cards from your hand as you like, offer one trade, then **End phase 2**.
hobbit-ask-p3 = **Phase 3.** Draw { $count ->
    [one] 1 more card
   *[other] { $count } cards
}: choose the deck (on the board too).
hobbit-ask-limit = **Hand limit.** Discard { $count ->
    [one] 1 card
   *[other] { $count } cards
} to keep 6.
hobbit-ask-target = Choose the figure **{ $card }** affects.
hobbit-ask-scout = The Scouting die shows **{ $die }**: move one of your dwarves that far, or discard the card.
hobbit-ask-fight = **Fight against { $card } (strength { $strength }).** Choose your fight cards: the total must be exactly { $strength }; { $so_far } submitted so far.{ $doubling ->
    [yes] {" "}Gandalf is here: you may double one card, yours or one submitted before.
   *[other] {""}
}
hobbit-ask-double = Chosen: { $cards }. Now choose the card Gandalf doubles, or none.
hobbit-ask-attack = **Attack on Smaug.** Your highest fight card breaks his armour; choose it and the card that drives him back.
hobbit-ask-sorrow = **Sorrow.** Discard { $count ->
    [one] 1 card
   *[other] { $count } cards
} of your choice.
hobbit-ask-trade_reply = **{ $player } offers you a trade** (below): accept with what you give back, or decline.
hobbit-ask-window = **Smaug window for { $card }:** he will fly { $pending ->
    [one] 1 step
   *[other] { $pending } steps
}. Play a Treasury card or pass.

## Buttons, menus and what they say

hobbit-action-end_phase2 = End phase 2
hobbit-action-open_door = Open the door
hobbit-action-pass_window = Pass
hobbit-action-trade_decline = Decline
hobbit-action-draw = Draw from { $deck }
hobbit-action-play_treasury = Play { $card }
hobbit-action-trade_accept = { $nothing ->
    [yes] Accept, giving nothing back
   *[other] Accept, giving { $give }
}
hobbit-action-choose_target = { $figure }
hobbit-action-scout_choose = Move { $figure } { $die } forward
hobbit-action-scout_discard = Discard the card
hobbit-action-skip_move_card = Turn { $card } face down without moving
hobbit-action-fight_none = Fight with no cards
hobbit-action-fight_none_double = No cards of mine; double { $card }
hobbit-action-fight = Fight with { $cards } ({ $total }){ $doubling }
hobbit-action-doubling = , doubling { $card }
hobbit-action-free_web = Free { $figure } with { $cards }
hobbit-action-discard_to_limit = Discard { $cards }
hobbit-action-sorrow_discard = Discard { $cards }
hobbit-action-attack = Armour: { $armour } · push: { $push }
hobbit-action-trade_offer = Offer { $partner } { $give } for { $price }
# A card's button beside it in a seat's message: plays it, or opens the menu of what it moves where.
hobbit-subject-play = Play
hobbit-menu-move = Movement card and dwarf…
hobbit-menu-play = Play a card from your hand…
hobbit-menu-trade = Offer a trade…
hobbit-menu-attack = Armour and push…
hobbit-menu-back = Back
hobbit-menu-done = This one
hobbit-menu-more = More…
hobbit-menu-fight = Your fight cards (several at once)…
hobbit-menu-double = The card Gandalf doubles…
hobbit-menu-no_double = No card doubled
hobbit-menu-double_card = Double { $card } (+{ $value })
hobbit-menu-as_value = { $card } as { $value }
hobbit-menu-value = counts { $value }
hobbit-menu-web = Free { $figure }: fight cards totalling 20 or more…
hobbit-menu-limit = Discard { $count ->
    [one] 1 card
   *[other] { $count } cards
}…
hobbit-menu-sorrow = Discard { $count ->
    [one] 1 card
   *[other] { $count } cards
} for the Sorrow…
hobbit-step-figure = { $figure } { $dir ->
    [back] back
   *[other] forward
}
hobbit-step-gandalf = Gandalf to { $stop }
hobbit-step-gandalf_dir = Gandalf { $dir ->
    [back] back one stop
   *[other] on one stop
}
hobbit-step-scout_die = Roll the die
hobbit-step-partner = With { $partner }
hobbit-step-give = { $nothing ->
    [yes] Ask for Thorin's Key
   *[other] Give { $card }
}
hobbit-step-price = Pay { $price }
hobbit-step-armour = Armour: { $card }
hobbit-step-push = Push with { $card } ({ $value })

## /hobbit

hobbit-cmd-description = Your own Hobbit settings
hobbit-cmd-autopass-description = Pass Smaug windows for you whenever you hold no Treasury card to play
hobbit-cmd-autopass-switch = On or off (leave it out to see your setting)
hobbit-cmd-autopass-on = on
hobbit-cmd-autopass-off = off
hobbit-autopass-on = Auto-pass is **on**: in every Hobbit game I pass Smaug windows for you when you hold no Treasury card you could play. (The table can tell from how fast you pass.)
hobbit-autopass-off = Auto-pass is **off**: you answer every Smaug window yourself.

## Refused actions, naming the card or figure

hobbit-refusal-not_in_hand = { $card } is not in your hand.
hobbit-refusal-twice = { $named ->
    [yes] { $card } is named twice.
   *[other] A card is named twice.
}
hobbit-refusal-not_fight_card = { $card } is not a fight card.
hobbit-refusal-bad_value = { $card } cannot count that much: choose one of its values.
hobbit-refusal-face_down = { $card } is face down: it was used.
hobbit-refusal-not_your_card = { $card } is not one of your movement cards.
hobbit-refusal-wrong_card = { $card } is not that kind of card.
hobbit-refusal-not_submitted = { $card } is not among the cards submitted.
hobbit-refusal-not_your_dwarf = { $figure } is not one of your dwarves.
hobbit-refusal-not_entangled = { $figure } is not entangled.
hobbit-refusal-not_eligible = { $figure } cannot be chosen.
hobbit-refusal-dead = { $figure } is dead.
hobbit-refusal-finished = { $figure } has reached the goal and never moves again.
hobbit-refusal-entangled = { $figure } is entangled in a web and cannot be moved.
hobbit-refusal-below_start = { $figure } cannot go back past the start.
hobbit-refusal-smaug_blocks = Smaug blocks the way of { $figure }.
hobbit-refusal-door_locked = The locked door on 44 stops { $figure }.
hobbit-refusal-attack_needs_cards = Moving { $figure } onto Smaug is an attack, which needs 2 fight cards in the hand of the player whose turn it is.
hobbit-refusal-full = That space is full: { $figure } cannot end there.
hobbit-refusal-rune = { $figure } may enter the goal only once its partner has reached the rune (29) or is dead.

## Event lines (the board's last move, /history)

hobbit-event-turn_started = — { $player } begins a turn (round { $round }) —
hobbit-event-moved = { $figure }: { $from } → { $to } ({ $cause ->
    [move_card] movement card
    [bilbo] Bilbo card
    [elf] elf card
    [eagle] eagle
    [dwarf_run] dwarf run
    [scout] scouting
    [barrel] barrel ride
    [passage] hidden passage
    [stream] enchanted stream
    [rockfall] rockfall
    [fight] lost fight
    [smaug] pushed by Smaug
   *[other] { $cause }
})
hobbit-event-killed = { $figure } is killed on { $space }.
hobbit-event-stayed = { $figure } cannot move on from { $space }.
hobbit-event-move_card_played = { $player } plays { $card }.
hobbit-event-move_card_skipped = { $player } turns { $card } face down without moving.
hobbit-event-move_cards_refreshed = { $player }'s movement cards are all face up again.
hobbit-event-card_played = { $player } plays { $card } on { $figure }.
hobbit-event-gandalf_moved = { $player } plays { $card }: Gandalf goes from { $from } to { $to }.
hobbit-event-door_opened = { $player } opens the door with Thorin's Key.
hobbit-event-adventure = Adventure on { $space } ({ $deck }): **{ $card }** — party { $party }.
hobbit-event-fight = Fight against { $card } (strength { $strength }): { $players }.
hobbit-event-fight_submitted = { $player } submits { $count ->
    [0] no cards
   *[other] { $cards }
}{ $doubling ->
    [yes] , doubling { $doubled }
   *[other] {""}
}.
hobbit-event-fight_won = Won: { $total } = { $strength }; { $card } goes to the box.
hobbit-event-fight_lost = Lost: { $total } ≠ { $strength }; the die shows { $die }, the party goes back { $back }.
hobbit-event-entangled = { $figure } is entangled in a web on { $space }.
hobbit-event-freed = { $figure } is freed { $how ->
    [ring] by Bilbo wearing the ring
    [turn_start] by Bilbo wearing the ring beside it
    [cards] with fight cards
   *[other] {""}
}.
hobbit-event-no_effect = { $named ->
    [yes] { $card } has no effect on { $space }.
   *[other] Nothing happens on { $space }.
}
hobbit-event-target_chosen = { $player } chooses { $figure } for { $card }.
hobbit-event-die = { $card }: the die shows { $die }.
hobbit-event-sorrow = Sorrow on { $figure }: the die shows { $die } for { $player }.
hobbit-event-discarded = { $player } discards { $count ->
    [0] nothing
   *[other] { $cards }
} ({ $why ->
    [sorrow] Sorrow
    [free_web] freeing a dwarf
    [limit] hand limit
   *[other] { $why }
}).
hobbit-event-ring_slipped = The ring slips off onto { $space }: Bilbo stands bare on { $bilbo }.
hobbit-event-ring_put_on = Bilbo puts the ring on again on { $space }.
hobbit-event-ring_to_treasury = Smaug carries the ring from { $space } into the Treasury.
hobbit-event-smaug_card = Smaug card **{ $card }**: he will fly { $pending ->
    [one] 1 step
   *[other] { $pending } steps
} (bonus { $bonus }).
hobbit-event-red_drawn = { $player } draws a red card from { $deck }: **{ $card }**.
hobbit-event-drew = { $player } draws from { $deck }.
hobbit-event-drew_card = { $player } drew { $card } from { $deck }.
hobbit-event-draw_skipped = { $player } has nothing to draw.
hobbit-event-reshuffled = The discard pile becomes Beorn's House ({ $count ->
    [one] 1 card
   *[other] { $count } cards
}).
hobbit-event-phase3 = { $player } draws 2 (Esgaroth { $esgaroth }, Treasury { $treasury }).
hobbit-event-treasury_played = { $player } plays **{ $card }**{ $pending ->
    [none] {""}
   *[other] : Smaug will fly { $pending }
}.
hobbit-event-window_passed = { $player } passes.
hobbit-event-window_closed = The window closes: Smaug flies { $pending }.
hobbit-event-arrow = Bard's Arrow: the die shows { $die } — { $hit ->
    [yes] Smaug is slain!
   *[other] a miss.
}
hobbit-event-smaug_moved = { $steps ->
    [0] Smaug does not move.
    [one] Smaug flies 1 step, to { $to }.
   *[other] Smaug flies { $steps } steps, to { $to }.
}
hobbit-event-smaug_driven_back = { $cause ->
    [dwarf_gold] Dwarf Gold drives
   *[other] The attack drives
} Smaug back to { $to }{ $lost ->
    [0] {""}
    [one] {" "}(1 step lost)
   *[other] {" "}({ $lost } steps lost)
}.
hobbit-event-attack_started = { $figure } lands on Smaug on { $space } and attacks him.
hobbit-event-attack = { $player } breaks the armour with { $armour } and pushes with { $push }: { $steps ->
    [one] 1 step
   *[other] { $steps } steps
} back.
hobbit-event-scout_rolled = { $player } plays { $card }: the die shows { $die }.
hobbit-event-scout_moved = { $player } moves { $figure } { $die } forward by scouting.
hobbit-event-scout_discarded = { $player } discards { $card } unused.
hobbit-event-trade_offered = { $player } offers { $partner } a trade ({ $offers } of 3 this turn).
hobbit-event-trade_offer = Offer { $player } → { $partner }: { $give } for { $price }.
hobbit-event-trade_declined = { $player } declines { $partner }'s offer.
hobbit-event-trade_accepted = { $player } accepts { $partner }'s offer; { $partner } pays { $price }{ $keypass ->
    [yes] ; Thorin's Key passes from { $from }
   *[other] {""}
}.
hobbit-event-trade_swapped = { $player } gave { $gave } to { $partner } and got { $got }.
hobbit-event-resigned = { $player } leaves the game.
hobbit-event-game_over = { $won ->
    [yes] The fellowship wins!
   *[other] The fellowship loses.
}
