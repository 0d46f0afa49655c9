// The web table's pages, kept live: the board page and the private page follow the game's
// event stream; the replay page steps through the moves. Every HTML part comes from the
// server already escaped; this script only puts it in place.
"use strict";

const page = document.body.dataset.page;
const game = document.body.dataset.game;
const lang = document.body.dataset.lang;
const words = JSON.parse(document.getElementById("words").textContent);

function put(id, markup) {
  const element = document.getElementById(id);
  if (element !== null && markup !== undefined) element.innerHTML = markup;
}

function showBoard(snapshot) {
  put("turn", snapshot.turn);
  put("board", snapshot.board);
  put("history", snapshot.history);
  document.body.dataset.version = snapshot.version;
  document.body.dataset.over = snapshot.over ? "1" : "0";
}

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
    put("turn", words.offline);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function livePublic() {
  if (document.body.dataset.over === "1") return;
  follow(`/game/${game}/events?lang=${lang}`, {}, showBoard, () => {});
}

async function privatePicture(img, token) {
  const response = await fetch(img.dataset.privateSrc, { headers: { Authorization: `Bearer ${token}` } });
  if (response.ok) img.src = URL.createObjectURL(await response.blob());
}

function livePrivate() {
  const seat = document.body.dataset.seat;
  const token = decodeURIComponent(location.hash.slice(1));
  const refused = () => {
    document.getElementById("refused").hidden = false;
    put("private", "");
    put("board", "");
    put("turn", "");
    document.body.dataset.refused = "1";
  };
  if (!token) { refused(); return; }
  const headers = { Authorization: `Bearer ${token}` };
  follow(`/game/${game}/seat/${seat}/events?lang=${lang}`, headers, (snapshot) => {
    showBoard(snapshot.public);
    put("private", snapshot.private.private);
    for (const img of document.querySelectorAll("#private img[data-private-src]")) privatePicture(img, token);
  }, refused);
}

function replay() {
  let move = Number(document.body.dataset.move);
  const last = Number(document.body.dataset.last);
  let loading = 0;
  async function go(target) {
    target = Math.max(0, Math.min(last, target));
    const ticket = ++loading;
    const response = await fetch(`/game/${game}/replay/${target}?lang=${lang}`);
    if (!response.ok || ticket !== loading) return;
    const step = await response.json();
    move = step.move;
    put("turn", step.turn);
    put("board", step.board);
    put("events", step.events);
    put("reveal", step.reveal);
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
    if (keys[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      go(steps[keys[event.key]]());
    }
  });
  const fromHash = /^#(\d+)$/.exec(location.hash);
  if (fromHash) go(Number(fromHash[1]));
}

if (page === "board") livePublic();
else if (page === "private") livePrivate();
else if (page === "replay") replay();
