# Веб-доска «Пикомино» по-русски.

## Плитки и кубики

pickomino-web-tile = Плитка { $tile }: { $worms ->
    [one] { $worms } червяк
    [few] { $worms } червяка
   *[many] { $worms } червяков
}
pickomino-web-tile_turned = Плитка { $tile }: перевёрнута, вышла из игры
pickomino-web-tile_taken = Плитка { $tile }: в стопке игрока { $player }
pickomino-web-take = Взять плитку { $tile }: { $worms ->
    [one] { $worms } червяк
    [few] { $worms } червяка
   *[many] { $worms } червяков
}
pickomino-web-steal = Забрать плитку { $tile } у игрока { $player }: { $worms ->
    [one] { $worms } червяк
    [few] { $worms } червяка
   *[many] { $worms } червяков
}
pickomino-web-no_tile = Плиток пока нет
pickomino-web-dice = { $count } { $face ->
    [1] { $count ->
        [one] единица
        [few] единицы
       *[many] единиц
    }
    [2] { $count ->
        [one] двойка
        [few] двойки
       *[many] двоек
    }
    [3] { $count ->
        [one] тройка
        [few] тройки
       *[many] троек
    }
    [4] { $count ->
        [one] четвёрка
        [few] четвёрки
       *[many] четвёрок
    }
    [5] { $count ->
        [one] пятёрка
        [few] пятёрки
       *[many] пятёрок
    }
   *[worm] { $count ->
        [one] червяк
        [few] червяка
       *[many] червяков
    }
}
pickomino-web-keep = Отложить: { $dice }
pickomino-web-kept_before = { $dice }: это значение уже отложено в этот ход
pickomino-web-no_worm = червяка пока нет
pickomino-web-left = { $left ->
    [one] остался { $left } кубик
    [few] осталось { $left } кубика
   *[many] осталось { $left } кубиков
}

## Ход

pickomino-web-dice_of = Кубики: { $player }
pickomino-web-prompt-roll = Ваш ход: бросьте кубики.
pickomino-web-prompt-keep = Отложите все кубики одного значения, которое ещё не откладывали: нажмите на него.
pickomino-web-prompt-take_or_roll = Перебросьте остальные или остановитесь и возьмите плитку: нажмите на подсвеченную.
pickomino-web-prompt-take = Кубиков не осталось: возьмите плитку, нажмите на подсвеченную.
pickomino-web-prompt-roll_or_fail = Бросайте дальше. Если остановиться сейчас, ход провален ({ $reason }).
pickomino-web-prompt-fail = Кубиков не осталось, ход провален ({ $reason }): нажмите «Стоп».
pickomino-web-stop_fails = Если остановиться сейчас, ход провален ({ $reason }).

## Игроки

pickomino-web-you = вы
pickomino-web-to_play = ходит
pickomino-web-resigned = вышел из игры
pickomino-web-stack = { $tiles } { $tiles ->
    [one] плитка
    [few] плитки
   *[many] плиток
} · { $score } { $score ->
    [one] червяк
    [few] червяка
   *[many] червяков
}
