# Hobbit's words in English: options and /rules.

## Options (the lobby)

options-hobbit-colours = Colours by seat: { $value }
options-hobbit-max_rounds = { $value ->
    [one] The team loses after 1 round
   *[other] The team loses after { $value } rounds
}

## /rules: a summary of docs/rules/hobbit.md, with the game's default round limit

rules-hobbit =
    🐉 **Together against Smaug.** 2–4 players lead the dwarves and Bilbo along a track of 50 spaces, through Mirkwood and Lake-town into Erebor. Everyone wins together — when every player has a dwarf on the last space and Bilbo is there too, or when Bard's Arrow slays Smaug — or everyone loses together: Smaug reaches Esgaroth, a player loses both dwarves, Bilbo without his ring is killed, or { $max_rounds ->
        [one] 1 round passes
       *[other] { $max_rounds } rounds pass
    } without a win.

    🧭 **Your turn.** 1. Play one of your four movement cards (1, 2, 3, 5) with one of your two dwarves, forward or back. 2. Play cards from your hand as you like: Bilbo, elves, eagles, Gandalf, scouting, a dwarf run, one trade with another player. 3. Draw 2 cards (from Esgaroth or the Treasury when a dwarf of yours stands there). Keep at most 6.

    ⚔️ **Adventures.** A dwarf moving forward onto a Mirkwood or Erebor space turns the top card of that deck. An enemy is beaten only by fight cards adding up to exactly its strength; the players whose dwarves stand there fight together, and Gandalf at that place doubles one card. A lost fight drives the figures back.

    🔥 **Smaug.** Red cards move Smaug toward Esgaroth. Before he moves, each player in turn may play Treasury cards to slow him; Dwarf Gold drives him back at any time. Smaug kills what he lands on and pushes back what he passes. A dwarf landing on Smaug attacks him with two fight cards and drives him back.

    🤫 **Secrets.** Your hand comes by direct message, with the buttons of your own decisions; **Private** shows it too. Everything else is public.
