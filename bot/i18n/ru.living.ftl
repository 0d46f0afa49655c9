# Живые игры сервера: /config, время на ход и напоминания, /games, /history, /export.

## /config

cmd-config-description = Настройки игр сервера: время на ход, напоминания, отсутствующие игроки, каналы
cmd-config-turn_limit = Минут на ход (не меньше 1; по умолчанию 1440 = 24 ч)
cmd-config-reminder = Через сколько минут хода напомнить игроку (0 = не напоминать)
cmd-config-on_timeout = Что происходит, когда время хода истекло
cmd-config-on_timeout-ai = Ход делает компьютер
cmd-config-on_timeout-remove = Ход делает компьютер; после N пропусков игрок выбывает
cmd-config-remove_after = Сколько пропусков подряд до выбывания игрока
cmd-config-allow_channel = Разрешить игры в этом канале
cmd-config-disallow_channel = Больше не разрешать игры в этом канале
cmd-config-any_channel = Снова разрешить игры во всех каналах
cmd-config-pictures = Показывать карты картинками (выкл.: текстом)
cmd-config-rate_computers = Учитывать в рейтинге игры с компьютером (у каждого уровня свой рейтинг)
living-config_title = Настройки игр этого сервера
living-config_turn_limit = Время на ход
living-config_reminder = Напоминание через
living-config_off = нет
living-config_on_timeout = Когда время истекло
living-config_on_timeout_ai = ход делает компьютер
living-config_on_timeout_remove = ход делает компьютер; после { $n } { $n ->
    [one] пропуска
   *[other] пропусков подряд
} игрок выбывает
living-config_channels = Каналы для игр
living-config_any_channel = любой канал
living-config_pictures = Картинки
living-config_pictures_on = Карты показываются картинками.
living-config_pictures_off = Карты показываются текстом.
living-config_rate_computers = Игры с компьютерными игроками
living-config_rate_computers_on = Идут в рейтинг: у каждого уровня компьютера свой рейтинг.
living-config_rate_computers_off = Не идут в рейтинг.
living-config_guild_only = Настройки относятся к серверу: вызовите /config в канале сервера.
living-config_admin_only = Менять настройки игр могут только участники с правом «Управлять сервером».
living-config_invalid = Такие настройки нельзя применить, ничего не изменено: { $problems }
living-config_saved = Настройки сохранены.
living-hours_minutes = { $h } ч { $m } мин
living-hours = { $h } ч
living-minutes = { $m } мин

## Время на ход

living-play_channel = В этом канале нельзя начинать игры. Используйте { $channels }.
living-deadline = Время на ход
living-deadline_line = { $player }: истекает { $at }
living-reminder = ⏰ Ваш ход в игре { $title } №{ $id }. Время истекает { $deadline }: { $url }
living-reminder_channel = ⏰ { $player }, ваш ход в игре { $title } №{ $id }. Время истекает { $deadline }.
living-timeout_played = ⌛ У { $player } истекло время: ход за него делает компьютер.
living-timeout_removed = ⌛ У { $player } { $missed } { $missed ->
    [one] раз
    [few] раза
   *[many] раз
} подряд истекло время, он выбывает из игры.

## /games, /history, /export

cmd-games-description = Идущие игры этого сервера
cmd-history-description = Последние ходы игры этого канала
cmd-history-game = Номер игры (по умолчанию — игра этого канала)
cmd-export-description = Скачать запись игры (зерно и ходы)
cmd-export-game = Номер игры (по умолчанию — игра этого канала)
living-no_such_game = На этом сервере нет игры №{ $id }.
living-games_title = Игры этого сервера
living-games_none = Идущих игр нет. Начните с /play.
living-games_line-lobby = { $title } №{ $id } — лобби, за столом { $players } { $players ->
    [one] игрок
    [few] игрока
   *[many] игроков
} — { $url }
living-games_line-active = { $title } №{ $id } — идёт, { $players } { $players ->
    [one] игрок
    [few] игрока
   *[many] игроков
} — { $url }
living-history_title = { $title } №{ $id } — последние ходы
living-history_empty = Ходов ещё не было.
living-history_public_only = До конца игры показано только то, что знают все.
living-export_running = Эта игра ещё идёт: в её записи есть зерно всех будущих бросков и раздач, поэтому скачать её можно после окончания игры.
living-export_done = Запись игры №{ $id }. Воспроизвести: python -m engine.replay FILE
living-spectator = Вы наблюдаете за игрой, а не играете: это видят все зрители.
