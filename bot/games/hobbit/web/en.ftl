## Hobbit's board on the web page

hobbit-web-decision = Your decision
hobbit-web-pick_card = Pick a card in your hand or a movement card, then the figure it moves (on the track or in the list).
hobbit-web-then = What it moves
hobbit-web-hand = Your hand: { $count ->
    [one] 1 card
   *[other] { $count } cards
}
hobbit-web-move_cards = Your movement cards
hobbit-web-used = used
hobbit-web-track = The track
hobbit-web-cards = { $count ->
    [one] 1 card
   *[other] { $count } cards
}
hobbit-web-space = Space { $space }: { $what }
hobbit-web-stop = Gandalf's stop { $stop }: { $does }
hobbit-web-at = { $figure } on { $space }{ $entangled ->
    [yes] {" "}(in a web)
   *[other] {""}
}
hobbit-web-piece-dwarf = { $figure }: { $player }'s { $colour } dwarf{ $entangled ->
    [yes] , caught in a web
   *[other] {""}
}
hobbit-web-piece-bilbo = { $ring ->
    [yes] Bilbo, wearing the ring
   *[other] Bilbo, without his ring
}
hobbit-web-waiting-p1 = ⏳ { $player } plays a movement card.
hobbit-web-waiting-p2 = ⏳ { $player } plays cards or ends phase 2.
hobbit-web-waiting-p3 = ⏳ { $player } chooses the decks to draw from.
hobbit-web-waiting-limit = ⏳ { $player } discards down to 6 cards.
hobbit-web-waiting-target = ⏳ { $player } chooses the figure the adventure affects.
hobbit-web-waiting-scout = ⏳ { $player } chooses the dwarf the Scouting die moves.
hobbit-web-waiting-fight = ⏳ { $player } submits fight cards.
hobbit-web-waiting-attack = ⏳ { $player } attacks Smaug with two fight cards.
hobbit-web-waiting-sorrow = ⏳ { $player } discards for the Sorrow.
hobbit-web-waiting-trade_reply = ⏳ { $player } answers a trade offer.
hobbit-web-waiting-window = ⏳ { $player } plays a Treasury card or passes.
hobbit-web-ask-p1 = **Your turn, phase 1.** Pick one of your movement cards, then the dwarf it moves. Before it you may free a dwarf from a web or open the door.
hobbit-web-ask-p3 = **Phase 3.** Draw { $count ->
    [one] 1 more card
   *[other] { $count } cards
}: choose the deck.
hobbit-web-tree-trade = Offer a trade: the partner, what you give, then the two cards you pay
hobbit-web-tree-attack = Attack: the card that breaks the armour, then the one that drives Smaug back
hobbit-web-compose-fight = Fight cards against { $card } (strength { $strength }): pick them, then confirm
hobbit-web-compose-web = Free { $figure } from the web: fight cards worth at least { $goal }
hobbit-web-compose-discard_to_limit = Choose { $count ->
    [one] 1 card
   *[other] { $count } cards
} to discard
hobbit-web-compose-sorrow_discard = Choose { $count ->
    [one] 1 card
   *[other] { $count } cards
} to discard for the Sorrow
hobbit-web-confirm-fight = Fight with the chosen cards
hobbit-web-confirm-web = Free { $figure }
hobbit-web-confirm-discard = Discard the chosen cards
hobbit-web-double_own = Gandalf doubles { $card }
hobbit-web-total = Total:
hobbit-web-chosen = chosen:
