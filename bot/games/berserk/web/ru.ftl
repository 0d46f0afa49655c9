# Веб-доска «Берсерка»: то, что страница говорит иначе, чем сообщение в Discord (щелчок по
# полю вместо меню или формы).

berserk-web-phase-deck = 🃏 Оба игрока тайно выбирают колоду. Выбор откроется одновременно.
berserk-web-phase-recruit = 🪖 Оба игрока тайно набирают отряды, каждый в пределах бюджета своей колоды.
berserk-web-phase-place = 🗺️ Оба игрока тайно расставляют отряды на своих трёх рядах или в резерв. Обе стороны откроются одновременно.
berserk-web-waiting-main = ▶️ Ходит { $player }: существо, затем его действие. **Завершить ход**, когда всё сделано.
berserk-web-waiting-assign_defender = 🛡️ { $player } выбирает защитника от этого удара.
berserk-web-waiting-order_triggers = 📜 { $player } объявляет срабатывающие способности в порядке очереди.
berserk-web-waiting-respond = ⏳ { $player } может ответить мгновенной способностью или пропустить.
berserk-web-waiting-muster = 🔔 Сбор раунда { $round }: каждый игрок может тайно вывести на поле одну карту из резерва.

berserk-web-ask-choose_deck = 🃏 Выберите колоду или нажмите **Случайно**. Выбор обоих откроется одновременно.
berserk-web-ask-recruit = 🪖 Ваша колода: **{ $deck }**, бюджет **{ $gold } золота + { $silver } серебра**. Элитные карты стоят золото, обычные — серебро; лишнее золото тоже платит за обычные. Выберите карты (повторный выбор карты берёт её следующую копию), затем **Нанять**; каждое нарушенное правило будет названо, и ничего не сохранится, пока отряд не станет допустимым. Или **Случайно**.
berserk-web-ask-place = 🗺️ Расставьте отряд: выделенная карта встаёт на выбранную клетку (ряды { $rows }), затем следующая; **В резерв** оставляет её в резерве (не больше { $reserve }). Чтобы выбрать другую карту, нажмите её в списке. Затем **Расставить** или **Случайно**.
berserk-web-ask-main = ▶️ Ваш ход: выберите своё существо на поле, затем клетку для хода, врага для удара или способность. **Завершить ход**, когда всё сделано.

berserk-web-step-move = Идти на { $cell }
berserk-web-step-strike = Ударить: { $target }

berserk-web-unit-about = { $name } ({ $player }) · удар { $strike } · жизнь { $life }/{ $max }
berserk-web-you = вы
berserk-web-budget = { $gold } золота + { $silver } серебра
berserk-web-side = { $creatures ->
    [one] { $creatures } существо
    [few] { $creatures } существа
    [many] { $creatures } существ
   *[other] { $creatures } существа
} на поле, стоимость { $cost } · резерв { $reserve }
berserk-web-graveyard = Кладбище ({ $count })
berserk-web-sent = ✅ уже отправил
berserk-web-deciding = ⏳ ещё выбирает
berserk-web-field = Поле: стрелки переходят между клетками, Enter выбирает
berserk-web-empty = пусто
berserk-web-detail = Наведите указатель на клетку или карту либо переведите на неё фокус, чтобы прочесть, что это.
berserk-web-your_deck = Ваша колода: { $deck }
berserk-web-gold_left = Осталось золота:
berserk-web-silver_left = Осталось серебра:
berserk-web-deck_cards = Карты вашей колоды
berserk-web-picked = Ваш отряд по порядку:
berserk-web-recruit_send = Нанять
berserk-web-to_reserve = В резерв
berserk-web-reset = Сначала
berserk-web-place_send = Расставить
