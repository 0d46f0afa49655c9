// The web table's pages, kept live: the board page and the private page follow the game's
// event stream; the private page sends the seat's moves; the replay page steps through the
// moves. Every HTML part comes from the server already escaped; this script only puts it in
// place. A game's own script (loaded after this one) registers with Tavern.onRender to wire up
// moves made of several clicks, and sends them with Tavern.send.
"use strict";

const page = document.body.dataset.page;
const game = document.body.dataset.game;
const lang = document.body.dataset.lang;
const seat = document.body.dataset.seat;
const words = JSON.parse(document.getElementById("words").textContent);
const token = page === "private" ? decodeURIComponent(location.hash.slice(1)) : "";
const renderHooks = [];

function put(id, markup) {
  const element = document.getElementById(id);
  if (element !== null && markup !== undefined) element.innerHTML = markup;
}

function say(id, text) {
  const element = document.getElementById(id);
  if (element !== null && text !== undefined) element.textContent = text;
}

// -- keyboard: grids and controls that are not buttons ---------------------------------------
// A grid ([data-grid]) holds cells ([data-row][data-col]); one cell is a tab stop, the arrow
// keys move between cells, Home and End to the row's ends. A control that is not a button
// (role="button": an SVG figure, a die) acts on Enter and Space like one.
function cellsOf(grid) {
  return Array.from(grid.querySelectorAll("[data-row][data-col]"));
}

function setupGrid(grid) {
  const cells = cellsOf(grid);
  if (!cells.length) return;
  const current = cells.find((cell) => cell.tabIndex === 0) || cells[0];
  for (const cell of cells) cell.tabIndex = cell === current ? 0 : -1;
}

function moveInGrid(grid, from, key) {
  const cells = cellsOf(grid);
  const row = Number(from.dataset.row);
  const col = Number(from.dataset.col);
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let target = null;
  if (steps[key]) {
    const [dr, dc] = steps[key];
    let best = Infinity;
    for (const cell of cells) {
      const r = Number(cell.dataset.row) - row;
      const c = Number(cell.dataset.col) - col;
      // the nearest cell in that direction, straight ahead first
      const ahead = dr !== 0 ? r * dr : c * dc;
      const aside = dr !== 0 ? Math.abs(c) : Math.abs(r);
      if (ahead <= 0) continue;
      const cost = ahead + aside * 100;
      if (cost < best) { best = cost; target = cell; }
    }
  } else if (key === "Home" || key === "End") {
    const inRow = cells.filter((cell) => Number(cell.dataset.row) === row);
    target = key === "Home" ? inRow[0] : inRow[inRow.length - 1];
  }
  if (target === null) return false;
  for (const cell of cells) cell.tabIndex = cell === target ? 0 : -1;
  target.focus();
  return true;
}

document.addEventListener("keydown", (event) => {
  const element = event.target;
  if (!(element instanceof Element) || event.altKey || event.ctrlKey || event.metaKey) return;
  const grid = element.closest("[data-grid]");
  if (grid !== null && element.matches("[data-row][data-col]") && moveInGrid(grid, element, event.key)) {
    event.preventDefault();
    return;
  }
  if ((event.key === "Enter" || event.key === " ") && element.getAttribute("role") === "button") {
    event.preventDefault();
    element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
});

// -- drawing a board ----------------------------------------------------------------------------
// Which element had the focus, as something the next board has too: the same control keeps
// the keyboard's place when the board is drawn again.
function focusKey(element) {
  if (!(element instanceof Element)) return null;
  for (const name of ["id", "data-key", "data-action", "data-choice", "data-cell"]) {
    const value = element.getAttribute(name);
    if (value) return [name, value];
  }
  return null;
}

function refocus(board, key, wasInside) {
  if (!wasInside) return;
  let target = null;
  if (key !== null) {
    target = Array.from(board.querySelectorAll(`[${key[0]}]`)).find((e) => e.getAttribute(key[0]) === key[1]) || null;
  }
  if (target === null) target = board.querySelector("button:not([disabled]), [tabindex='0']");
  if (target !== null) target.focus();
}

function afterRender(board) {
  for (const grid of board.querySelectorAll("[data-grid]")) setupGrid(grid);
  if (token) {
    for (const img of board.querySelectorAll("img[data-private-src]")) privatePicture(img);
  }
  for (const hook of renderHooks) hook(board);
}

let shown = { version: -Infinity, status: "" };

function showBoard(snapshot, again) {
  // a snapshot older than the one shown (a refresh crossing the stream) is left out; the one
  // shown is drawn again only when asked (a move refused as out of date)
  if (snapshot.version < shown.version) return;
  if (snapshot.version === shown.version && snapshot.status === shown.status && !again) return;
  shown = { version: snapshot.version, status: snapshot.status };
  const board = document.getElementById("board");
  const wasInside = board.contains(document.activeElement);
  const key = focusKey(document.activeElement);
  say("turn", snapshot.turn);
  put("board", snapshot.board);
  put("history", snapshot.history);
  document.body.dataset.version = snapshot.version;
  document.body.dataset.over = snapshot.over ? "1" : "0";
  afterRender(board);
  refocus(board, key, wasInside);
}

// -- the live stream ------------------------------------------------------------------------
// Server-sent events read from a fetch, so the private page can send its token in a header
// (EventSource cannot). Calls onEvent(name, data) per event; resolves when the stream ends.
async function readStream(url, headers, onEvent) {
  const response = await fetch(url, { headers: headers, cache: "no-store" });
  if (!response.ok) return response.status;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return 200;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length) onEvent(name, data.join("\n"));
    }
  }
}

async function follow(url, headers, onSnapshot, onRefused) {
  let over = false;
  while (!over) {
    let status;
    try {
      status = await readStream(url, headers, (name, data) => {
        if (name === "snapshot") onSnapshot(JSON.parse(data));
        else if (name === "over") over = true;
        else if (name === "refused") status = 403;
      });
    } catch (error) {
      status = 0;
    }
    if (status === 403) { onRefused(); return; }
    if (over) return;
    if (status >= 400 && status < 500 && status !== 429) return;
    say("turn", words.offline);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function livePublic() {
  afterRender(document.getElementById("board"));
  if (document.body.dataset.over === "1") return;
  follow(`/game/${game}/events?lang=${lang}`, {}, showBoard, () => {});
}

// -- the private page: its token, its pictures, its moves ------------------------------------
function authorized(extra) {
  return Object.assign({ Authorization: `Bearer ${token}` }, extra || {});
}

async function privatePicture(img) {
  const response = await fetch(img.dataset.privateSrc, { headers: authorized() });
  if (response.ok) img.src = URL.createObjectURL(await response.blob());
}

function refused() {
  document.getElementById("refused").hidden = false;
  put("board", "");
  put("history", "");
  say("turn", "");
  put("notice", "");
  document.body.dataset.refused = "1";
}

function escaped(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function notice(markup, kind) {
  const element = document.getElementById("notice");
  if (element === null) return;
  element.innerHTML = markup;
  element.dataset.kind = kind;
}

async function refresh(again) {
  const response = await fetch(`/game/${game}/seat/${seat}/state?lang=${lang}`, { headers: authorized(), cache: "no-store" });
  if (response.status === 403) { refused(); return; }
  if (response.ok) showBoard(await response.json(), again);
}

let sending = false;

// Sends {action: …} or {choice: {name, values}} for the version the page shows; the server
// plays it through the bot's move path and answers with a sentence to show.
async function send(body) {
  if (page !== "private" || sending) return null;
  sending = true;
  const board = document.getElementById("board");
  board.setAttribute("aria-busy", "true");
  document.body.dataset.sending = "1";
  notice(escaped(words.sending), "sending");
  let answer = null;
  try {
    const response = await fetch(`/game/${game}/seat/${seat}/move?lang=${lang}`, {
      method: "POST",
      headers: authorized({ "Content-Type": "application/json" }),
      body: JSON.stringify(Object.assign({ version: Number(document.body.dataset.version) }, body)),
      cache: "no-store",
    });
    answer = await response.json().catch(() => ({}));
    answer.status = response.status;
    if (response.status === 403) { refused(); return answer; }
    const why = response.status === 429 ? words.busy_moves : words.send_failed;
    notice(answer.html || escaped(why), response.ok ? "done" : "refusal");
    if (response.ok || response.status === 409) await refresh(response.status === 409);
  } catch (error) {
    notice(escaped(words.send_failed), "refusal");
  } finally {
    sending = false;
    board.removeAttribute("aria-busy");
    delete document.body.dataset.sending;
  }
  return answer;
}

document.addEventListener("click", (event) => {
  if (page !== "private" || !(event.target instanceof Element)) return;
  const control = event.target.closest("[data-action], [data-choice]");
  if (control === null || !document.getElementById("board").contains(control)) return;
  if (control.disabled || control.getAttribute("aria-disabled") === "true") return;
  event.preventDefault();
  if (control.dataset.action) send({ action: JSON.parse(control.dataset.action) });
  else send({ choice: { name: control.dataset.choice, values: [control.dataset.value || ""] } });
});

function livePrivate() {
  // the language switch keeps the page's token, which rides after the '#'
  for (const link of document.querySelectorAll("nav.langs a")) link.href += location.hash;
  if (!token) { refused(); return; }
  follow(`/game/${game}/seat/${seat}/events?lang=${lang}`, authorized(), showBoard, refused);
}

// -- the replay -------------------------------------------------------------------------------
function replay() {
  let move = Number(document.body.dataset.move);
  const last = Number(document.body.dataset.last);
  let loading = 0;
  afterRender(document.getElementById("board"));
  async function go(target) {
    target = Math.max(0, Math.min(last, target));
    const ticket = ++loading;
    const response = await fetch(`/game/${game}/replay/${target}?lang=${lang}`);
    if (!response.ok || ticket !== loading) return;
    const step = await response.json();
    move = step.move;
    say("turn", step.turn);
    put("board", step.board);
    put("events", step.events);
    put("reveal", step.reveal);
    afterRender(document.getElementById("board"));
    document.getElementById("counter").textContent = words.move_of.replace("{move}", move).replace("{last}", last);
    document.body.dataset.move = move;
    history.replaceState(null, "", `?lang=${lang}&move=${move}`);
  }
  const steps = { first: () => 0, previous: () => move - 1, next: () => move + 1, last: () => last };
  for (const [id, target] of Object.entries(steps)) {
    document.getElementById(id).addEventListener("click", (event) => { event.preventDefault(); go(target()); });
  }
  document.addEventListener("keydown", (event) => {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (event.target instanceof Element && event.target.closest("[data-grid]")) return;
    if (keys[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      go(steps[keys[event.key]]());
    }
  });
  const fromHash = /^#(\d+)$/.exec(location.hash);
  if (fromHash) go(Number(fromHash[1]));
}

// What a game's own script may use.
window.Tavern = {
  page,
  lang,
  words,
  playing: page === "private",
  send,
  version: () => Number(document.body.dataset.version),
  // fn(board) after every board drawn (the first one too)
  onRender(fn) {
    renderHooks.push(fn);
  },
};

// Game scripts load after this one (both deferred): the page starts once they are in.
document.addEventListener("DOMContentLoaded", () => {
  if (page === "board") livePublic();
  else if (page === "private") livePrivate();
  else if (page === "replay") replay();
});
