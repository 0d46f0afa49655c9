# Berserk's web board: what a page says differently from a Discord message (a click on the
# field instead of a menu or a form).

berserk-web-phase-deck = 🃏 Both players choose a deck in secret. Both choices are revealed together.
berserk-web-phase-recruit = 🪖 Both players recruit their squads in secret, each within his deck's budget.
berserk-web-phase-place = 🗺️ Both players place their squads in secret on their own three rows or in a reserve. Both sides are revealed together.
berserk-web-waiting-main = ▶️ { $player } acts: a creature, then what it does. **End turn** when done.
berserk-web-waiting-assign_defender = 🛡️ { $player } chooses a defender for this strike.
berserk-web-waiting-order_triggers = 📜 { $player } declares triggered abilities in queue order.
berserk-web-waiting-respond = ⏳ { $player } may answer with an instant or pass.
berserk-web-waiting-muster = 🔔 The Muster of round { $round }: each player may bring one card of his reserve onto the field, in secret.

berserk-web-ask-choose_deck = 🃏 Choose your deck, or **Random**. Both choices are revealed together.
berserk-web-ask-recruit = 🪖 Your deck: **{ $deck }**, your budget **{ $gold } gold + { $silver } silver**. Elite cards cost gold, ordinary ones silver; spare gold pays for ordinary cards too. Pick the cards (a card again takes its next copy), then **Recruit**; every limit a squad breaks is named, and nothing is kept until it is valid. Or **Random**.
berserk-web-ask-place = 🗺️ Place your squad: the highlighted card goes to the cell you pick (rows { $rows }), then the next one; **To the reserve** keeps it back ({ $reserve } at most). Pick a card in the list to change it. Then **Place**, or **Random**.
berserk-web-ask-main = ▶️ Your turn: pick one of your creatures on the field, then a cell to move to, an enemy to strike, or an ability. **End turn** when you are done.

berserk-web-step-move = Move to { $cell }
berserk-web-step-strike = Strike { $target }

berserk-web-unit-about = { $name } ({ $player }) · strike { $strike } · life { $life }/{ $max }
berserk-web-you = you
berserk-web-budget = { $gold } gold + { $silver } silver
berserk-web-side = { $creatures ->
    [one] 1 creature
   *[other] { $creatures } creatures
} on the field, { $cost } in cost · reserve { $reserve }
berserk-web-graveyard = { $count ->
    [one] Graveyard (1)
   *[other] Graveyard ({ $count })
}
berserk-web-sent = ✅ has sent it
berserk-web-deciding = ⏳ is choosing
berserk-web-field = The field: arrow keys move between cells, Enter picks
berserk-web-empty = empty
berserk-web-detail = Point at a cell or a card, or focus it, to read what it is.
berserk-web-your_deck = Your deck: { $deck }
berserk-web-gold_left = Gold left:
berserk-web-silver_left = Silver left:
berserk-web-deck_cards = The cards of your deck
berserk-web-picked = Your squad, in order:
berserk-web-recruit_send = Recruit
berserk-web-to_reserve = To the reserve
berserk-web-reset = Start again
berserk-web-place_send = Place
