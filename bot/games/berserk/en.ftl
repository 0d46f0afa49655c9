# Berserk's words in English: options, /rules.

## Options (the lobby and /play's choices): options-<game>-<option>

options-berserk-round_cap = Rounds before the game is scored: { $value }

## /rules: a summary of docs/rules/berserk.md

rules-berserk =
    ⚔️ **A duel of two squads.** Each player secretly chooses one of four decks, recruits creatures within 24 gold and 22 silver, and places them face down on his own three rows of a 5 × 6 field (columns a–e, rows 1–6) or in a reserve of two. Both sides are revealed together.

    🔁 **A turn.** Your closed creatures open, poison wounds, then as often as you like: move a creature, strike an adjacent enemy, or use an ability, and end your turn. From round 2 a Muster lets each player bring in one reserve card.

    🎲 **Strikes.** The attacker rolls, an open target rolls back; the difference picks a weak, medium or strong strike and maybe a strike back. The struck player may put an adjacent open creature in the way as a defender.

    ⏳ **Answers.** Strikes and abilities wait on a stack, triggered abilities in a queue; after each step both players may answer with an instant or pass.

    🏁 **The end.** A player with no creature on the field loses. After { $round_cap } rounds the higher total cost of creatures on the field wins.
