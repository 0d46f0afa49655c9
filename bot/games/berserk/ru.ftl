# Слова «Берсерка» по-русски: настройки, /rules, карты, колоды и способности, доска, легенда
# картинки, личные сообщения, решения, кнопки и меню, форма расстановки, строки событий,
# отклонённые ходы, ошибки.

## Настройки

options-berserk-round_cap = Раундов до подсчёта: { $value }
options-berserk-edition-1 = Первые бюджеты: 24 золота + 22 серебра для любой колоды
options-berserk-edition-2 = Бюджеты по колодам: у каждой колоды свой, подобранный для равновесия

## /rules: кратко по docs/rules/berserk.md

rules-berserk =
    ⚔️ **Дуэль двух отрядов.** Каждый игрок тайно выбирает одну из четырёх колод, набирает существ на бюджет своей колоды в золоте и серебре и выставляет их рубашкой вверх в свои три ряда поля 5 × 6 (столбцы a–e, ряды 1–6) или в резерв на { $reserve ->
        [one] { $reserve } карту
        [few] { $reserve } карты
       *[many] { $reserve } карт
    }. Обе стороны открываются одновременно. Всё это — в личном сообщении от меня: меню, форма **Расставить** и **Случайно**.

    🔁 **Ход.** Ваши закрытые существа открываются, яд наносит раны, затем сколько угодно раз: переместите существо, ударьте соседнего врага или примените способность — и завершите ход. Выберите существо в меню под доской, затем что оно делает. Со 2-го раунда на сборе каждый может ввести одну карту из резерва.

    🎲 **Удары.** Атакующий бросает кубик, открытая цель бросает в ответ; разница даёт слабый, средний или сильный удар и, может быть, ответный. Атакованный игрок может подставить соседнее открытое существо защитником: я спрошу его в личном сообщении.

    ⏳ **Ответы.** Удары и способности ждут в стеке, срабатывания — в очереди; после каждого шага оба игрока могут ответить мгновенной способностью или пасовать. Игроку нечем ответить — он пасует сам.

    🏁 **Конец.** Игрок без существ на поле проигрывает. После { $round_cap } раундов побеждает тот, у кого выше общая стоимость существ на поле.

## Карты (29), колоды (4) и способности с их текстами

berserk-card-C01 = Король гномов
berserk-card-C02 = Гном-басаарг
berserk-card-C03 = Горный великан
berserk-card-C04 = Страж кузни
berserk-card-C05 = Гном из ущелья
berserk-card-C06 = Страж чертога
berserk-card-C07 = Кочевник
berserk-card-C08 = Ингри
berserk-card-C09 = Монах Тарга
berserk-card-C10 = Проклятый маг
berserk-card-C11 = Хранитель деревьев
berserk-card-C12 = Друид
berserk-card-C13 = Леккен
berserk-card-C14 = Травница
berserk-card-C15 = Клаэр
berserk-card-C16 = Бьорн
berserk-card-C17 = Хобгоблин
berserk-card-C18 = Морок
berserk-card-C19 = Хедд
berserk-card-C20 = Ундина
berserk-card-C21 = Чумной жнец
berserk-card-C22 = Тролль
berserk-card-C23 = Слизень
berserk-card-C24 = Страж гробниц
berserk-card-C25 = Вампир
berserk-card-C26 = Барака
berserk-card-C27 = Харон
berserk-card-C28 = Хозяин склепа
berserk-card-C29 = Кровавая ведьма

berserk-deck-D1 = Горная твердыня
berserk-deck-D1-about = гномы, что бьются в строю во главе со своим королём
berserk-deck-D2 = Стражи леса
berserk-deck-D2-about = стойкие защитники, целители и огромный Хобгоблин
berserk-deck-D3 = Болотное отродье
berserk-deck-D3-about = яд и Жнец, который уничтожает отравленных
berserk-deck-D4 = Тёмное воинство
berserk-deck-D4-about = фишки, выстрелы и разряды издалека и неумолимая Барака

berserk-ability-king_guard = Королевская стража
berserk-ability-king_guard-text = Строй: немагические атаки по нему получают { $value }.
berserk-ability-king_banner = Королевское знамя
berserk-ability-king_banner-text = Строй: каждое другое существо его строя получает { $value } к удару.
berserk-ability-attack_experience = Опыт атаки
berserk-ability-attack_experience-text = +{ $amount } к броску, когда оно бросает как атакующий.
berserk-ability-defence_experience = Опыт защиты
berserk-ability-defence_experience-text = +{ $amount } к броску, когда оно бросает как атакованное.
berserk-ability-basaarg_line = Боец строя
berserk-ability-basaarg_line-text = Строй: { $value } к удару.
berserk-ability-basaarg_hunt = Охотник
berserk-ability-basaarg_hunt-text = Атакуя закрытое существо: { $value } к удару, и никакой защитник не остановит удар.
berserk-ability-giant_line = Стойкость великана
berserk-ability-giant_line-text = Строй: +{ $amount } к броску, когда оно бросает как атакованное.
berserk-ability-forge_line = Стена кузни
berserk-ability-forge_line-text = Строй: +{ $amount } к броску, когда оно бросает как атакованное.
berserk-ability-ravine_hunt = Засада
berserk-ability-ravine_hunt-text = Атакуя закрытое существо: { $value } к удару.
berserk-ability-hall_wall = Стена чертога
berserk-ability-hall_wall-text = Никакой защитник не остановит его удары, пока в его строю не меньше { $line } существ.
berserk-ability-battle_cry = Боевой клич
berserk-ability-battle_cry-text = Мгновенная. Закрыться: другое дружественное существо в пределах { $range } получает { $strike } к удару до конца хода.
berserk-ability-blessing = Благословение
berserk-ability-blessing-text = Закрыться: другое соседнее дружественное существо излечивает { $heal ->
    [one] { $heal } рану
    [few] { $heal } раны
   *[many] { $heal } ран
}.
berserk-ability-echo = Эхо
berserk-ability-echo-text = Всякий раз, когда существо из отряда противника получает фишку, оно получает { $gain ->
    [one] { $gain } фишку
    [few] { $gain } фишки
   *[many] { $gain } фишек
}.
berserk-ability-curse_bolt = Проклятый разряд
berserk-ability-curse_bolt-text = Закрыться и снять { $counters ->
    [one] { $counters } фишку
    [few] { $counters } фишки
   *[many] { $counters } фишек
}: разряд { $attack } по вражескому существу в пределах { $range }.
berserk-ability-sap = Живица
berserk-ability-sap-text = Закрыться: существо в пределах { $range } излечивает { $heal ->
    [one] { $heal } рану
    [few] { $heal } раны
   *[many] { $heal } ран
}, затем получает { $strike } к удару до конца хода.
berserk-ability-forest_breath = Дыхание леса
berserk-ability-forest_breath-text = Закрыться: существо в пределах { $range } излечивает { $heal ->
    [one] { $heal } рану
    [few] { $heal } раны
   *[many] { $heal } ран
} и избавляется от яда.
berserk-ability-warden = Страж
berserk-ability-warden-text = Не закрывается, когда защищает, и может защищать сколько угодно раз за ход.
berserk-ability-hire_cure = Исцеление
berserk-ability-hire_cure-text = Найм (можно): избавить существо от яда.
berserk-ability-claer_fury = Ярость
berserk-ability-claer_fury-text = Когда становится защитником: { $strike } к удару до конца следующего хода своего владельца.
berserk-ability-bjorn_mend = Лечение
berserk-ability-bjorn_mend-text = Когда становится защитником: защищаемое существо излечивает { $heal ->
    [one] { $heal } рану
    [few] { $heal } раны
   *[many] { $heal } ран
}.
berserk-ability-thick_hide = Толстая шкура
berserk-ability-thick_hide-text = Немагические атаки по нему получают { $value }, если их источник стоит { $cost } или меньше.
berserk-ability-murk_veil = Пелена
berserk-ability-murk_veil-text = Пока он закрыт, простой удар по нему наносит не больше { $value }.
berserk-ability-murk_flank = Фланг
berserk-ability-murk_flank-text = Простые удары по дружественным существам прямо слева и справа от него ослабляются до слабых.
berserk-ability-venom = Яд
berserk-ability-venom-text = Когда его удар или ответный удар проходит средним или сильным, ударенное существо получает яд { $poison }.
berserk-ability-sweet_aura = Сладкая аура
berserk-ability-sweet_aura-text = Закрыться: существо в пределах { $range } получает яд { $poison }.
berserk-ability-dominion = Господство
berserk-ability-dominion-text = Закрыться: каждое отравленное вражеское существо получает { $wound ->
    [one] { $wound } рану
    [few] { $wound } раны
   *[many] { $wound } ран
}.
berserk-ability-hire_reap = Жатва
berserk-ability-hire_reap-text = Найм (можно): уничтожить отравленное существо.
berserk-ability-acid_skin = Кислотная кожа
berserk-ability-acid_skin-text = Когда простой удар по нему ранит его, ударивший получает { $wound ->
    [one] { $wound } рану
    [few] { $wound } раны
   *[many] { $wound } ран
}.
berserk-ability-shelter = Укрытие
berserk-ability-shelter-text = Другое соседнее дружественное существо получает на { $amount ->
    [one] { $amount } рану
    [few] { $amount } раны
   *[many] { $amount } ран
} меньше, по любой причине.
berserk-ability-night_strike = Ночной удар
berserk-ability-night_strike-text = На его удары нет ответного удара.
berserk-ability-relentless = Неумолимая
berserk-ability-relentless-text = Удар не закрывает её (бить она всё равно может раз за ход).
berserk-ability-accumulate = Накопление
berserk-ability-accumulate-text = Закрыться: получает { $gain ->
    [one] { $gain } фишку
    [few] { $gain } фишки
   *[many] { $gain } фишек
}.
berserk-ability-last_passage = Последний путь
berserk-ability-last_passage-text = Закрыться и снять { $counters ->
    [one] { $counters } фишку
    [few] { $counters } фишки
   *[many] { $counters } фишек
}: он и существо в пределах { $range } уничтожаются вместе.
berserk-ability-grave_count = Счёт могил
berserk-ability-grave_count-text = Всякий раз, когда умирает любое существо, получает { $gain ->
    [one] { $gain } фишку
    [few] { $gain } фишки
   *[many] { $gain } фишек
}.
berserk-ability-skull_shot = Выстрел черепом
berserk-ability-skull_shot-text = Закрыться и снять сколько угодно фишек (X): выстрел { $attack } + { $per_x }×X по вражескому существу в пределах { $range }.
berserk-ability-blood_bolt = Кровавый разряд
berserk-ability-blood_bolt-text = Закрыться и получить { $wounds ->
    [one] { $wounds } рану
    [few] { $wounds } раны
   *[many] { $wounds } ран
}: разряд { $attack } по вражескому существу в пределах { $range }.

berserk-level-weak = слабый
berserk-level-medium = средний
berserk-level-strong = сильный
berserk-cost-gold = { $cost } золота
berserk-cost-silver = { $cost } серебра
berserk-cause-strike = удара
berserk-cause-poison = яда
berserk-cause-payment = оплаты
berserk-cause-shot = выстрела
berserk-cause-bolt = разряда

## Доска

berserk-board-deck = 🃏 Оба игрока тайно выбирают колоду: я отправил каждому выбор в личном сообщении (или нажмите **Лично**). Выборы открываются одновременно.
berserk-board-recruit = 🪖 Оба игрока тайно набирают отряды в личных сообщениях, каждый — на бюджет своей колоды.
berserk-board-place = 🗺️ Оба игрока тайно расставляют отряды в свои три ряда или в резерв, в личных сообщениях. Стороны открываются одновременно.
berserk-board-seat = 🎲 { $player } выигрывает бросок и выбирает, ходить первым или вторым.
berserk-board-sent = ✅ { $player } отправил выбор
berserk-board-deciding = ⏳ { $player } выбирает
berserk-board-round = Раунд { $round } из { $cap } · ходит { $player } ({ $role })
berserk-board-muster = 🔔 Сбор раунда { $round }: каждый игрок может тайно ввести на поле одну карту из резерва, в личном сообщении.
berserk-board-waiting-main = ▶️ Ходит { $player }: удар или способность — кнопкой рядом с существом, или существо в меню ниже, затем что оно делает, — или /move. По окончании — **Завершить ход**.
berserk-board-waiting-assign_defender = 🛡️ { $player } выбирает защитника от этого удара в личном сообщении.
berserk-board-waiting-order_triggers = 📜 { $player } объявляет срабатывания в порядке очереди{ $private ->
    [yes] {" "}в личном сообщении
   *[no] {""}
}.
berserk-board-waiting-respond = ⏳ { $player } может ответить мгновенной способностью или пасовать{ $private ->
    [yes] {" "}в личном сообщении
   *[no] {""}
}.
berserk-board-sides = Игроки
berserk-board-side = { $mark } { $player } — { $role } · { $deck } · резерв { $reserve } · кладбище { $graveyard } · стоимость на поле { $cost }
berserk-board-side-setup = { $mark } { $player } — { $role } · { $deck } · { $gold } золота + { $silver } серебра
berserk-board-side-choosing = { $mark } { $player } — { $role } · { $deck }
berserk-board-no_role = роль ещё не выбрана
berserk-board-no_deck = колода скрыта
berserk-board-field = { $mark } Существа игрока { $player }
berserk-board-no_creatures = на поле никого
berserk-board-stack = Стек (сверху вниз)
berserk-board-queue = Очередь срабатываний (по порядку)
berserk-board-raised = Срабатывания ждут объявления
berserk-board-grid = Поле
berserk-board-legend = Легенда
berserk-board-footer = Раунд { $round } из { $cap } · ход { $turn }
berserk-board-footer-setup = не больше { $cap } раундов

berserk-unit-line = `{ $cell }` { $name } · ⚔️ { $strike } · ❤️ { $life }/{ $max }
berserk-unit-counters = 🔷 { $count }/{ $max }
berserk-unit-poison = 🧪 яд { $count }
berserk-unit-closed = 💤 закрыто
berserk-unit-moves = 👣 { $count }
berserk-unit-mod = { $amount } к удару до хода { $turn }

berserk-item-strike = ⚔️ { $attacker } бьёт { $target }
berserk-item-ability = ✨ { $ability }: { $unit }
berserk-item-trigger = 📜 { $ability }: { $unit }
berserk-item-targets = → { $targets }
berserk-item-x = X = { $x }
berserk-item-unpaid = не сработает: оплата изменилась
berserk-raised = { $ability }: { $unit } ({ $optional ->
    [yes] можно отказаться
   *[no] обязательно
})

## Полосы и легенда картинки, текстовая сетка

berserk-picture-strip = { $player } · { $role } · резерв { $reserve } · кладбище { $graveyard }
berserk-legend-seat = { $player } ({ $role })
berserk-legend-strike = удар слабый-средний-сильный (зелёный: усилен, красный: ослаблен)
berserk-legend-life = осталось жизни / жизнь
berserk-legend-counters = фишки
berserk-legend-poison = яд: раны в ход владельца
berserk-legend-moves = осталось перемещений в этом ходу
berserk-legend-closed = закрыто: не ходит, не бьёт, не защищает
berserk-legend-arrow = удар или способность на вершине стека
berserk-grid-legend = `АБВГ` { $first } · `абвг` { $second } · `*` закрыто · `.` пустая клетка

## Личные сообщения

berserk-private-deck = 🃏 Выберите колоду кнопками ниже или **Случайно**. Выборы открываются одновременно.
berserk-private-deck_budget = Бюджет: { $gold } золота + { $silver } серебра.
berserk-private-deck-line = **{ $id } { $name }**: { $about }.
    { $cards }
berserk-private-deck_sent = Вы выбрали **{ $deck }**. Ждём другого игрока.
berserk-private-budget = Ваша колода: **{ $deck }**. Ваш бюджет: **{ $gold } золота + { $silver } серебра**. Элитные карты стоят золото, обычные — серебро; лишнее золото оплачивает и обычные карты, серебро элитные — никогда.
berserk-private-recruit = 🪖 Выберите карты для набора в меню ниже (сразу несколько) или нажмите **Случайно**. Каждое нарушенное ограничение будет названо, и ничего не сохранится, пока набор не верен.
berserk-private-card = **{ $name }**{ $unique } · { $cost } · ❤️ { $life } · ⚔️ { $strike } · 👣 { $moves }{ $copies }
berserk-private-unique = {" "}★
berserk-private-copies = {" "}· ×{ $count }
berserk-private-recruits = Ваш отряд по порядку
berserk-private-recruit_sent = Набор отправлен. Ждём другого игрока.
berserk-private-place = 🗺️ Расставьте отряд: каждую карту на клетку своих рядов { $rows } или в резерв (не больше { $reserve }), хотя бы одну на поле. Нажмите **Расставить** и перечислите клетки в порядке ниже (в форме уже есть эта расстановка, с неё можно начать) или нажмите **Случайно**.
berserk-private-place-line = { $number }. { $name } — { $cell }
berserk-private-reserve_cell = резерв
berserk-private-placed = Расстановка отправлена. Ждём другого игрока.
berserk-private-reserve = Ваш резерв
berserk-private-no_reserve = пусто
berserk-private-muster = 🔔 Сбор: введите на поле одну карту из резерва ({ $cells }) или ничего.
berserk-private-muster_sent = Выбор на сборе отправлен: { $choice }. Ждём другого игрока.
berserk-private-nothing = Сейчас решать нечего.
berserk-private-seat = 🎲 Вы выиграли бросок: ходите первым или вторым. Первый игрок ходит первым в каждом раунде.

berserk-ask-main = ▶️ Ваш ход: удар или способность — кнопкой рядом с существом, или существо в меню, затем что оно делает, или используйте /move. По окончании — **Завершить ход**.
berserk-ask-assign_defender = 🛡️ { $attacker } бьёт ваше существо { $target }. Можно подставить защитником одно из ваших соседних открытых существ.
berserk-ask-order_triggers = 📜 Объявите свои срабатывания в том порядке, в каком они встанут в очередь; необязательное, которое вы не назовёте, отклоняется.
berserk-ask-respond = ⏳ Можно ответить мгновенной способностью или пасовать. Следующим сработает: { $next }.
berserk-ask-respond-empty = ⏳ Можно ответить мгновенной способностью или пасовать.
berserk-ask-waiting = Ждём игрока { $player }.

## Кнопки и меню

berserk-action-choose_deck = { $id } { $deck }
berserk-action-first = Ходить первым
berserk-action-second = Ходить вторым
berserk-action-end_turn = Завершить ход
berserk-action-pass = Пас
berserk-action-defend = Защитить: { $unit }
berserk-action-no_defender = Без защитника
berserk-action-move = { $unit } на { $cell }
berserk-action-strike = { $unit } бьёт { $target }
berserk-action-activate = { $ability }: { $unit }
berserk-action-muster = Ввести { $unit } на { $cell }
# кнопка рядом с существом или картой, которая действует (её называет строка рядом)
berserk-beside-strike = Бить: { $target }
berserk-beside-move = На { $cell }
berserk-beside-defend = Защитить
berserk-action-muster_none = Никого не вводить
berserk-action-order = В очередь: { $order }
berserk-action-order_none = Ничего не ставить в очередь
berserk-action-recruit = Набрать
berserk-action-place = Расставить
berserk-action-random = Случайно

berserk-menu-act = Действовать существом…
berserk-menu-order = Объявить срабатывания…
berserk-menu-muster = Ввести карту…
berserk-menu-respond = Ответить мгновенной способностью…
berserk-menu-recruit = Выберите карты для набора…
berserk-menu-more = Ещё…
berserk-menu-back = Назад
berserk-menu-done = Это всё: от остальных отказаться
berserk-step-move = Переместить
berserk-step-strike = Ударить
berserk-step-to = на { $cell }
berserk-step-at = по { $target }
berserk-step-x = X = { $x }
berserk-step-none = ничего

## Форма расстановки и ответы на отправленное

berserk-form-title = Расстановка отряда — игра №{ $id }
berserk-form-cells = Клетки в порядке ваших карт
berserk-form-cells-example = c3 b3 d3 reserve …
berserk-recruit-stored = Ваш набор сохранён.
berserk-place-stored = Ваша расстановка сохранена.
berserk-rejected-recruit = Набор отклонён, ничего не сохранено. Все проблемы:
    { $problems }
berserk-rejected-place = Расстановка отклонена, ничего не сохранено. Все проблемы:
    { $problems }
berserk-rejected-declare = Объявление отклонено, ничего не сохранено. Все проблемы:
    { $problems }

berserk-problem-recruit-empty = Наберите хотя бы одну карту.
berserk-problem-recruit-not_in_deck = Карты { $card } нет в вашей колоде.
berserk-problem-recruit-too_many_copies = { $card }: выбрано { $count }, а в колоде { $held ->
    [one] { $held } копия
    [few] { $held } копии
   *[many] { $held } копий
}.
berserk-problem-recruit-unique_twice = { $card } — уникальная карта: не больше одной копии.
berserk-problem-recruit-gold = Элитные карты стоят { $cost } золота, а в бюджете { $gold }.
berserk-problem-recruit-silver = Обычные карты стоят { $cost }; ваши { $silver } серебра и { $spare_gold } лишнего золота оплачивают не больше { $cover }.
berserk-problem-place-not_recruited = «{ $card }» — не ваша карта.
berserk-problem-place-placed_twice = { $card } расставлена дважды.
berserk-problem-place-not_placed = { $card } — без места.
berserk-problem-place-not_your_half = { $card }: { $cell } — не клетка ваших рядов.
berserk-problem-place-cell_taken = { $card } делит клетку { $cell } с другой картой.
berserk-problem-place-reserve_full = В резерве { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}, а помещается не больше { $most }.
berserk-problem-place-empty_field = Поставьте на поле хотя бы одну карту.
berserk-problem-declare-unknown_trigger = Вашего срабатывания { $ref } нет среди ожидающих.
berserk-problem-declare-listed_twice = Срабатывание { $ref } названо дважды.
berserk-problem-declare-repetition = Срабатывание { $ref } с такими целями повторило бы свою цепочку.
berserk-problem-declare-bad_target = Срабатывание { $ref } не может выбрать такую цель.
berserk-problem-declare-mandatory_missing = Срабатывание { $ref } обязательно: назовите его.

## Строки событий (последний ход на доске и /history)

berserk-event-deck_chosen = { $player } выбрал колоду.
berserk-event-recruited = { $player } набрал отряд.
berserk-event-placed = { $player } расставил отряд.
berserk-event-muster_chosen = { $player } сделал выбор на сборе.
berserk-event-your_deck = { $player } выбрал колоду { $deck }.
berserk-event-your_recruits = { $player } набрал: { $cards }.
berserk-event-your_placement = { $player } расставил: { $cells }.
berserk-event-your_muster = { $player } выбрал на сборе: { $choice }.
berserk-event-decks_revealed = 🃏 Колоды: { $decks }.
berserk-event-seat_roll = 🎲 Бросок за место: { $rolls }. { $player } выбирает, ходить первым или вторым.
berserk-event-seats_chosen = { $player } ходит { $choice ->
    [first] первым
   *[second] вторым
}: { $first } — P1.
berserk-event-revealed = 👁️ Отряды открыты: на поле { $field ->
    [one] { $field } существо
    [few] { $field } существа
   *[many] { $field } существ
}; в резерве { $reserves }.
berserk-event-muster_open = 🔔 Сбор: { $count ->
    [one] { $players } может ввести карту
   *[other] { $players } могут ввести по карте
}.
berserk-event-mustered = 🔔 Сбор: { $entries }.
berserk-event-mustered-entry = { $unit } выходит на { $cell }
berserk-event-mustered-nobody = никто не выходит
berserk-event-moved = { $unit } идёт { $start } → { $end }.
berserk-event-strike_declared = ⚔️ { $attacker } бьёт { $target }.
berserk-event-defender = 🛡️ { $unit } защищает { $target }.
berserk-event-no_defender = { $player } не подставляет защитника.
berserk-event-dice = 🎲 { $attacker } выбрасывает { $a }, { $target } — { $d }.
berserk-event-dice-closed = 🎲 { $attacker } выбрасывает { $a } против закрытого существа.
berserk-event-strike_resolved = { $attacker } → { $target }: { $hit }{ $back }.
berserk-strike-hit = { $level } удар, { $value }
berserk-strike-miss = нет удара
berserk-strike-back = ; ответный { $level }, { $value }
berserk-event-strike_fizzled = Удар { $attacker } не состоялся: существо покинуло поле.
berserk-event-activated = ✨ { $unit } применяет «{ $ability }»{ $targets }.
berserk-event-activated-targets = {" "}к { $targets }
berserk-event-activated-x = {" "}(X = { $x })
berserk-event-not_executed = «{ $ability }» ({ $unit }) не срабатывает: оплата изменилась.
berserk-event-wounded = 💔 { $unit } получает { $count ->
    [one] { $count } рану
    [few] { $count } раны
   *[many] { $count } ран
} от { $cause }: всего { $wounds }.
berserk-event-wounded-none = { $unit } не получает ран от { $cause }.
berserk-event-healed = 💚 { $unit } излечивает { $count }: { $wounds ->
    [0] ран не осталось
    [one] осталась { $wounds } рана
    [few] осталось { $wounds } раны
   *[many] осталось { $wounds } ран
}.
berserk-event-counters = 🔷 { $unit } получает фишку: всего { $counters }.
berserk-event-poisoned = 🧪 { $unit } отравлено: яд { $poison }.
berserk-event-cured = { $unit } избавляется от яда.
berserk-event-strike_mod = { $unit } получает { $amount } к удару до конца хода { $turn }.
berserk-event-attack = { $kind ->
    [shot] 🏹 Выстрел
   *[bolt] ⚡ Разряд
} { $source } по { $target }: { $value }.
berserk-event-destroyed = ☠️ Уничтожено: { $units }.
berserk-event-died = ⚰️ { $count ->
    [one] Умирает
   *[other] Умирают
}: { $units }.
berserk-event-closed = { $unit } закрывается после защиты.
berserk-event-triggers_declared = 📜 { $player } ставит в очередь: { $queued }.
berserk-event-triggers_declared-declined = 📜 { $player } ставит в очередь: { $queued }; отказывается от: { $declined }.
berserk-event-queued-none = ничего
berserk-event-trigger_dropped = «{ $ability }» ({ $unit }) снимается: { $reason ->
    [repetition] оно повторило бы свою цепочку
   *[no_target] у него нет допустимой цели
}.
berserk-event-passed = { $player } пасует.
berserk-event-turn_started = — Раунд { $round }: ходит { $player } —
berserk-event-round_cap = 🏁 Последний раунд окончен. Стоимость на поле: { $scores }.
berserk-event-resigned = { $player } сдался.

## Конец

berserk-end-defeat = { $player } побеждает: у другой стороны не осталось существ на поле.
berserk-end-defeat-draw = Ни у одной стороны не осталось существ на поле: ничья.
berserk-end-round_cap = Последний раунд окончен: { $player } побеждает по стоимости существ на поле.
berserk-end-round_cap-draw = Последний раунд окончен, стоимость на поле равна: ничья.
berserk-end-resigned = Другой игрок сдался: { $player } побеждает.

## Ошибки (по кодам движка)

error-engine-already_sent = Вы уже отправили выбор; ждём другого игрока.
error-engine-not_your_move = Сейчас не ваш ход: игра ждёт другого игрока.
error-engine-wrong_decision = Это не ответ на то, чего игра ждёт от вас сейчас.
error-engine-unknown_deck = Колоды { $deck } нет: колоды D1–D4.
error-engine-not_in_reserve = { $unit } нет в вашем резерве.
error-engine-bad_muster_cell = Карта из резерва выходит на одну из клеток: { $cells }.
error-engine-no_card = Назовите карту, которую вводите, или ничего.
error-engine-closed = { $unit } закрыто: до вашего следующего хода оно не ходит и не бьёт.
error-engine-not_a_cell = { $cell } — не клетка: столбцы a–e, ряды 1–6, например c3.
error-engine-unreachable = { $unit } не дойдёт до { $to }: { $moves ->
    [one] осталось { $moves } перемещение
    [few] осталось { $moves } перемещения
   *[many] осталось { $moves } перемещений
}.
error-engine-struck = { $unit } уже било в этом ходу.
error-engine-not_an_enemy = Бейте вражеское существо на поле.
error-engine-not_adjacent = { $target } не рядом с атакующим.
error-engine-not_eligible = { $unit } не может защищать от этого удара.
error-engine-no_creature = На { $cell } нет существа.
error-engine-unknown_creature = Существа «{ $unit }» нет.
error-engine-not_yours = { $unit } — не ваше существо на поле.
error-engine-no_such_ability = У этого существа нет способности «{ $ability }».
error-engine-not_instant = Сейчас можно ответить только мгновенной способностью.
error-engine-x_missing = Скажите, сколько фишек снять (X).
error-engine-x_unexpected = У этой способности нет X.
error-engine-cannot_pay = Эту способность сейчас не оплатить.
error-engine-no_target = У способности сейчас нет допустимой цели.
error-engine-bad_target = Способность не может выбрать такую цель.
error-engine-bad_recruitment = Набор отклонён, ничего не сохранено.
error-engine-bad_declaration = Объявление отклонено, ничего не сохранено.
