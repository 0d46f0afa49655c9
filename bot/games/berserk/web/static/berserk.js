// Berserk's moves made of several clicks, put together on the seat's page and sent whole with
// Tavern.send: a creature picked on the field, then a cell to move to, an enemy to strike or an
// ability and its target (a "path" of steps the server lists for every such legal action); the
// squad recruited card by card with the budget left shown as it is spent; the squad placed
// cell by cell in card order. What was picked survives a redraw while the decision is the same
// (the board is drawn again after every stored move, the other player's too).
"use strict";

(() => {
  // what a cell or a card means, for the keyboard too: its title in the detail line
  document.addEventListener("focusin", (event) => {
    const element = event.target instanceof Element ? event.target.closest("#board [title]") : null;
    const detail = document.querySelector("#board .bz-detail");
    if (element !== null && detail !== null) detail.textContent = element.title;
  });

  if (!window.Tavern || !Tavern.playing) return;

  // what was picked, by the decision's key (data-key of the controls)
  const kept = { key: null, path: [], picks: [], where: null, current: 0 };
  let active = null; // the composer wired to the board shown: {cell(name), refresh()}

  function el(tag, attrs, text) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    return element;
  }

  function clearMarks(board) {
    for (const cell of board.querySelectorAll(".bz-cell")) {
      cell.classList.remove("bz-target", "bz-current");
      delete cell.dataset.mark;
      cell.removeAttribute("aria-selected");
    }
  }

  function cellOf(board, name) {
    return board.querySelector(`.bz-cell[data-cell="${name}"]`);
  }

  // -- a path of steps: creature, what it does, at whom, X ----------------------------------
  function pathComposer(board, box) {
    const paths = JSON.parse(box.querySelector(".bz-paths").textContent);
    const options = box.querySelector(".bz-options");
    const chosen = box.querySelector(".bz-chosen");
    const same = (steps, prefix) => prefix.every((value, i) => steps[i] && steps[i][0] === value);
    let path = [...kept.path];
    if (!paths.some((p) => same(p.steps, path))) path = [];

    function matching(prefix) {
      return paths.filter((p) => p.steps.length >= prefix.length && same(p.steps, prefix));
    }

    // the steps that may follow ``prefix``: each with the action it completes, if only one
    function next(prefix) {
      const found = new Map();
      for (const p of matching(prefix)) {
        if (p.steps.length === prefix.length) continue;
        const step = p.steps[prefix.length];
        const entry = found.get(step[0]) || { step, actions: [] };
        entry.actions.push(p);
        found.set(step[0], entry);
      }
      for (const entry of found.values()) {
        const longer = entry.actions.filter((p) => p.steps.length > prefix.length + 1);
        entry.action = longer.length === 0 && entry.actions.length === 1 ? entry.actions[0].action : null;
      }
      return Array.from(found.values());
    }

    function draw(focusFirst) {
      kept.path = path;
      clearMarks(board);
      options.replaceChildren();
      const labels = [];
      let steps = paths.find((p) => same(p.steps, path));
      for (let i = 0; i < path.length && steps; i++) {
        labels.push(steps.steps[i][1]);
        const cell = steps.steps[i][3];
        if (cell && cellOf(board, cell)) cellOf(board, cell).classList.add("bz-current");
      }
      chosen.textContent = labels.join(" · ");
      for (const entry of next(path)) {
        const [value, label, kind, cell, hint] = entry.step;
        const button = el("button", { type: "button", class: `move secondary bz-step`, "data-kind": kind }, label);
        if (hint) button.title = hint;
        if (entry.action !== null) button.dataset.action = JSON.stringify(entry.action);
        else button.dataset.step = value;
        options.append(button);
        const target = cell ? cellOf(board, cell) : null;
        if (target !== null) {
          target.classList.add("bz-target");
          target.dataset.mark = kind;
        }
      }
      const complete = path.length ? paths.find((p) => p.steps.length === path.length && same(p.steps, path)) : null;
      if (complete) {
        const done = el("button", { type: "button", class: "move success" }, box.dataset.done);
        done.dataset.action = JSON.stringify(complete.action);
        options.append(done);
      }
      if (path.length) {
        const back = el("button", { type: "button", class: "move secondary", "data-back": "" }, box.dataset.back);
        options.append(back);
      }
      if (focusFirst) {
        const first = options.querySelector("button");
        if (first) first.focus();
      }
    }

    function pick(value, focusFirst) {
      const entry = next(path).find((e) => e.step[0] === value);
      if (!entry) return false;
      if (entry.action !== null) {
        Tavern.send({ action: entry.action });
        return true;
      }
      path = [...path, value];
      draw(focusFirst);
      return true;
    }

    box.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button === null) return;
      if (button.hasAttribute("data-back")) {
        path = path.slice(0, -1);
        draw(true);
      } else if (button.dataset.step !== undefined) {
        pick(button.dataset.step, true);
      }
    });
    draw(false);
    return {
      cell(name) {
        const entry = next(path).find((e) => e.step[3] === name);
        if (entry) return pick(entry.step[0], false);
        // another of the seat's creatures: start again from it
        if (path.length && next([]).some((e) => e.step[3] === name)) {
          path = [];
          return pick(name, false);
        }
        return false;
      },
    };
  }

  // -- the recruitment: cards picked in order, the budget left shown as it is spent -----------
  function recruitComposer(board, box) {
    const gold = Number(box.dataset.gold);
    const silver = Number(box.dataset.silver);
    const buttons = Array.from(box.querySelectorAll("[data-pick]"));
    const known = new Set(buttons.map((b) => b.dataset.pick));
    let picks = kept.picks.filter((value) => known.has(value));

    function draw() {
      kept.picks = picks;
      let elite = 0;
      let ordinary = 0;
      for (const value of picks) {
        const button = buttons.find((b) => b.dataset.pick === value);
        if (button.dataset.currency === "gold") elite += Number(button.dataset.cost);
        else ordinary += Number(button.dataset.cost);
      }
      // spare gold pays for ordinary cards once the silver is spent
      const goldLeft = gold - elite - Math.max(0, ordinary - silver);
      const silverLeft = Math.max(0, silver - ordinary);
      for (const [name, left] of [["gold", goldLeft], ["silver", silverLeft]]) {
        const shown = box.querySelector(`[data-left="${name}"]`);
        shown.textContent = String(left);
        shown.classList.toggle("bz-over", left < 0);
      }
      for (const button of buttons) {
        const at = picks.indexOf(button.dataset.pick);
        button.setAttribute("aria-pressed", at >= 0 ? "true" : "false");
        button.dataset.order = at >= 0 ? String(at + 1) : "";
      }
      const names = picks.map((value) => buttons.find((b) => b.dataset.pick === value).dataset.name);
      box.querySelector(".bz-chosen").textContent = names.map((n, i) => `${i + 1}. ${n}`).join(", ");
    }

    box.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button === null) return;
      if (button.dataset.pick) {
        const value = button.dataset.pick;
        picks = picks.includes(value) ? picks.filter((v) => v !== value) : [...picks, value];
        draw();
      } else if (button.dataset.send === "recruit") {
        Tavern.send({ action: { kind: "recruit", cards: picks.map((value) => value.split(".")[0]) } });
      }
    });
    draw();
    return { cell: () => false };
  }

  // -- the placement: each card of the squad in turn to a cell, or to the reserve -------------
  function placeComposer(board, box) {
    const start = JSON.parse(box.dataset.start);
    const cells = new Set(JSON.parse(box.dataset.cells));
    const members = Array.from(box.querySelectorAll("[data-uid]"));
    const uids = members.map((m) => m.dataset.uid);
    const reserve = box.dataset.reserveWord;
    let where = kept.where && uids.every((u) => u in kept.where) ? kept.where : Object.assign({}, start);
    let current = Math.min(kept.current, uids.length - 1);

    function draw() {
      kept.where = where;
      kept.current = current;
      clearMarks(board);
      for (const cell of board.querySelectorAll(".bz-cell")) {
        cell.querySelector(".bz-draft").textContent = "";
        if (cells.has(cell.dataset.cell)) {
          cell.classList.add("bz-target");
          cell.dataset.mark = "place";
        }
      }
      uids.forEach((uid, i) => {
        const member = members[i];
        const place = where[uid] || "";
        member.querySelector(".bz-where").textContent = place === reserve ? box.dataset.reserveLabel : place;
        member.setAttribute("aria-pressed", i === current ? "true" : "false");
        const cell = place && place !== reserve ? cellOf(board, place) : null;
        if (cell !== null) {
          cell.querySelector(".bz-draft").textContent = `${i + 1}. ${member.dataset.name}`;
          if (i === current) cell.classList.add("bz-current");
        }
      });
    }

    function put(place) {
      const uid = uids[current];
      const moved = Object.assign({}, where, { [uid]: place });
      const holder = place === reserve ? undefined : uids.find((u) => u !== uid && where[u] === place);
      if (holder) moved[holder] = where[uid] || ""; // the card there takes this one's place
      where = moved;
      current = (current + 1) % uids.length;
      draw();
    }

    box.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (button === null) return;
      if (button.dataset.uid) {
        current = uids.indexOf(button.dataset.uid);
        draw();
      } else if (button.hasAttribute("data-place-reserve")) {
        put(reserve);
      } else if (button.hasAttribute("data-place-reset")) {
        where = Object.assign({}, start);
        current = 0;
        draw();
      } else if (button.dataset.send === "place") {
        const placed = {};
        for (const uid of uids) if (where[uid]) placed[uid] = where[uid];
        Tavern.send({ action: { kind: "place", cells: placed } });
      }
    });
    draw();
    return {
      cell(name) {
        if (!cells.has(name)) return false;
        put(name);
        return true;
      },
    };
  }

  const COMPOSERS = { path: pathComposer, recruit: recruitComposer, place: placeComposer };

  Tavern.onRender((board) => {
    active = null;
    const controls = board.querySelector(".bz-controls");
    const key = controls ? controls.dataset.key : null;
    if (key !== kept.key) Object.assign(kept, { key, path: [], picks: [], where: null, current: 0 });
    const box = board.querySelector("[data-composer]");
    if (box !== null) active = COMPOSERS[box.dataset.composer](board, box);
  });

  // a cell of the field, clicked or picked with Enter or Space
  function onCell(cell) {
    if (active === null || !document.getElementById("board").contains(cell)) return;
    active.cell(cell.dataset.cell);
  }

  document.addEventListener("click", (event) => {
    const cell = event.target instanceof Element ? event.target.closest(".bz-cell") : null;
    if (cell !== null) onCell(cell);
  });

  document.addEventListener("keydown", (event) => {
    const cell = event.target instanceof Element ? event.target.closest(".bz-cell") : null;
    if (cell === null || event.target !== cell || !(event.key === "Enter" || event.key === " ")) return;
    event.preventDefault();
    onCell(cell);
    cell.focus();
  });

})();
