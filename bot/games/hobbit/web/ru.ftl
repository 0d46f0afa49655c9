## Доска «Хоббита» на веб-странице

hobbit-web-decision = Ваше решение
hobbit-web-pick_card = Выберите карту в руке или карту движения, затем фигуру, которую она двигает (на дорожке или в списке).
hobbit-web-then = Что она двигает
hobbit-web-hand = Ваша рука: { $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}
hobbit-web-move_cards = Ваши карты движения
hobbit-web-used = использована
hobbit-web-track = Дорожка
hobbit-web-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}
hobbit-web-space = Клетка { $space }: { $what }
hobbit-web-stop = Остановка Гэндальфа { $stop }: { $does }
hobbit-web-at = { $figure } на { $space }{ $entangled ->
    [yes] {" "}(в паутине)
   *[other] {""}
}
hobbit-web-piece-dwarf = { $figure }: гном игрока { $player } ({ $colour }){ $entangled ->
    [yes] , в паутине
   *[other] {""}
}
hobbit-web-piece-bilbo = { $ring ->
    [yes] Бильбо в кольце
   *[other] Бильбо без кольца
}
hobbit-web-waiting-p1 = ⏳ { $player } играет карту движения.
hobbit-web-waiting-p2 = ⏳ { $player } играет карты или завершает фазу 2.
hobbit-web-waiting-p3 = ⏳ { $player } выбирает колоды, из которых тянуть.
hobbit-web-waiting-limit = ⏳ { $player } сбрасывает карты до 6.
hobbit-web-waiting-target = ⏳ { $player } выбирает фигуру, которую затронет приключение.
hobbit-web-waiting-scout = ⏳ { $player } выбирает гнома для кубика разведки.
hobbit-web-waiting-fight = ⏳ { $player } выставляет карты боя.
hobbit-web-waiting-attack = ⏳ { $player } атакует Смауга двумя картами боя.
hobbit-web-waiting-sorrow = ⏳ { $player } сбрасывает карты из-за Скорби.
hobbit-web-waiting-trade_reply = ⏳ { $player } отвечает на предложение обмена.
hobbit-web-waiting-window = ⏳ { $player } играет карту сокровищницы или пасует.
hobbit-web-ask-p1 = **Ваш ход, фаза 1.** Выберите карту движения, затем гнома, которого она двигает. Перед этим можно освободить гнома из паутины или открыть дверь.
hobbit-web-ask-p3 = **Фаза 3.** Возьмите { $count ->
    [one] ещё { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
}: выберите колоду.
hobbit-web-tree-trade = Предложить обмен: партнёр, что вы отдаёте, затем две карты в уплату
hobbit-web-tree-attack = Атака: карта, что пробивает броню, затем карта, что отгоняет Смауга
hobbit-web-compose-fight = Карты боя против { $card } (сила { $strength }): выберите и подтвердите
hobbit-web-compose-web = Освободить { $figure } из паутины: карты боя на сумму не меньше { $goal }
hobbit-web-compose-discard_to_limit = Выберите { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
} для сброса
hobbit-web-compose-sorrow_discard = Выберите { $count ->
    [one] { $count } карту
    [few] { $count } карты
    [many] { $count } карт
   *[other] { $count } карты
} для сброса из-за Скорби
hobbit-web-confirm-fight = Сражаться выбранными картами
hobbit-web-confirm-web = Освободить { $figure }
hobbit-web-confirm-discard = Сбросить выбранные карты
hobbit-web-double_own = Гэндальф удваивает { $card }
hobbit-web-total = Сумма:
hobbit-web-chosen = выбрано:
