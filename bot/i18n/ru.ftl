# Слова бота по-русски: команды, лобби, доска, ход игры, ошибки.
# Ключи те же, что в en.ftl; плюралы по правилам русского языка (one / few / many / other).

## Слэш-команды

cmd-play-description = Открыть лобби игры в этом канале
cmd-play-game = Во что играем
cmd-play-options = Настройки игры в виде имя=значение (выберите из списка)
cmd-move-description = Сделать ход в игре этого канала
cmd-move-action = Ваш ход (выберите из списка или напишите, например, keep 5)
cmd-hand-description = Показать то, что видите только вы
cmd-status-description = Показать доску игры этого канала заново
cmd-resign-description = Выйти из игры этого канала
cmd-hint-description = Что сделал бы сейчас на вашем месте сильнейший компьютерный игрок (видите только вы)
cmd-rules-description = Краткие правила игры
cmd-rules-game = Какая игра
cmd-stats-description = Сколько игр вы сыграли и выиграли, и ваш рейтинг в каждой игре
cmd-leaderboard-description = Лучшие игроки сервера по рейтингу
cmd-leaderboard-game = Какая игра
cmd-leaderboard-everywhere = Общий рейтинг игроков всех серверов

## Число игроков

seats-exact = { $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
}
seats-range = { $min }–{ $max } { $max ->
    [one] игрок
    [few] игрока
   *[many] игроков
}

## Лобби

lobby-title = { $title } — игра №{ $id }
lobby-host = Ведущий: { $host }. Нажмите «Войти», чтобы занять место; начинает ведущий.
lobby-players = За столом: { $count } · играют { $needed }
lobby-options = Настройки
lobby-option = { $name }: { $value }
lobby-footer = Добавить компьютерных игроков, начать или отменить игру может только ведущий.
lobby-cancelled = Лобби отменено.
lobby-button-join = Войти
lobby-button-leave = Выйти
lobby-button-start = Начать
lobby-button-cancel = Отменить
lobby-busy = В этом канале уже идёт игра: { $url }
lobby-closed = Это лобби закрыто.
lobby-host_only-start = Начать игру может только ведущий.
lobby-host_only-cancel = Отменить лобби может только ведущий.

## Доска

board-title = { $title } — игра №{ $id }
board-turn = Ход: { $players }
board-over = Игра окончена.
board-ranking = Итоги
board-rank_line = { $medal } { $player } — { $score }
board-last_move = Последний ход
board-view = Стол
board-team-won = Все победили вместе!
board-team-lost = Все проиграли вместе.
board-end-resigned = Осталось слишком мало игроков.
board-end-other = Игра окончена ({ $reason }).
board-rating_change = рейтинг { $rating } ({ $change })
board-ratings = Рейтинг: { $changes }.
button-private = Лично
board-more_moves = Другие ходы ({ $first }–{ $last }) …
turn-ping = { $players }, ваш ход в игре { $title } №{ $id }.

## Ход игры

play-no_game = В этом канале нет игры. Начните её командой /play.
play-not_in_game = Вы не участвуете в этой игре.
play-not_started = Игра ещё не началась.
play-over = Эта игра окончена.
play-not_your_turn = Сейчас не ваш ход.
play-not_your_decision = Этот выбор делаете не вы.
play-stale = Этот ход уже неактуален: используйте последнюю доску.
play-stale_message = Это сообщение устарело, вот актуальное: { $url }
play-done = Сделано: { $action }.
play-hint = 💡 По тому, что видно вам, сильнейший компьютерный игрок сыграл бы **{ $action }** — наберите `/move { $typed }` или нажмите кнопку.
play-resigned = { $player } выходит из игры.
play-board_failed = Ваш ход сделан, но доску не удалось обновить. Покажите её снова командой /status.
play-board_reposted = Ваш ход сделан. Доску не удалось обновить на месте, поэтому я опубликовал её заново.
play-answer_lost = { $player } ваш ход сделан, но Discord не принял мой ответ на ваше нажатие.
play-unknown_form = Эта форма устарела: откройте её снова из последнего сообщения.
private-title = { $title } №{ $id } — только для вас
private-dm_closed = Я не могу писать вам в личные сообщения. Нажмите «Лично» на доске (или /hand), чтобы увидеть свои данные.
private-dm_failed = Сейчас не удалось отправить вам личное сообщение. Нажмите «Лично» на доске (или /hand), чтобы увидеть свои данные.

## /rules, /stats, /leaderboard

rules-title = { $title } — правила вкратце
rules-missing = Для этой игры пока нет краткого описания.
stats-title = { $player } — статистика
stats-total = { $played ->
    [one] Сыграна { $played } игра
    [few] Сыграно { $played } игры
   *[many] Сыграно { $played } игр
}, выиграно { $won }
stats-together = { $played ->
    [one] Сыграна { $played } игра
    [few] Сыграно { $played } игры
   *[many] Сыграно { $played } игр
}, вместе выиграно { $won }
leaderboard-title = { $title } — лучшие игроки
leaderboard-empty = Рейтинговых игр пока нет.
leaderboard-no_rated = Пока никто не сыграл достаточно рейтинговых игр, чтобы попасть в таблицу.
leaderboard-rating_line = { $rank }. { $player } — { $rating } · { $played } { $played ->
    [one] игра
    [few] игры
   *[many] игр
}
leaderboard-provisional_line = { $player } — { $rating } · { $played } { $played ->
    [one] игра
    [few] игры
   *[many] игр
}
leaderboard-provisional = Предварительно (меньше { $games } рейтинговых игр)
leaderboard-rating_value = { $rating }
leaderboard-this_server = Рейтинг на этом сервере. С everywhere: True — по всем серверам.
leaderboard-everywhere = Рейтинг по всем серверам.
stats-rating = Рейтинг { $rating } ({ $trend } за { $games ->
    [one] последнюю игру
    [few] последние { $games } игры
   *[many] последние { $games } игр
})
stats-rating_plus = +{ $change }
stats-rating_minus = −{ $change }
stats-rating_none = ±0

## Ошибки

error-unexpected = Простите, что-то пошло не так. Ничего не изменилось, попробуйте ещё раз.
error-engine-unreadable = Не могу прочитать ход «{ $text }».
error-engine-empty = Ход пуст.
error-engine-too_long = Слишком длинно: не больше { $limit } { $limit ->
    [one] символа
   *[other] символов
}.
error-engine-too_large = Это слишком велико для хода.
error-engine-malformed = Ход записан неверно: { $detail }
error-engine-illegal = Такой ход сейчас невозможен.
error-engine-absent_only = Так бот ходит только за отсутствующего игрока; выберите свой ход.
error-engine-game_over = Игра окончена.
error-engine-not_your_turn = Сейчас не ваш ход.
error-engine-unknown_action = Хода «{ $kind }» нет.
error-engine-not_playing = Вы больше не играете в эту игру.
error-engine-unknown_game = Игры «{ $key }» нет.
error-engine-seats = В эту игру играют { $players }.
error-engine-options = Неверные настройки игры: { $detail }
error-engine-options_syntax = Не могу прочитать настройку «{ $part }»: пишите имя=значение, как в предложенных вариантах.
error-engine-unknown_option = В этой игре нет настройки «{ $name }». Её настройки: { $names }.
error-engine-unknown_option-alt = В этой игре нет настроек.
error-engine-option_value = Настройка { $name } не может быть «{ $value }»: выберите { $choices }.
error-engine-option_value-alt = Настройка { $name } не может быть «{ $value }».
option-choices-range = целое число от { $min } до { $max }
error-storage-game_not_found = Такой игры нет.
error-storage-game_unavailable = Игру №{ $game_id } не удаётся загрузить: её сохранённые данные повреждены. Оператор может проверить их командой `python -m storage verify`.
error-storage-stale = Этот ход уже неактуален: используйте последнюю доску.
error-storage-channel_busy = В этом канале уже идёт игра.
error-storage-not_playing = В эту игру сейчас не играют.
error-storage-not_in_lobby = Это лобби закрыто.
error-storage-already_seated = Вы уже в этой игре.
error-storage-game_full = Мест нет: не больше { $max } { $max ->
    [one] игрока
   *[other] игроков
}.
error-storage-not_seated = Вас нет в этом лобби.
error-storage-too_few_players = Чтобы начать, нужно не меньше { $min } { $min ->
    [one] игрока
   *[other] игроков
}.
error-storage-unsupported_database_url = Такой адрес базы данных не поддерживается.
error-storage-database_unavailable = Записи игр сейчас недоступны: попробуйте ещё раз чуть позже.
error-storage-move_not_stored = Записи игр оказались недоступны, поэтому ваш ход не сохранён: сделайте его ещё раз чуть позже.
error-storage-commit_unknown = Записи игр пропали, пока сохранялся ваш ход, и пока нельзя сказать, сохранился ли он: посмотрите на доску, прежде чем ходить снова.
