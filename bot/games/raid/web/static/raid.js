// Raid's moves made of several clicks, put together on the seat's page and sent as one action:
// the placement (pick a kind, click cells of the own map) and the path (click cells of the map
// walked, each leg straight). What is half made is kept under the composer's draft key, so a
// redraw — every stored move redraws the board, the other player's too — keeps it while the
// decision is the same. The server judges what is sent (every problem of a placement at once);
// this script only helps to put it together. The words it shows come with the board.
"use strict";

(() => {
  const drafts = new Map();
  const STORE = "tavern-raid:";

  function load(key) {
    if (drafts.has(key)) return drafts.get(key);
    try {
      const kept = sessionStorage.getItem(STORE + key);
      if (kept !== null) return JSON.parse(kept);
    } catch (error) {
      // storage off or unreadable: the draft lives in this page only
    }
    return null;
  }

  function save(key, draft) {
    drafts.set(key, draft);
    try {
      sessionStorage.setItem(STORE + key, JSON.stringify(draft));
    } catch (error) {
      // as above
    }
  }

  function forget(key) {
    drafts.delete(key);
    try {
      sessionStorage.removeItem(STORE + key);
    } catch (error) {
      // as above
    }
  }

  function board() {
    return document.getElementById("board");
  }

  function composer(kind) {
    return board().querySelector(`[data-compose="${kind}"]`);
  }

  function cellsOf(panel) {
    return Array.from(board().querySelectorAll(`[data-panel="${panel}"] .cell[data-cell]`));
  }

  function coords(cell) {
    return [cell.charCodeAt(0) - 65, Number(cell.slice(1)) - 1];
  }

  // A cell's own words (drawn by the server) are kept once, so what the script adds to them
  // can be replaced.
  function baseLabel(element) {
    if (element.dataset.baseLabel === undefined) element.dataset.baseLabel = element.getAttribute("aria-label") || "";
    return element.dataset.baseLabel;
  }

  function labelled(element, extra) {
    const text = extra.length ? `${baseLabel(element)}; ${extra.join("; ")}` : baseLabel(element);
    element.setAttribute("aria-label", text);
    element.title = text;
  }

  function mark(kind, letter, extraClass) {
    const span = document.createElement("span");
    span.className = `mark ${kind} ${extraClass}`;
    span.setAttribute("aria-hidden", "true");
    span.textContent = letter;
    return span;
  }

  // -- the placement ------------------------------------------------------------------------
  const FIELDS = ["pits", "traps", "terrorists", "kit", "artifacts"];

  function emptyPlacement(place) {
    const first = place.querySelector("[data-kind]");
    return { kind: first ? first.dataset.kind : "pits", zone: 1, objects: { pits: [], traps: [], terrorists: [], kit: [], artifacts: [] } };
  }

  function placement(place) {
    return load(place.dataset.draft) || emptyPlacement(place);
  }

  function cellsOfField(draft, field) {
    return draft.objects[field].map((item) => (field === "terrorists" ? item.cell : item));
  }

  function toggle(draft, cell) {
    const field = draft.kind;
    const list = draft.objects[field];
    const at = cellsOfField(draft, field).indexOf(cell);
    if (at >= 0) list.splice(at, 1);
    else if (field === "terrorists") list.push({ cell: cell, zone: draft.zone });
    else if (field === "kit") draft.objects.kit = [cell]; // one kit: a new cell moves it
    else list.push(cell);
  }

  function paintPlacement(place) {
    const draft = placement(place);
    const kinds = {};
    for (const button of place.querySelectorAll("[data-kind]")) {
      const field = button.dataset.kind;
      kinds[field] = button;
      button.setAttribute("aria-pressed", String(field === draft.kind));
      const cells = draft.objects[field].map((item) => (field === "terrorists" ? `${item.cell}=${item.zone}` : item));
      button.querySelector("[data-placed]").textContent = String(cells.length);
      button.querySelector("[data-cells]").textContent = cells.join(" ");
    }
    for (const button of place.querySelectorAll("[data-zone]")) {
      button.setAttribute("aria-pressed", String(Number(button.dataset.zone) === draft.zone));
    }
    const planned = place.dataset.planned;
    for (const cell of cellsOf("own")) {
      for (const old of cell.querySelectorAll(".mark.draft")) old.remove();
      const extra = [];
      for (const field of FIELDS) {
        const kind = kinds[field];
        if (!kind) continue;
        for (const item of draft.objects[field]) {
          const where = field === "terrorists" ? item.cell : item;
          if (where !== cell.dataset.cell) continue;
          const letter = field === "terrorists" ? String(item.zone) : kind.dataset.letter;
          cell.insertBefore(mark(kind.dataset.mark, letter, "draft"), cell.firstChild);
          extra.push(`${kind.dataset.name}${field === "terrorists" ? " " + item.zone : ""} (${planned})`);
        }
      }
      labelled(cell, extra);
    }
  }

  function placeAction(draft) {
    const objects = draft.objects;
    return {
      kind: "place",
      pits: objects.pits.slice(),
      traps: objects.traps.slice(),
      terrorists: objects.terrorists.map((t) => ({ cell: t.cell, zone: t.zone })),
      kit: objects.kit.length ? objects.kit[0] : null,
      artifacts: objects.artifacts.slice(),
    };
  }

  function onPlaceClick(place, target) {
    const key = place.dataset.draft;
    const draft = placement(place);
    const cell = target.closest(`[data-panel="own"] .cell[data-cell]`);
    const kind = target.closest("[data-kind]");
    const zone = target.closest("[data-zone]");
    if (cell) toggle(draft, cell.dataset.cell);
    else if (kind) draft.kind = kind.dataset.kind;
    else if (zone) {
      draft.zone = Number(zone.dataset.zone);
      draft.kind = "terrorists";
    } else if (target.closest("[data-clear]")) {
      forget(key);
      paintPlacement(place);
      return true;
    } else if (target.closest("[data-submit]")) {
      sendPlacement(key, draft);
      return true;
    } else return false;
    save(key, draft);
    paintPlacement(place);
    return true;
  }

  async function sendPlacement(key, draft) {
    save(key, draft);
    const answer = await window.Tavern.send({ action: placeAction(draft) });
    // refused: the notice lists every problem and the draft stays to be mended
    if (answer && answer.status === 200) forget(key);
  }

  // -- the path -----------------------------------------------------------------------------
  function walkDraft(walk) {
    return load(walk.dataset.draft) || { path: [] };
  }

  function problem(walk, text) {
    const element = walk.querySelector("[data-problem]");
    element.textContent = text;
    element.hidden = !text;
  }

  function paintWalk(walk) {
    const draft = walkDraft(walk);
    const start = walk.dataset.start;
    const points = [start, ...draft.path];
    walk.querySelector("[data-path]").textContent = points.join(" → ");
    for (const name of ["submit", "undo", "clear"]) {
      walk.querySelector(`[data-${name}]`).disabled = draft.path.length === 0;
    }
    const line = board().querySelector('[data-panel="walk"] svg.plan polyline');
    if (line) line.setAttribute("points", points.map((c) => coords(c).map((n) => n + 0.5).join(",")).join(" "));
    const crossed = new Set();
    for (let i = 1; i < points.length; i++) {
      const [c0, r0] = coords(points[i - 1]);
      const [c1, r1] = coords(points[i]);
      const steps = Math.max(Math.abs(c1 - c0), Math.abs(r1 - r0));
      for (let s = 1; s <= steps; s++) {
        const c = c0 + Math.sign(c1 - c0) * s;
        const r = r0 + Math.sign(r1 - r0) * s;
        crossed.add(String.fromCharCode(65 + c) + (r + 1));
      }
    }
    const end = points[points.length - 1];
    const [endCol, endRow] = coords(end);
    for (const cell of cellsOf("walk")) {
      const name = cell.dataset.cell;
      const [col, row] = coords(name);
      const step = draft.path.indexOf(name);
      cell.classList.toggle("planned", crossed.has(name));
      cell.classList.toggle("reachable", name !== end && (col === endCol || row === endRow));
      if (step >= 0) cell.dataset.step = String(step + 1);
      else delete cell.dataset.step;
    }
  }

  function onWalkClick(walk, target) {
    const key = walk.dataset.draft;
    const draft = walkDraft(walk);
    const cell = target.closest('[data-panel="walk"] .cell[data-cell]');
    if (cell) {
      const name = cell.dataset.cell;
      const end = draft.path.length ? draft.path[draft.path.length - 1] : walk.dataset.start;
      const [col, row] = coords(name);
      const [endCol, endRow] = coords(end);
      if (draft.path.length && name === end) draft.path.pop(); // the last waypoint again: taken back
      else if (name === end) {
        problem(walk, walk.dataset.sameCell.replace("{cell}", name));
        return true;
      } else if (col !== endCol && row !== endRow) {
        problem(walk, walk.dataset.notStraight.replace("{cell}", name).replace("{start}", end));
        return true;
      } else draft.path.push(name);
    } else if (target.closest("[data-undo]")) draft.path.pop();
    else if (target.closest("[data-clear]")) draft.path = [];
    else if (target.closest("[data-submit]")) {
      sendWalk(key, draft);
      return true;
    } else return false;
    problem(walk, "");
    save(key, draft);
    paintWalk(walk);
    return true;
  }

  async function sendWalk(key, draft) {
    const answer = await window.Tavern.send({ action: { kind: "move", path: draft.path.slice() } });
    if (answer && answer.status === 200) forget(key);
  }

  // -- wiring -------------------------------------------------------------------------------
  document.addEventListener("click", (event) => {
    if (!window.Tavern.playing || !(event.target instanceof Element) || !board().contains(event.target)) return;
    const place = composer("place");
    const walk = composer("walk");
    const target = event.target;
    const handled =
      (place !== null && (target.closest('[data-panel="own"]') || place.contains(target)) && onPlaceClick(place, target)) ||
      (walk !== null && (target.closest('[data-panel="walk"]') || walk.contains(target)) && onWalkClick(walk, target));
    if (handled) event.preventDefault();
  });

  // What a cell holds, written under the maps for the cell pointed at or focused.
  function showCell(event) {
    if (!(event.target instanceof Element)) return;
    const cell = event.target.closest("#board .cell[data-cell]");
    const info = document.querySelector("#board [data-cell-info]");
    if (cell && info) info.textContent = cell.getAttribute("aria-label") || "";
  }
  document.addEventListener("mouseover", showCell);
  document.addEventListener("focusin", showCell);

  window.Tavern.onRender(() => {
    const place = composer("place");
    if (place !== null) paintPlacement(place);
    const walk = composer("walk");
    if (walk !== null) paintWalk(walk);
  });
})();
