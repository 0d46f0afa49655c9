# Слова «Пикомино» по-русски.

## Настройки

options-pickomino-tiebreak-highest_tile = При ничьей побеждает старшая плитка
options-pickomino-tiebreak-shared = При ничьей победа делится

## /rules: кратко по docs/rules/pickomino.md

rules-pickomino =
    🎲 **Кубики и жареные червяки.** Восемь кубиков: грани 1–5 и червяк; червяк стоит 5. Шестнадцать плиток от 21 до 36 лежат на гриле по порядку, на каждой червяки: 21–24 — один, 25–28 — два, 29–32 — три, 33–36 — четыре. Выигранные плитки кладутся в вашу стопку, новая сверху.

    🔁 **Ваш ход.** Бросьте все кубики, которые ещё не отложены (в начале хода все 8). Из броска отложите все кубики ОДНОГО значения, которое вы ещё не откладывали в этот ход. Затем перебросьте остальные или остановитесь; если кубиков не осталось, нужно остановиться.

    🪱 **Плитка.** Остановившись хотя бы с одним червяком, сложите отложенные кубики и возьмите одну плитку: верхнюю плитку из стопки соперника, если она точно равна сумме (кража), или с гриля — равную сумме, а если её нет, ближайшую меньшую. Если плитку взять можно, взять её нужно.

    💥 **Проваленный ход.** Если в броске только уже отложенные значения или вы остановились без червяка или без подходящей плитки, ход провален: ваша верхняя плитка возвращается на гриль, а старшая плитка гриля переворачивается и выходит из игры (кроме случая, когда это та самая возвращённая плитка).

    🏁 **Конец.** Когда гриль пуст, побеждает тот, у кого больше червяков. При ничьей — обладатель старшей плитки, или победа делится при настройке tiebreak=shared.

## Доска

pickomino-grill = Гриль
pickomino-turned = Перевёрнуты: { $tiles }
pickomino-players = Игроки
pickomino-player = { $marker } { $player }: сверху { $top } · { $tiles } { $tiles ->
    [one] плитка
    [few] плитки
   *[many] плиток
} · { $score } 🪱
pickomino-player_resigned = { $marker } { $player }: вышел из игры
pickomino-roll = Бросок
pickomino-kept = Отложено
pickomino-kept_none = Пока ничего не отложено; для броска { $dice } { $dice ->
    [one] кубик
    [few] кубика
   *[many] кубиков
}.
pickomino-kept_line = { $dice } = { $total } · { $left ->
    [one] остался { $left } кубик
    [few] осталось { $left } кубика
   *[many] осталось { $left } кубиков
}
pickomino-kept_line_no_worm = { $dice } = { $total } (червяка нет) · { $left ->
    [one] остался { $left } кубик
    [few] осталось { $left } кубика
   *[many] осталось { $left } кубиков
}
pickomino-face-worm = червяк

## Что затрагивают ходы, каждое рядом со своей кнопкой (значение броска, плитка)

pickomino-subject-face = { $dice } — { $count } × { $face }, { $points } { $points ->
    [one] очко
    [few] очка
   *[many] очков
}
pickomino-subject-face_kept = { $dice } — это значение уже отложено в этот ход
pickomino-subject-grill = { $tile } на гриле
pickomino-subject-stack = { $tile } сверху в стопке { $player }
pickomino-no_secrets = В «Пикомино» нет секретов: это видят все.
pickomino-end-grill_empty = Гриль опустел.
pickomino-end-resigned = Осталось слишком мало игроков.

## Действия

pickomino-action-roll = Бросить
pickomino-action-keep = Отложить { $face }
pickomino-action-take = Взять { $tile }
pickomino-action-stop = Стоп (ход провален)

## События

pickomino-event-rolled = { $player } бросает: { $dice }
pickomino-event-kept = { $player } откладывает { $count } × { $face }: сумма { $total }
pickomino-event-took = { $player } берёт { $tile } с гриля
pickomino-event-stole = { $player } забирает { $tile } у { $victim }
pickomino-event-failed = { $player }: ход провален ({ $reason }).
pickomino-event-returned = { $tile } возвращается на гриль.
pickomino-event-turned = { $tile } переворачивается.
pickomino-event-resigned = { $player } выходит из игры.
pickomino-fail-no_new_face = нет нового значения
pickomino-fail-no_worm = нет червяка
pickomino-fail-no_tile = нет подходящей плитки

## Ошибки

error-engine-must_keep = Сначала отложите кубики одного значения.
error-engine-must_roll = Сначала бросьте кубики.
error-engine-no_dice_left = Кубиков не осталось: возьмите плитку или остановитесь.
error-engine-already_kept_this_roll = Из этого броска вы уже отложили кубики.
error-engine-face_not_rolled = В этом броске нет { $face }.
error-engine-face_already_kept = Вы уже откладывали { $face } в этот ход.
error-engine-cannot_stop_now = Остановиться можно только после того, как отложены кубики.
error-engine-tile_available = Есть плитка, которую можно взять: возьмите её.
# English leaves this code to the engine's own message, which names the total
error-engine-tile_not_takeable = Плитку { $tile } сейчас взять нельзя.
