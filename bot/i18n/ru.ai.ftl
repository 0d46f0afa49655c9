# Компьютерные игроки в лобби.

ai-seat_name = 🤖 { $policy }
lobby-host_only-ai = Добавлять компьютерных игроков может только ведущий.
lobby-button-ai_policy = Добавить ИИ: { $policy }
lobby-unknown_ai = Для этой игры нет компьютерного игрока «{ $policy }».
