# Слова «Хоббита» по-русски: настройки и /rules.

## Настройки (лобби)

options-hobbit-colours = Цвета по местам: { $value }
options-hobbit-max_rounds = { $value ->
    [one] Команда проигрывает после { $value } раунда
   *[other] Команда проигрывает после { $value } раундов
}
options-hobbit-edition-1 = Первое издание карт: красные карты Смауга летят одинаково при любом числе игроков
options-hobbit-edition-2 = Издание карт 2: при двух игроках каждая красная карта Смауга летит на клетку дальше
options-hobbit-edition-3 = Издание карт 3: при двух игроках каждая красная карта Смауга летит на клетку дальше, при четырёх красные карты Эсгарота — на две клетки меньше
options-hobbit-difficulty-easy = Легко: красные карты Смауга из Дома Беорна летят на клетку меньше, из Эсгарота — на клетку дальше (при четырёх игроках — на две)
options-hobbit-difficulty-normal = Обычная сложность: Смауг летит, как велит издание карт
options-hobbit-difficulty-hard = Трудно: «Смауг просыпается» и «Смауг рыщет» летят на клетку дальше, а при трёх и четырёх игроках — и «Смауг охотится»

## /rules: краткое изложение docs/rules/hobbit.md с числом раундов по умолчанию

rules-hobbit =
    🐉 **Все вместе против Смауга.** 2–4 игрока ведут гномов и Бильбо по дорожке из 50 клеток — через Лихолесье и Озёрный город в Эребор. Выигрывают все вместе — когда у каждого игрока гном стоит на последней клетке и Бильбо тоже там или когда Чёрная стрела Барда сражает Смауга, — и проигрывают тоже вместе: если Смауг долетел до Эсгарота, игрок потерял обоих гномов, Бильбо без кольца погиб или { $max_rounds ->
        [one] прошёл { $max_rounds } раунд
        [few] прошли { $max_rounds } раунда
       *[many] прошли { $max_rounds } раундов
    } без победы.

    🧭 **Ваш ход.** 1. Сыграйте одну из четырёх карт движения (1, 2, 3, 5) одним из двух своих гномов, вперёд или назад. 2. Разыгрывайте карты с руки сколько угодно: Бильбо, эльфов, орлов, Гэндальфа, разведку, рывок гнома и один обмен с другим игроком. 3. Возьмите 2 карты (из Эсгарота или сокровищницы, если там стоит ваш гном). На руке остаётся не больше 6.

    ⚔️ **Приключения.** Гном, шагнувший вперёд на клетку Лихолесья или Эребора, открывает верхнюю карту этой колоды. Врага побеждают только боевые карты, сумма которых ровно равна его силе; игроки, чьи гномы стоят на клетке, сражаются вместе, а Гэндальф в этом месте удваивает одну карту. Проигранный бой отбрасывает фигуры назад.

    🔥 **Смауг.** Красные карты двигают Смауга к Эсгароту (при двух игроках — каждая на клетку дальше, при четырёх красные карты Эсгарота — на две клетки меньше). Прежде чем он двинется, каждый игрок по очереди может сыграть карты сокровищ, чтобы его задержать; «Золото гномов» отгоняет его назад в любой момент. Смауг убивает тех, на кого приземлился, и отбрасывает тех, кого пролетел. Гном, вставший на клетку Смауга, нападает на него двумя боевыми картами и отгоняет назад.

    🎚️ **Сложность.** Обычная, если в настройках /play не указано `difficulty=easy` или `difficulty=hard`. Легко: красные карты Смауга из Дома Беорна летят на клетку меньше, из Эсгарота — на клетку дальше (при четырёх игроках — на две). Трудно: «Смауг просыпается» и «Смауг рыщет» летят на клетку дальше, а при трёх и четырёх игроках — и «Смауг охотится».

    🤫 **Тайны.** Ваша рука приходит в личных сообщениях вместе с меню и кнопками ваших решений — боёв, обменов, окон Смауга; **Лично** тоже её показывает. Всё остальное открыто. Команда /hobbit autopass пасует за вас в окнах Смауга, когда вам нечего сыграть.

## Карты: названия (числа добавляются из данных карт) и что делает каждый вид

hobbit-card-BH01 = Ори
hobbit-card-BH02 = Дори
hobbit-card-BH03 = Нори
hobbit-card-BH04 = Бифур
hobbit-card-BH05 = Бофур
hobbit-card-BH06 = Бомбур
hobbit-card-BH07 = Фили
hobbit-card-BH08 = Кили
hobbit-card-BH09 = Оин
hobbit-card-BH10 = Глоин
hobbit-card-BH11 = Беорн
hobbit-card-BH12 = Бильбо 2
hobbit-card-BH13 = Бильбо 3
hobbit-card-BH14 = Разведка 2
hobbit-card-BH15 = Разведка 3
hobbit-card-BH16 = Орёл 3
hobbit-card-BH17 = Леголас 3
hobbit-card-BH18 = Тауриэль 3
hobbit-card-BH19 = Рывок гнома
hobbit-card-BH20 = Гэндальф
hobbit-card-BH21 = Смауг просыпается
hobbit-card-BH22 = Смауг рыщет
hobbit-card-BH23 = Смауг охотится
hobbit-card-BH24 = Смауг кружит
hobbit-card-BH25 = Тень Смауга
hobbit-card-ES01 = Бард
hobbit-card-ES02 = Бард
hobbit-card-ES03 = Бард-лучник
hobbit-card-ES04 = Торин
hobbit-card-ES05 = Двалин
hobbit-card-ES06 = Балин
hobbit-card-ES07 = Кили
hobbit-card-ES08 = Великий орёл
hobbit-card-ES09 = Леголас 4
hobbit-card-ES10 = Тауриэль 4
hobbit-card-ES11 = Бильбо 4
hobbit-card-ES12 = Гэндальф
hobbit-card-ES13 = Гнев Смауга
hobbit-card-ES14 = Огонь Смауга
hobbit-card-ES15 = Ярость Смауга
hobbit-card-TR01 = Золотой кубок
hobbit-card-TR02 = Драгоценности Гириона
hobbit-card-TR03 = Корона Трора
hobbit-card-TR04 = Аркенстон
hobbit-card-TR05 = Мифриловая кольчуга
hobbit-card-TR06 = Золото гномов
hobbit-card-TR07 = Чёрная стрела Барда
hobbit-card-MW01 = Одинокий паук
hobbit-card-MW02 = Стража лесных эльфов
hobbit-card-MW03 = Паучий выводок
hobbit-card-MW04 = Стая варгов
hobbit-card-MW05 = Гигантский паук
hobbit-card-MW06 = Азог
hobbit-card-MW07 = Паутина (красный/жёлтый)
hobbit-card-MW08 = Паутина (красный/синий)
hobbit-card-MW09 = Паутина (красный/зелёный)
hobbit-card-MW10 = Паутина (жёлтый/синий)
hobbit-card-MW11 = Паутина (жёлтый/зелёный)
hobbit-card-MW12 = Паутина (синий/зелёный)
hobbit-card-MW13 = Сплав в бочках
hobbit-card-MW14 = Печаль
hobbit-card-MW15 = Зачарованный ручей
hobbit-card-ER01 = Орки-разведчики
hobbit-card-ER02 = Орки Дол Гулдура
hobbit-card-ER03 = Орки-налётчики
hobbit-card-ER04 = Всадники на варгах
hobbit-card-ER05 = Орки-лучники
hobbit-card-ER06 = Больг
hobbit-card-ER07 = Орочий отряд
hobbit-card-ER08 = Смауг ворочается
hobbit-card-ER09 = Драконий огонь
hobbit-card-ER10 = Гул в глубине
hobbit-card-ER11 = Кольцо соскальзывает
hobbit-card-ER12 = Печаль
hobbit-card-ER13 = Камнепад
hobbit-card-ER14 = Потайной ход
hobbit-card-ER15 = Дрозд
hobbit-card-key = Ключ Торина
hobbit-card-nothing = ничего
hobbit-card-move = Ход { $value }

hobbit-about-dwarf = боевая карта силой { $value }
hobbit-about-ally = боевая карта силой { $value }
hobbit-about-bilbo = Бильбо ровно на { $steps } вперёд или назад
hobbit-about-scout = один ваш гном на { $steps } вперёд или на сколько покажет кубик
hobbit-about-eagle = любой гном ровно на { $steps } вперёд
hobbit-about-elf = любой гном или Бильбо ровно на { $steps } вперёд или назад
hobbit-about-dwarf_run = ваш гном вперёд на клетку гнома, стоящего там одного
hobbit-about-gandalf = Гэндальф на одну стоянку по своему пути
hobbit-about-smaug = Смауг летит на { $base } к Эсгароту и ещё на { $bonus }, если Гэндальф не у его логова
hobbit-about-reduce = в окне Смауга: его полёт короче на { $amount }
hobbit-about-crown = в окне Смауга: его полёт короче на бонус карты + { $extra }
hobbit-about-arkenstone = в окне Смауга: Смауг не летит вовсе
hobbit-about-mithril = в окне Смауга: кого Смауг убил бы в этом полёте, того он отбрасывает
hobbit-about-dwarf_gold = отгоняет Смауга на { $steps } назад к логову — когда угодно, пока он на дорожке
hobbit-about-arrow = в окне против полёта до Эсгарота: на кубике { $hit } или больше — Смауг убит и все победили
hobbit-about-enemy = враг силой { $strength }{ $chain ->
    [yes] ; после победы открывается следующая карта колоды
   *[other] {""}
}
hobbit-about-web = опутывает гнома цвета { $colours }
hobbit-about-barrel = уносит фигуру вперёд на сколько покажет кубик
hobbit-about-sorrow = на кубике 1–3: сбросить { $discards ->
    [one] { $discards } карту
    [few] { $discards } карты
   *[many] { $discards } карт
}; { $whole }–6: всю руку
hobbit-about-stream = фигуру сносит на { $steps } назад
hobbit-about-rockfall = фигуру отбрасывает на { $steps } назад
hobbit-about-passage = фигура проходит на { $steps } вперёд
hobbit-about-ring_slips = кольцо Бильбо соскальзывает на эту клетку
hobbit-about-thrush = карта сокровищницы игроку, чью фигуру она выбирает
hobbit-about-move_card = ваша карта движения: один ваш гном на { $value } вперёд или назад
hobbit-about-key = открывает дверь на 44, когда там стоит ваш гном; в руку не считается

## Фигуры, цвета, колоды, клетки, Гэндальф

hobbit-bilbo = Бильбо
hobbit-colour-R = красный
hobbit-colour-Y = жёлтый
hobbit-colour-B = синий
hobbit-colour-G = зелёный
hobbit-figure-dead = { $figure } ✝️
hobbit-deck-beorn = Дом Беорна
hobbit-deck-esgaroth = Эсгарот
hobbit-deck-treasury = Сокровищница
hobbit-deck-mirkwood = Лихолесье
hobbit-deck-erebor = Эребор
hobbit-lair = логово Смауга
hobbit-space-START = старт
hobbit-space-PLAIN = простая клетка
hobbit-space-MIRKWOOD = Лихолесье
hobbit-space-ESGAROTH = Эсгарот
hobbit-space-DRAGON = клетка дракона
hobbit-space-EREBOR = Эребор
hobbit-space-RUNE = руна
hobbit-space-GATE = ворота
hobbit-space-KEY = дверь
hobbit-space-TREASURY = сокровищница
hobbit-space-FINISH = цель
hobbit-stop-G_START = у старта
hobbit-stop-G_MIRKWOOD = у Лихолесья
hobbit-stop-G_EREBOR = у Эребора
hobbit-stop-G_LAIR = у логова Смауга
hobbit-stop_does-G_START = здесь он ничего не делает
hobbit-stop_does-G_MIRKWOOD = удваивает одну карту в каждом бою в Лихолесье и при освобождении гнома из паутины
hobbit-stop_does-G_EREBOR = удваивает одну карту в каждом бою в Эреборе и карту, отгоняющую Смауга
hobbit-stop_does-G_LAIR = карты Смауга теряют бонус
hobbit-ring-bilbo = кольцо на Бильбо
hobbit-ring-treasury = кольцо в сокровищнице: Бильбо наденет его снова на клетке сокровищницы
hobbit-ring-lying = кольцо лежит на { $space }: Бильбо наденет его снова там
hobbit-key-boxed = в коробке
hobbit-key-held = у { $player }

## Доска

hobbit-board-round = **Раунд { $round } из { $max }** · ходит { $player } · { $phase }
hobbit-phase-p1 = фаза 1: карта движения
hobbit-phase-p2 = фаза 2: розыгрыш карт
hobbit-phase-p3 = фаза 3: взять 2 карты
hobbit-phase-limit = оставить 6 карт
hobbit-phase-over = игра окончена
hobbit-board-waiting-p1 = ⏳ { $player } играет карту движения (в личных сообщениях).
hobbit-board-waiting-p2 = ⏳ { $player } разыгрывает карты или заканчивает фазу 2 (в личных сообщениях).
hobbit-board-waiting-p3 = ⏳ { $player } берёт карты: выберите колоду ниже.
hobbit-board-waiting-limit = ⏳ { $player } сбрасывает карты до 6 (в личных сообщениях).
hobbit-board-waiting-target = ⏳ { $player } выбирает фигуру, которую затронет приключение, ниже.
hobbit-board-waiting-scout = ⏳ { $player } выбирает гнома для кубика разведки, ниже.
hobbit-board-waiting-fight = ⏳ { $player } выкладывает боевые карты (в личных сообщениях).
hobbit-board-waiting-attack = ⏳ { $player } нападает на Смауга двумя боевыми картами (в личных сообщениях).
hobbit-board-waiting-sorrow = ⏳ { $player } сбрасывает карты из-за Печали (в личных сообщениях).
hobbit-board-waiting-trade_reply = ⏳ { $player } отвечает на предложение обмена (в личных сообщениях).
hobbit-board-waiting-window = ⏳ { $player } играет карту сокровищницы или пасует (в личных сообщениях).
hobbit-board-smaug = 🐉 Смауг
hobbit-smaug-lair = { $mark } Смауг спит в своём логове у ворот.
hobbit-smaug-on = { $mark } Смауг на { $space }.
hobbit-smaug-window = Окно Смауга для карты **{ $card }**: он пролетит { $pending ->
    [one] **{ $pending }** шаг
    [few] **{ $pending }** шага
   *[many] **{ $pending }** шагов
} (бонус { $bonus }) и войдёт на { $spaces }.
hobbit-smaug-window_turn = { $player } играет карту сокровищницы или пасует; пасов подряд: { $passes }, окно закрывают { $close }.
hobbit-smaug-mithril = Надета мифриловая кольчуга: на кого приземлится Смауг, того он отбросит, а не убьёт.
hobbit-board-pieces = 🧙 Гэндальф, кольцо и дверь
hobbit-pieces-gandalf = 🧙 Гэндальф { $stop }: { $does }.
hobbit-pieces-door = 🚪 { $open ->
    [yes] Дверь открыта.
   *[other] Дверь на 44 заперта.
} Ключ Торина: { $holder }.
hobbit-board-players = 🧭 Отряд
hobbit-board-player = { $player }: { $dwarves } · { $hand ->
    [one] { $hand } карта
    [few] { $hand } карты
   *[many] { $hand } карт
} · ходы { $moves } { $keymark }
hobbit-board-bilbo = { $dead ->
    [yes] Бильбо погиб.
   *[other] Бильбо на { $space }{ $ring ->
        [yes] , в кольце 💍
       *[other] , без кольца
    }.
}
hobbit-board-decks = 🃏 Колоды
hobbit-board-piles = Сброс { $discard } · коробка { $box }
hobbit-board-face_up = { $mark } Открыт на колоде «{ $deck }»: **{ $card }** — с ним сразятся там следующим.
hobbit-board-fight = ⚔️ Бой
hobbit-fight-against = **{ $card }** (сила { $strength }) на { $space }; отряд: { $party }.
hobbit-fight-submitted = { $player } { $count ->
    [0] не выложил карт
   *[other] выложил: { $cards }
}.
hobbit-fight-waiting = Ещё выкладывают, по порядку: { $players }.
hobbit-fight-doubling = Гэндальф здесь: { $player } может удвоить одну выложенную карту.
hobbit-board-trade = 🤝 Обмены в этом ходу
hobbit-board-trades = Предложений сделано: { $offers } из 3{ $done ->
    [yes] ; обмен состоялся
   *[other] {""}
}.
hobbit-board-offer = { $player } сделал предложение игроку { $partner }; его видят только они двое.
hobbit-board-draws = 🃏 Добор
hobbit-board-draws_left = { $count ->
    [one] Остался { $count } добор
    [few] Осталось { $count } добора
   *[many] Осталось { $count } доборов
}; Эсгарот { $esgaroth }, сокровищница { $treasury } (стоящие там гномы).
hobbit-board-target = 🎯 Кого затронет приключение
hobbit-board-target_line = **{ $card }** на { $space }: одна из фигур { $figures }.
hobbit-board-scout = 🔭 Разведка
hobbit-board-scout_line = На кубике { $die }: один гном игрока идёт на столько вперёд, или карта сбрасывается.
hobbit-board-sorrow = 😢 Печаль
hobbit-board-sorrow_line = { $player } сбрасывает { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
} на выбор.
hobbit-board-attack = ⚔️ Нападение на Смауга
hobbit-board-attack_line = { $figure } приземлился на Смауга на { $space }: старшая боевая карта пробивает его броню, вторая отгоняет его назад.
hobbit-board-track = Дорожка
hobbit-board-legend = Обозначения
hobbit-board-footer = Раунд { $round } из { $max } · /hobbit autopass пасует за вас в окнах Смауга, когда вам нечего сыграть

## Как закончилась игра

hobbit-end-erebor_reached = У каждого игрока гном у цели, и Бильбо тоже там.
hobbit-end-smaug_slain = Чёрная стрела Барда сразила Смауга.
hobbit-end-smaug_reached_esgaroth = Смауг долетел до Эсгарота.
hobbit-end-dwarves_lost = Игрок потерял обоих гномов.
hobbit-end-bilbo_killed = Бильбо без кольца погиб.
hobbit-end-round_limit = Последний раунд закончился без победы.
hobbit-end-resigned = Игрок ушёл, а без него отряд не может идти дальше.

## Слова и обозначения картинки

hobbit-picture-caption = Раунд { $round } из { $max } · ходит { $player }
hobbit-picture-dead = Погибли
hobbit-picture-lair = Логово
hobbit-picture-face_up = { $deck }: { $card }
hobbit-picture-gandalf_letter = Г
hobbit-picture-bilbo_letter = Б
hobbit-legend-start = старт: сколько угодно фигур
hobbit-legend-plain = простая клетка
hobbit-legend-mirkwood = Лихолесье: приключение
hobbit-legend-esgaroth = Эсгарот: карта из Эсгарота
hobbit-legend-dragon = клетка дракона: Смауг здесь — поражение
hobbit-legend-erebor = Эребор: приключение
hobbit-legend-rune = руна
hobbit-legend-gate = ворота, где Смауг выходит из логова
hobbit-legend-key = клетка двери
hobbit-legend-treasury = сокровищница: карты сокровищ
hobbit-legend-finish = цель: сколько угодно фигур
hobbit-legend-dwarf = гном цвета своего игрока
hobbit-legend-entangled = гном в паутине
hobbit-legend-dead = погиб
hobbit-legend-bilbo_ring = Бильбо в кольце
hobbit-legend-bilbo_bare = Бильбо без кольца
hobbit-legend-ring = потерянное кольцо
hobbit-legend-ring_treasury = кольцо в сокровищнице
hobbit-legend-smaug = Смауг
hobbit-legend-smaug_path = куда полетит Смауг, если его не остановить
hobbit-legend-lair = логово Смауга, вне дорожки
hobbit-legend-door_locked = запертая дверь после 44
hobbit-legend-door_open = открытая дверь
hobbit-legend-gandalf = Гэндальф на своей стоянке
hobbit-legend-face_up = враг, открытый на своей колоде

## Личное у игрока

hobbit-private-hand = ✋ Ваша рука ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
})
hobbit-private-empty = Карт нет.
hobbit-private-offer = 🤝 Предложение обмена
hobbit-private-offer_to = Вы предложили игроку { $player } **{ $give }** и заплатите **{ $price }**, если он согласится.
hobbit-private-offer_from = { $player } предлагает вам **{ $give }** и платит **{ $price }** в сброс. Согласитесь, выбрав, что отдаёте взамен, или откажитесь.
hobbit-private-yours = { $mark } Ваши гномы ({ $colour })
hobbit-private-moves = Карты движения: { $moves } (зачёркнутые использованы)
hobbit-ask-waiting = Сейчас вам нечего решать: ждём { $players }.
hobbit-ask-gold = 💰 Сейчас можно сыграть **Золото гномов**: оно отгоняет Смауга назад.
hobbit-ask-p1 = **Ваш ход, фаза 1.** Сыграйте карту движения одним из своих гномов (меню ниже). Перед этим можно освободить гнома из паутины или открыть дверь.
hobbit-ask-p2 = **Фаза 2.** Разыгрывайте карты с руки сколько угодно, предложите один обмен, затем **Закончить фазу 2**.
hobbit-ask-p3 = **Фаза 3.** Возьмите { $count ->
    [one] ещё { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}: выберите колоду (можно и на доске).
hobbit-ask-limit = **Предел руки.** Сбросьте { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}, чтобы осталось 6.
hobbit-ask-target = Выберите фигуру, которую затронет **{ $card }**.
hobbit-ask-scout = На кубике разведки **{ $die }**: двиньте одного своего гнома на столько вперёд или сбросьте карту.
hobbit-ask-fight = **Бой с картой { $card } (сила { $strength }).** Выберите боевые карты: сумма должна быть ровно { $strength }; уже выложено { $so_far }.{ $doubling ->
    [yes] {" "}Гэндальф здесь: можно удвоить одну карту — свою или выложенную раньше.
   *[other] {""}
}
hobbit-ask-double = Выбрано: { $cards }. Теперь выберите карту, которую удвоит Гэндальф, или никакую.
hobbit-ask-attack = **Нападение на Смауга.** Старшая боевая карта пробивает его броню; выберите её и карту, которая его отгонит.
hobbit-ask-sorrow = **Печаль.** Сбросьте { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
} на выбор.
hobbit-ask-trade_reply = **{ $player } предлагает вам обмен** (ниже): согласитесь, выбрав, что отдаёте взамен, или откажитесь.
hobbit-ask-window = **Окно Смауга для карты { $card }:** он пролетит { $pending ->
    [one] { $pending } шаг
    [few] { $pending } шага
   *[many] { $pending } шагов
}. Сыграйте карту сокровищницы или пасуйте.

## Кнопки, меню и их слова

hobbit-action-end_phase2 = Закончить фазу 2
hobbit-action-open_door = Открыть дверь
hobbit-action-pass_window = Пас
hobbit-action-trade_decline = Отказаться
hobbit-action-draw = Взять из колоды «{ $deck }»
hobbit-action-play_treasury = Сыграть «{ $card }»
hobbit-action-trade_accept = { $nothing ->
    [yes] Согласиться, ничего не отдавая
   *[other] Согласиться и отдать { $give }
}
hobbit-action-choose_target = { $figure }
hobbit-action-scout_choose = { $figure } на { $die } вперёд
hobbit-action-scout_discard = Сбросить карту
hobbit-action-skip_move_card = Перевернуть { $card }, не двигаясь
hobbit-action-fight_none = Сражаться без карт
hobbit-action-fight_none_double = Без своих карт; удвоить { $card }
hobbit-action-fight = Сражаться: { $cards } ({ $total }){ $doubling }
hobbit-action-doubling = , удвоив { $card }
hobbit-action-free_web = Освободить { $figure }: { $cards }
hobbit-action-discard_to_limit = Сбросить { $cards }
hobbit-action-sorrow_discard = Сбросить { $cards }
hobbit-action-attack = Броня: { $armour } · отгон: { $push }
hobbit-action-trade_offer = Предложить игроку { $partner }: { $give } за { $price }
# A card's button beside it in a seat's message: plays it, or opens the menu of what it moves where.
hobbit-subject-play = Сыграть
hobbit-menu-move = Карта движения и гном…
hobbit-menu-play = Сыграть карту с руки…
hobbit-menu-trade = Предложить обмен…
hobbit-menu-attack = Броня и отгон…
hobbit-menu-back = Назад
hobbit-menu-done = Этот вариант
hobbit-menu-more = Дальше…
hobbit-menu-fight = Ваши боевые карты (можно несколько)…
hobbit-menu-double = Карта, которую удвоит Гэндальф…
hobbit-menu-no_double = Ничего не удваивать
hobbit-menu-double_card = Удвоить { $card } (+{ $value })
hobbit-menu-as_value = { $card } как { $value }
hobbit-menu-value = считается за { $value }
hobbit-menu-web = Освободить { $figure }: боевые карты на 20 или больше…
hobbit-menu-limit = Сбросить { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
}…
hobbit-menu-sorrow = Сбросить { $count ->
    [one] { $count } карту
    [few] { $count } карты
   *[many] { $count } карт
} из-за Печали…
hobbit-step-figure = { $figure } { $dir ->
    [back] назад
   *[other] вперёд
}
hobbit-step-gandalf = Гэндальф { $stop }
hobbit-step-gandalf_dir = Гэндальф { $dir ->
    [back] на стоянку назад
   *[other] на стоянку вперёд
}
hobbit-step-scout_die = Бросить кубик
hobbit-step-partner = С { $partner }
hobbit-step-give = { $nothing ->
    [yes] Попросить Ключ Торина
   *[other] Отдать { $card }
}
hobbit-step-price = Заплатить { $price }
hobbit-step-armour = Броня: { $card }
hobbit-step-push = Отогнать картой { $card } ({ $value })

## /hobbit

hobbit-cmd-description = Ваши собственные настройки «Хоббита»
hobbit-cmd-autopass-description = Пасовать за вас в окнах Смауга, когда у вас нет карты сокровищницы, которую можно сыграть
hobbit-cmd-autopass-switch = Вкл. или выкл. (без него — посмотреть свою настройку)
hobbit-cmd-autopass-on = вкл.
hobbit-cmd-autopass-off = выкл.
hobbit-autopass-on = Автопас **включён**: во всех играх «Хоббит» я пасую за вас в окнах Смауга, когда у вас нет карты сокровищницы, которую можно сыграть. (По скорости паса стол может это заметить.)
hobbit-autopass-off = Автопас **выключен**: на каждое окно Смауга вы отвечаете сами.

## Отказы с названием карты или фигуры

hobbit-refusal-not_in_hand = { $card } нет у вас в руке.
hobbit-refusal-twice = { $named ->
    [yes] { $card } названа дважды.
   *[other] Карта названа дважды.
}
hobbit-refusal-not_fight_card = { $card } — не боевая карта.
hobbit-refusal-bad_value = { $card } не может считаться за столько: выберите одно из её значений.
hobbit-refusal-face_down = { $card } перевёрнута: её уже использовали.
hobbit-refusal-not_your_card = { $card } — не ваша карта движения.
hobbit-refusal-wrong_card = { $card } — карта другого вида.
hobbit-refusal-not_submitted = { $card } нет среди выложенных карт.
hobbit-refusal-not_your_dwarf = { $figure } — не ваш гном.
hobbit-refusal-not_entangled = { $figure } не в паутине.
hobbit-refusal-not_eligible = { $figure } выбрать нельзя.
hobbit-refusal-dead = { $figure } погиб.
hobbit-refusal-finished = { $figure } уже у цели и больше не двигается.
hobbit-refusal-entangled = { $figure } в паутине и не может двигаться.
hobbit-refusal-below_start = { $figure } не может уйти назад дальше старта.
hobbit-refusal-smaug_blocks = Смауг преграждает путь фигуре { $figure }.
hobbit-refusal-door_locked = Запертая дверь на 44 не пускает { $figure }.
hobbit-refusal-attack_needs_cards = Поставить { $figure } на Смауга — значит напасть, а для этого в руке игрока, чей ход, нужно 2 боевые карты.
hobbit-refusal-full = Клетка занята: { $figure } не может там остановиться.
hobbit-refusal-rune = { $figure } войдёт на цель, только когда второй гном его цвета дойдёт до руны (29) или погибнет.

## Строки событий (последний ход на доске, /history)

hobbit-event-turn_started = — ход начинает { $player } (раунд { $round }) —
hobbit-event-moved = { $figure }: { $from } → { $to } ({ $cause ->
    [move_card] карта движения
    [bilbo] карта Бильбо
    [elf] карта эльфа
    [eagle] орёл
    [dwarf_run] рывок гнома
    [scout] разведка
    [barrel] сплав в бочках
    [passage] потайной ход
    [stream] зачарованный ручей
    [rockfall] камнепад
    [fight] проигранный бой
    [smaug] отброшен Смаугом
   *[other] { $cause }
})
hobbit-event-killed = { $figure } погибает на { $space }.
hobbit-event-stayed = { $figure } не может двинуться дальше с { $space }.
hobbit-event-move_card_played = { $player } играет { $card }.
hobbit-event-move_card_skipped = { $player } переворачивает { $card }, не двигаясь.
hobbit-event-move_cards_refreshed = Карты движения игрока { $player } снова все открыты.
hobbit-event-card_played = { $player } играет { $card } на { $figure }.
hobbit-event-gandalf_moved = { $player } играет { $card }: Гэндальф переходит { $from } → { $to }.
hobbit-event-door_opened = { $player } открывает дверь Ключом Торина.
hobbit-event-adventure = Приключение на { $space } ({ $deck }): **{ $card }** — отряд: { $party }.
hobbit-event-fight = Бой с картой { $card } (сила { $strength }): { $players }.
hobbit-event-fight_submitted = { $player } { $count ->
    [0] не выкладывает карт
   *[other] выкладывает { $cards }
}{ $doubling ->
    [yes] , удваивая { $doubled }
   *[other] {""}
}.
hobbit-event-fight_won = Победа: { $total } = { $strength }; { $card } уходит в коробку.
hobbit-event-fight_lost = Поражение: { $total } ≠ { $strength }; на кубике { $die }, отряд отходит на { $back }.
hobbit-event-entangled = { $figure } запутывается в паутине на { $space }.
hobbit-event-freed = { $figure } освобождён { $how ->
    [ring] Бильбо в кольце
    [turn_start] Бильбо в кольце рядом с ним
    [cards] боевыми картами
   *[other] {""}
}.
hobbit-event-no_effect = { $named ->
    [yes] { $card } не действует на { $space }.
   *[other] На { $space } ничего не происходит.
}
hobbit-event-target_chosen = { $player } выбирает { $figure } для карты { $card }.
hobbit-event-die = { $card }: на кубике { $die }.
hobbit-event-sorrow = Печаль на { $figure }: на кубике { $die } для { $player }.
hobbit-event-discarded = { $player } сбрасывает { $count ->
    [0] ничего
   *[other] { $cards }
} ({ $why ->
    [sorrow] Печаль
    [free_web] освобождение гнома
    [limit] предел руки
   *[other] { $why }
}).
hobbit-event-ring_slipped = Кольцо соскальзывает на { $space }: Бильбо без кольца на { $bilbo }.
hobbit-event-ring_put_on = Бильбо снова надевает кольцо на { $space }.
hobbit-event-ring_to_treasury = Смауг уносит кольцо с { $space } в сокровищницу.
hobbit-event-smaug_card = Карта Смауга **{ $card }**: он пролетит { $pending ->
    [one] { $pending } шаг
    [few] { $pending } шага
   *[many] { $pending } шагов
} (бонус { $bonus }).
hobbit-event-red_drawn = { $player } берёт красную карту из колоды «{ $deck }»: **{ $card }**.
hobbit-event-drew = { $player } берёт карту из колоды «{ $deck }».
hobbit-event-drew_card = { $player } взял { $card } из колоды «{ $deck }».
hobbit-event-draw_skipped = { $player } нечего брать.
hobbit-event-reshuffled = Сброс становится Домом Беорна ({ $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}).
hobbit-event-phase3 = { $player } берёт 2 карты (Эсгарот { $esgaroth }, сокровищница { $treasury }).
hobbit-event-treasury_played = { $player } играет **{ $card }**{ $pending ->
    [none] {""}
   *[other] : Смауг пролетит { $pending }
}.
hobbit-event-window_passed = { $player } пасует.
hobbit-event-window_closed = Окно закрывается: Смауг летит на { $pending }.
hobbit-event-arrow = Чёрная стрела Барда: на кубике { $die } — { $hit ->
    [yes] Смауг сражён!
   *[other] промах.
}
hobbit-event-smaug_moved = { $steps ->
    [0] Смауг остаётся на месте.
    [one] Смауг пролетает { $steps } шаг, до { $to }.
    [few] Смауг пролетает { $steps } шага, до { $to }.
   *[many] Смауг пролетает { $steps } шагов, до { $to }.
}
hobbit-event-smaug_driven_back = { $cause ->
    [dwarf_gold] Золото гномов отгоняет
   *[other] Нападение отгоняет
} Смауга назад до { $to }{ $lost ->
    [0] {""}
    [one] {" "}({ $lost } шаг пропал)
    [few] {" "}({ $lost } шага пропали)
   *[many] {" "}({ $lost } шагов пропали)
}.
hobbit-event-attack_started = { $figure } приземляется на Смауга на { $space } и нападает.
hobbit-event-attack = { $player } пробивает броню картой { $armour } и отгоняет картой { $push }: на { $steps ->
    [one] { $steps } шаг
    [few] { $steps } шага
   *[many] { $steps } шагов
} назад.
hobbit-event-scout_rolled = { $player } играет { $card }: на кубике { $die }.
hobbit-event-scout_moved = { $player } ведёт { $figure } на { $die } вперёд разведкой.
hobbit-event-scout_discarded = { $player } сбрасывает { $card }, не использовав.
hobbit-event-trade_offered = { $player } предлагает обмен игроку { $partner } (предложение { $offers } из 3 за ход).
hobbit-event-trade_offer = Предложение { $player } → { $partner }: { $give } за { $price }.
hobbit-event-trade_declined = { $player } отказывается от предложения { $partner }.
hobbit-event-trade_accepted = { $player } принимает предложение { $partner }; { $partner } платит { $price }{ $keypass ->
    [yes] ; Ключ Торина переходит от { $from }
   *[other] {""}
}.
hobbit-event-trade_swapped = { $player } отдал { $gave } игроку { $partner } и получил { $got }.
hobbit-event-resigned = { $player } покидает игру.
hobbit-event-game_over = { $won ->
    [yes] Отряд победил!
   *[other] Отряд проиграл.
}

## Ошибки, которых нет в других играх (английский показывает сообщение движка)

error-engine-move_possible = Ход картой движения возможен, поэтому нужно ходить.
error-engine-no_gandalf = Гэндальфа здесь нет: карту удвоить нельзя.
error-engine-too_little = Сумма карт { $total }: чтобы освободить гнома, нужно 20.
error-engine-cannot_open = Дверь сейчас открыть нельзя.
error-engine-no_figure = Фигуры { $figure } в этой игре нет.
error-engine-not_a_dwarf = Эта карта двигает гнома, а не Бильбо.
error-engine-bad_run = Рывок гнома на { $figure } невозможен.
error-engine-path_end = Гэндальф уже в конце своего пути.
error-engine-no_dwarf = Назовите гнома для разведки на точное число.
error-engine-dwarf_given = С кубиком гнома выбирают после броска.
error-engine-not_playable = «{ $card }» сейчас сыграть нельзя.
error-engine-cannot_draw = Из колоды { $deck } сейчас брать нельзя.
error-engine-wrong_count = Сбросьте ровно столько карт: { $count }.
error-engine-not_yours-alt = Удваиваемую карту называет только активный игрок, выкладывающий последним.
error-engine-same_card = Броня и отгон — две разные карты.
error-engine-not_highest = Броню пробивает только ваша старшая боевая карта.
error-engine-bad_offer = Такое предложение обмена сделать нельзя.
error-engine-bad_reply = Так ответить на предложение нельзя.
