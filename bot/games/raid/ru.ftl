# Слова «Рейда» по-русски.

## Настройки (лобби)

options-raid-scenario = Карта: { $value }
options-raid-scenario-old-town = Карта: старый город
options-raid-scenario-harbour = Карта: гавань
options-raid-scenario-crossroads = Карта: перекрёсток
options-raid-pits = { $value } { $value ->
    [one] яма
    [few] ямы
   *[many] ям
} на каждой карте
options-raid-traps = { $value } { $value ->
    [one] ловушка
    [few] ловушки
   *[many] ловушек
} на каждой карте
options-raid-terrorists = { $value } { $value ->
    [one] террорист
    [few] террориста
   *[many] террористов
} на каждой карте
options-raid-kit = { $value ->
    [0] Без аптечки
    [one] { $value } аптечка на каждой карте
    [few] { $value } аптечки на каждой карте
   *[many] { $value } аптечек на каждой карте
}
options-raid-artifacts = { $value } { $value ->
    [one] артефакт
    [few] артефакта
   *[many] артефактов
} на каждой карте
options-raid-zones = Уязвимые места: зоны 1–{ $value }

## /rules: кратко по docs/rules/raid.md

rules-raid =
    🕵️ **Дуэль на тайных картах одного города.** Каждый игрок прячет опасности на своей копии карты; разведчик соперника идёт по ней вслепую и узнаёт, что там, только наткнувшись.

    🏙️ **Город.** 10 × 10 клеток: столбцы A–J, строки 1–10, клетка записывается как `B6` (кириллические столбцы А–К тоже понимаются). Часть клеток — здания. Оба разведчика начинают на клетке входа.

    🙈 **Расстановка.** Сначала оба игрока одновременно и тайно ставят на свою карту { $pits } { $pits ->
        [one] яму
        [few] ямы
       *[many] ям
    }, { $traps } { $traps ->
        [one] ловушку
        [few] ловушки
       *[many] ловушек
    }, { $terrorists } { $terrorists ->
        [one] террориста
       *[other] террористов
    }, { $kit } { $kit ->
        [one] аптечку
        [few] аптечки
       *[many] аптечек
    } и { $artifacts } { $artifacts ->
        [one] артефакт
        [few] артефакта
       *[many] артефактов
    } (ведущий может изменить эти числа). У каждого террориста есть уязвимое место — зона от 1 до { $zones }. Террористы стоят только в зданиях, на клетку входа ничего ставить нельзя, в одной клетке может быть несколько объектов. Расстановка принимается только целиком и без ошибок: иначе названы все ошибки и ничего не сохранено. Нажмите **Расставить** или **Случайно** в личном сообщении, которое я пришлю (или за кнопкой **Лично**), или используйте /place в личных сообщениях со мной.

    🚶 **Ходы.** Затем разведчики ходят по очереди, первым — первый игрок. Ход — это путь командой /move: точки, до каждой из которых идут по прямой вдоль строки или столбца, например `B1 B6 F6` или `вниз 5, вправо 4`. Путь может проходить через здания, но не за край карты. Ваш разведчик идёт по карте соперника и останавливается на первой клетке, где что-то есть; то, что он там встретит, завершает ваш ход.

    ⚠️ **Что можно встретить** (в одной клетке — в таком порядке):
    • **артефакт**: разведчик его забирает;
    • **террориста**: бой — называйте зоны, пока не назовёте уязвимое место; каждый промах — рана;
    • **яму**: вы пропускаете следующий ход; ямы остаются;
    • **ловушку**: рана; ловушки остаются и ранят снова;
    • **аптечку**: использовать (все раны вылечены) или оставить на потом.

    🏁 **Конец.** Соберите все артефакты на карте соперника — и вы сразу побеждаете. Разведчик с { $max_wounds } { $max_wounds ->
        [one] раной
       *[other] ранами
    } побеждён: выигрывает другой игрок. После { $max_turns } { $max_turns ->
        [one] хода
       *[other] ходов
    } в сумме — ничья.

## /place в личных сообщениях

raid-cmd-place-description = Расставить тайные объекты Рейда (в личных сообщениях со мной)
raid-cmd-place-placement = ямы: C3 D7 F2 H9; ловушки: …; террористы: B2=4 G3=1 …; аптечка: J10; артефакты: … (или random)
raid-cmd-place-game = Номер игры, если вы расставляете в нескольких играх
raid-place-accepted = Расстановка сохранена. Я отправил вам вашу карту в личные сообщения.
raid-place-stored = Расстановка сохранена.
raid-place-rejected = Расстановка отклонена, ничего не сохранено. Все ошибки:
    { $problems }
    Исправьте и расставьте снова.
raid-place-more = …и ещё { $count } { $count ->
    [one] ошибка
    [few] ошибки
   *[many] ошибок
}.
raid-place-no_game = Ни одна игра Рейд не ждёт вашей расстановки.
raid-place-which = Вашей расстановки ждут несколько игр ({ $games }): укажите номер игры.
raid-place-not_waiting = Игра №{ $id } не ждёт вашей расстановки.
raid-place-not_a_placement = Это не расстановка: напишите, например, `ямы: C3 D7; ловушки: …; террористы: B2=4; аптечка: J10; артефакты: …` или `случайно`.

## Доска

raid-board-placement = Игроки тайно расставляют объекты: я прислал каждому кнопки **Расставить** и **Случайно** в личные сообщения (или нажмите **Лично**; /place в личных сообщениях со мной тоже работает). Каждый ставит { $pits } { $pits ->
    [one] яму
    [few] ямы
   *[many] ям
}, { $traps } { $traps ->
    [one] ловушку
    [few] ловушки
   *[many] ловушек
}, { $terrorists } { $terrorists ->
    [one] террориста
   *[other] террористов
} (в зданиях, уязвимая зона 1–{ $zones }), { $kit } { $kit ->
    [one] аптечку
    [few] аптечки
   *[many] аптечек
} и { $artifacts } { $artifacts ->
    [one] артефакт
    [few] артефакта
   *[many] артефактов
}.
raid-board-placing = Расстановка
raid-board-placed = ✅ { $player } расставил(а)
raid-board-not_placed = ⏳ { $player } расставляет
raid-board-scouts = Разведчики
raid-board-encounters = Встречи
raid-board-revealed = Карта опасностей: { $player }
raid-board-footer = Ход { $turn } из { $max } · { $map }
raid-board-grid = Карты
raid-board-fight = ⚔️ { $player } сражается с террористом на { $cell }: назовите зону (уже названы: { $named }).
raid-board-kit = 🩹 { $player } нашёл аптечку на { $cell }: использовать или оставить.
raid-board-how_to_move = Ходите командой /move с путём, например `B1 B6 F6` или `вниз 5, вправо 4`.
raid-end-mission = { $player } собрал(а) все артефакты и побеждает.
raid-end-beaten = Другой разведчик получил 15 ран: побеждает { $player }.
raid-end-turn_limit = Достигнут предел ходов.
raid-end-resigned = Соперник сдался: побеждает { $player }.
raid-end-draw = Ничья.
raid-scout-line = { $marker } { $colour } { $player } — на { $cell } · 🩸 ран { $wounds }/{ $max } · 💎 артефактов { $artifacts }/{ $total }
raid-scout-skip = · ⏸️ { $count ->
    [1] пропускает следующий ход
    [one] пропускает { $count } ход
    [few] пропускает { $count } хода
   *[many] пропускает { $count } ходов
}
raid-scout-kit_used = · 🩹 аптечка использована

## Картинки и текстовые карты: подписи и легенда

raid-picture-walks = { $walker } идёт по карте игрока { $owner }
raid-picture-own_map = Ваша карта: по ней идёт { $walker }
raid-grid-left = Слева: { $caption }
raid-grid-right = Справа: { $caption }
raid-legend-title = Легенда
raid-legend-scout = разведчик 1 или 2 и его след
raid-legend-scout_text = разведчик 1 или 2
raid-legend-trail = пройденный путь
raid-legend-entry = вход: отсюда начинают оба разведчика
raid-legend-building = здание
raid-legend-ground = открытое место
raid-legend-artifact = артефакт
raid-legend-terrorist = террорист: T, или его уязвимая зона, когда она известна
raid-legend-terrorist_text = террорист
raid-legend-killed = убитый террорист
raid-legend-pit = яма
raid-legend-trap = ловушка
raid-legend-kit = аптечка
raid-legend-gone = бледный: забран или использован
raid-legend-gone_text = строчная буква: исчез (забран, убит); - использованная аптечка
raid-legend-met = в рамке: встречен разведчиком
raid-legend-wounds = раны
raid-legend-artifacts = собранные артефакты
raid-legend-skip = пропуск ходов (яма)
raid-legend-fight = красная рамка: идёт бой
raid-legend-kit_wait = зелёная рамка: решить про аптечку

## Личные сообщения

raid-private-spectator = Вы не играете: вот что знают оба игрока.
raid-private-not_placed = Вы ещё не расставили объекты: кнопка **Расставить** или **Случайно**, или /place в личных сообщениях со мной.
raid-private-your_map = Ваша карта опасностей — по ней идёт разведчик соперника. До конца игры её видите только вы.
raid-private-objects = Ваши объекты (зачёркнуты — исчезнувшие)

## Что затрагивают кнопки, рядом с ними (бой и аптечка — строками доски)

raid-subject-placement = 🗺️ Ваша карта, её нужно заполнить: { $pits } 🕳️ · { $traps } 🪤 · { $terrorists } 🔫 (слабые места 1–{ $zones }) · { $kit } 🩹 · { $artifacts } 💎

## Действия

raid-action-place = Расставить
raid-action-place_random = Случайно
raid-action-guess = Зона { $zone }
raid-action-use_kit = Использовать аптечку
raid-action-leave_kit = Оставить
raid-action-move = Путь { $path }
raid-suggest-typed = { $path } — конец на { $end }
raid-suggest-leg = { $path } ({ $where } от { $start })
raid-direction-up = вверх { $count }
raid-direction-down = вниз { $count }
raid-direction-left = влево { $count }
raid-direction-right = вправо { $count }

## События

raid-event-placed = { $player } расставил(а) объекты.
raid-event-play_started = Обе карты готовы: рейд начинается.
raid-event-moved = { $player } прошёл { $start } → { $end }.
raid-event-moved_stopped = { $player } прошёл { $start } → { $end } и остановился там.
raid-event-turn_skipped = { $player } пропускает ход в яме.
raid-event-resigned = { $player } сдался.
raid-event-placement = Расстановка { $player }: { $objects }
raid-encounter-artifact-collected = { $emoji } { $player } забрал артефакт на { $cell }.
raid-encounter-terrorist-fight = { $emoji } { $player } встретил террориста на { $cell }: бой!
raid-encounter-terrorist-miss = { $emoji } { $player } назвал зону { $zone } на { $cell }: промах: рана, всего { $wounds } { $wounds ->
    [one] рана
    [few] раны
   *[many] ран
}.
raid-encounter-terrorist-killed = { $emoji } { $player } назвал зону { $zone } на { $cell }: террорист убит.
raid-encounter-pit-fell = { $emoji } { $player } упал в яму на { $cell } и пропускает следующий ход.
raid-encounter-trap-wounded = { $emoji } { $player } попал в ловушку на { $cell }: рана, всего { $wounds } { $wounds ->
    [one] рана
    [few] раны
   *[many] ран
}.
raid-encounter-kit-found = { $emoji } { $player } нашёл аптечку на { $cell }.
raid-encounter-kit-used = { $emoji } { $player } использовал аптечку на { $cell }: раны вылечены.
raid-encounter-kit-left = { $emoji } { $player } оставил аптечку на { $cell }.

## Форма расстановки (подписи — не длиннее 45 символов)

raid-form-title = Рейд №{ $id }: ваши тайные объекты
raid-form-pits = Ямы ({ $count } { $count ->
    [one] клетка
    [few] клетки
   *[many] клеток
})
raid-form-traps = Ловушки ({ $count } { $count ->
    [one] клетка
    [few] клетки
   *[many] клеток
})
raid-form-terrorists = Террористы ({ $count }, клетка=зона 1–{ $zones })
raid-form-kit = { $count ->
    [0] Аптечка (в этой игре её нет)
    [one] Аптечка ({ $count } клетка)
    [few] Аптечки ({ $count } клетки)
   *[many] Аптечки ({ $count } клеток)
}
raid-form-artifacts = Артефакты ({ $count } { $count ->
    [one] клетка
    [few] клетки
   *[many] клеток
})
raid-form-pits-example = C3 D7 F2 H9
raid-form-traps-example = A5 B9 E1 J4
raid-form-terrorists-example = B2=4 G3=1 H6=6 C8=2
raid-form-kit-example = J10
raid-form-artifacts-example = D10 I4 F9

## Ошибки расстановки (R7: называются все)

raid-field-pits = ямы
raid-field-traps = ловушки
raid-field-terrorists = террористы
raid-field-kit = аптечка
raid-field-artifacts = артефакты
raid-problem-wrong_count = { $what }: поставлено { $placed }, нужно { $required }.
raid-problem-bad_cell = { $what }: не могу прочитать клетку «{ $cell }» (столбец A–J или А–К и строка 1–10, например B6).
raid-problem-off_map = { $what }: { $cell } за пределами карты.
raid-problem-on_entry = { $what }: на клетку входа { $cell } ничего ставить нельзя.
raid-problem-not_in_building = террористы: { $cell } — не здание; террористы ставятся только в здания.
raid-problem-same_kind_twice = { $what }: клетка { $cell } указана дважды.
raid-problem-bad_zone = террористы: уязвимая зона { $zone } на { $cell } — не зона этой игры.

## Ошибки (коды движка)

# Ошибки расстановки (/place и форма «Расставить»)
error-engine-unreadable-place = Не могу прочитать эту часть расстановки: «{ $text }». Разделы: ямы, ловушки, террористы, аптечка, артефакты, например `ямы: C3 D7; аптечка: J10`.
error-engine-empty-place = Расстановка пуста: укажите её разделы или напишите `случайно`.
error-engine-malformed-place = Расстановка записана неверно: { $detail }
error-engine-already_placed = Вы уже расставили свои объекты.
error-engine-placement_phase = Сначала оба игрока должны расставить объекты.
error-engine-placement_over = Расстановка закончена.
error-engine-bad_placement = Расстановка отклонена, ничего не сохранено. Нажмите «Расставить» на доске или используйте /place в личных сообщениях со мной, чтобы увидеть все ошибки.
error-engine-bad_cell = Не могу прочитать клетку «{ $cell }»: напишите столбец A–J (или А–К) и строку 1–10, например B6.
error-engine-bad_waypoint = Не могу прочитать «{ $waypoint }» в пути: точка пути — клетка вроде B6 или шаг вроде `вниз 3`.
error-engine-off_map = Отрезок { $leg } ({ $waypoint } от { $start }) уходит за пределы карты.
error-engine-off_map-alt = { $cell } за пределами карты: столбцы A–J (А–К), строки 1–10.
error-engine-zero_leg = Отрезок { $leg } ({ $waypoint } от { $start }) нулевой длины: разведчик уже там.
error-engine-zero_leg-alt = Шаг — это 1 клетка или больше.
error-engine-diagonal = Отрезок { $leg } от { $start } до { $waypoint } идёт по диагонали: каждый отрезок — по одной строке или одному столбцу.
error-engine-empty_path = Путь пуст: укажите хотя бы одну точку после { $start }.
error-engine-in_fight = Идёт бой: назовите зону.
error-engine-kit_decision = Сначала используйте аптечку или оставьте её.
error-engine-no_fight = Сейчас нет боя.
error-engine-no_kit = Здесь нет аптечки, о которой нужно решать.
error-engine-bad_zone = Зона { $zone } — не зона 1–{ $zones }.
error-engine-zone_named = Зона { $zone } уже называлась против этого террориста.
