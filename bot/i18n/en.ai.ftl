# Computer players in the lobby.

ai-seat_name = 🤖 { $policy }
lobby-host_only-ai = Only the host can add computer players.
lobby-button-ai_policy = Add AI: { $policy }
lobby-unknown_ai = There is no computer player called “{ $policy }” for this game.
