// Hobbit's moves made of several clicks, on a seat's page. The board is drawn by the server
// with every move as data: a card opens the moves it makes (and lights up the figures they
// move on the track: a click on one makes its move), a trade or an attack opens step by step,
// and a composer toggles cards (a fight, a web, a discard) until its confirm button puts the
// action together and sends it with Tavern.send. What was opened and picked is kept across a
// redraw while the decision stays the same (a redraw comes with every stored move).
"use strict";

(function () {
  if (!window.Tavern || !Tavern.playing) return;
  let kept = { decision: null, open: [], picked: [] };

  const board = () => document.getElementById("board");
  const decisionOf = (root) => {
    const found = root.querySelector("[data-decision]");
    return found === null ? null : found.dataset.decision;
  };

  // -- panels: a card's moves, a step of a trade or an attack -------------------------------------
  function setOpen(opener, on) {
    const panel = document.getElementById(opener.dataset.open);
    if (panel === null) return;
    panel.hidden = !on;
    opener.setAttribute("aria-expanded", on ? "true" : "false");
    if (!on) {
      for (const inner of panel.querySelectorAll("[data-open][aria-expanded='true']")) setOpen(inner, false);
    }
  }

  function openersOfGroup(group) {
    return Array.from(board().querySelectorAll("[data-open]")).filter((o) => {
      const panel = document.getElementById(o.dataset.open);
      return panel !== null && panel.dataset.group === group;
    });
  }

  function toggle(opener) {
    const panel = document.getElementById(opener.dataset.open);
    if (panel === null) return;
    const on = panel.hidden;
    for (const other of openersOfGroup(panel.dataset.group)) if (other !== opener) setOpen(other, false);
    setOpen(opener, on);
    markTargets();
  }

  // The figures the open card's moves move, made clickable on the track.
  function markTargets() {
    const root = board();
    for (const old of root.querySelectorAll(".fig.target")) {
      old.classList.remove("target");
      old.removeAttribute("role");
      old.removeAttribute("tabindex");
    }
    const open = root.querySelector(".then.panel:not([hidden])");
    if (open === null) return;
    for (const option of open.querySelectorAll("[data-action][data-figure]")) {
      for (const token of root.querySelectorAll(`.track span.fig[data-figure="${option.dataset.figure}"]`)) {
        token.classList.add("target");
        token.setAttribute("role", "button");
        token.setAttribute("tabindex", "0");
      }
    }
  }

  function figureClicked(token) {
    const open = board().querySelector(".then.panel:not([hidden])");
    if (open === null) return;
    const options = Array.from(open.querySelectorAll(`[data-action][data-figure="${token.dataset.figure}"]`));
    for (const o of open.querySelectorAll("[data-action]")) o.classList.toggle("hinted", options.includes(o));
    if (options.length === 1) options[0].click();
    else if (options.length) options[0].focus();
  }

  // -- composers: several cards, then confirm -----------------------------------------------------
  function picked(composer) {
    return Array.from(composer.querySelectorAll(".pickable[aria-pressed='true']"));
  }

  function doubled(composer) {
    const chosen = composer.querySelector(".double[aria-pressed='true']");
    return chosen === null || !chosen.dataset.double ? null : chosen;
  }

  function valueOf(element) {
    return Number(element.dataset.value || 0);
  }

  function update(composer) {
    const cards = picked(composer);
    const pickedCards = new Set(cards.map((c) => c.dataset.card));
    // a doubled card of one's own must be among the picked ones
    for (const option of composer.querySelectorAll(".double[data-own]")) {
      option.disabled = !pickedCards.has(option.dataset.double);
      if (option.disabled && option.getAttribute("aria-pressed") === "true") choose(composer, null);
    }
    let total = Number(composer.dataset.base || 0) + cards.reduce((sum, c) => sum + valueOf(c), 0);
    const double = doubled(composer);
    if (double !== null) {
      const own = cards.find((c) => c.dataset.card === double.dataset.double);
      total += own ? valueOf(own) : valueOf(double);
    }
    if (composer.dataset.autoDouble && cards.length) total += Math.max(...cards.map(valueOf));
    const shownTotal = composer.querySelector("[data-total]");
    if (shownTotal) shownTotal.textContent = String(total);
    const count = composer.querySelector("[data-count]");
    if (count) count.textContent = String(cards.length);
    let ready = true;
    if (composer.dataset.need) ready = cards.length === Number(composer.dataset.need);
    if (composer.dataset.atLeast) ready = cards.length > 0 && total >= Number(composer.dataset.goal);
    composer.querySelector("[data-submit]").disabled = !ready;
  }

  function choose(composer, option) {
    for (const other of composer.querySelectorAll(".double")) {
      const on = option === null ? !other.dataset.double : other === option;
      other.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function pick(element) {
    const composer = element.closest("[data-compose]");
    const on = element.getAttribute("aria-pressed") !== "true";
    if (on) {
      // a card with two values is used at one of them
      for (const twin of composer.querySelectorAll(`.pickable[data-card="${element.dataset.card}"]`)) {
        twin.setAttribute("aria-pressed", "false");
      }
    }
    element.setAttribute("aria-pressed", on ? "true" : "false");
    update(composer);
  }

  function action(composer) {
    const valued = composer.dataset.valued === "1";
    const cards = picked(composer).map((c) =>
      valued ? { card: c.dataset.card, value: valueOf(c) } : c.dataset.card,
    );
    const made = Object.assign({ kind: composer.dataset.compose }, JSON.parse(composer.dataset.fields || "{}"));
    made.cards = cards;
    const double = doubled(composer);
    if (double !== null) made.doubled = double.dataset.double;
    else if (composer.dataset.autoDouble && cards.length) {
      const best = picked(composer).reduce((a, b) => (valueOf(b) > valueOf(a) ? b : a));
      made.doubled = best.dataset.card;
    }
    return made;
  }

  // -- what is kept across a redraw ---------------------------------------------------------------
  function remember() {
    const root = board();
    kept = {
      decision: decisionOf(root),
      open: Array.from(root.querySelectorAll("[data-open][aria-expanded='true']"), (o) => o.dataset.key),
      picked: Array.from(root.querySelectorAll(".pickable[aria-pressed='true'], .double[aria-pressed='true']"), (p) => p.dataset.key),
    };
  }

  function restore(root) {
    const decision = decisionOf(root);
    for (const composer of root.querySelectorAll("[data-compose]")) update(composer);
    if (decision === null || decision !== kept.decision) {
      kept = { decision: decision, open: [], picked: [] };
      return;
    }
    const byKey = (key) => Array.from(root.querySelectorAll("[data-key]")).find((e) => e.dataset.key === key);
    for (const key of kept.open) {
      const opener = byKey(key);
      if (opener !== undefined) setOpen(opener, true);
    }
    for (const key of kept.picked) {
      const element = byKey(key);
      if (element === undefined) continue;
      const composer = element.closest("[data-compose]");
      if (element.classList.contains("double")) {
        update(composer);
        if (!element.disabled) choose(composer, element);
      } else element.setAttribute("aria-pressed", "true");
      update(composer);
    }
    markTargets();
  }

  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !board().contains(event.target)) return;
    const target = event.target;
    const opener = target.closest("[data-open]");
    const pickable = target.closest(".pickable");
    const double = target.closest(".double");
    const submit = target.closest("[data-submit]");
    const token = target.closest(".fig.target");
    if (opener !== null) toggle(opener);
    else if (pickable !== null) pick(pickable);
    else if (double !== null && !double.disabled) {
      const composer = double.closest("[data-compose]");
      choose(composer, double);
      update(composer);
    } else if (submit !== null && !submit.disabled) {
      remember();
      Tavern.send({ action: action(submit.closest("[data-compose]")) });
      return;
    } else if (token !== null) figureClicked(token);
    else return;
    remember();
  });

  Tavern.onRender(restore);
})();
