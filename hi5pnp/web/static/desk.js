// The desk's one script.
// - A position that cannot be drawn says so in words (no inline handler:
//   the desk's policy runs no script written in a page).
// - An open designer's page follows the deck and the simulation: the server
//   says when a deck file is saved ("deck") or the simulation moves on
//   ("sim"); the page fetches that part again and swaps it in, keeping the
//   focus and the open panels, and says what changed in one short status
//   line, in the page's language (its words are given by the page, in
//   data- attributes: the script holds no words of its own). The pages share one event stream, held by a shared worker
//   (follow.js); a browser without shared workers holds its own, and lets
//   it go while the page is hidden.
(function () {
  "use strict";
  document.querySelectorAll("img[data-missing]").forEach((img) => {
    const swap = () => {
      const said = document.createElement("p");
      said.textContent = img.dataset.missing;
      (img.closest("a") || img).replaceWith(said);
    };
    if (img.complete && img.naturalWidth === 0) swap();
    else img.addEventListener("error", swap);
  });

  // The Play page: the bot's turn is played after a short pause, so a person sees it happen.
  const botTurn = document.getElementById("bot-turn");
  if (botTurn) setTimeout(() => botTurn.requestSubmit(), 700);

  const parts = {};
  document.querySelectorAll("[data-follow]").forEach((part) => { parts[part.dataset.kind] = part; });
  if (!Object.keys(parts).length) return;
  const status = document.getElementById("follow-said");
  const asked = {};
  const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

  function focusKey(part) {
    const now = document.activeElement;
    if (!now || !part.contains(now)) return null;
    return { id: now.id, name: now.name, text: now.textContent, index: [...part.querySelectorAll(FOCUSABLE)].indexOf(now) };
  }

  function refocus(part, key) {
    const all = [...part.querySelectorAll(FOCUSABLE)];
    const again = (key.id && document.getElementById(key.id))
      || (key.name && all.find((e) => e.name === key.name))
      || all.find((e) => e.tagName === "SUMMARY" && e.textContent === key.text)
      || all[Math.min(key.index, all.length - 1)];
    if (again) again.focus({ preventScroll: true });
  }

  function said(part) {
    const source = part.querySelector("[data-said]");
    return source ? source.dataset.said : "";
  }

  async function refresh(kind) {
    const part = parts[kind];
    if (!part) return;
    const mine = (asked[kind] = (asked[kind] || 0) + 1);
    const response = await fetch(part.dataset.follow, { cache: "no-store" });
    const text = response.ok ? await response.text() : null;
    if (text === null || mine !== asked[kind]) return; // a later refresh of this part is on its way
    const key = focusKey(part);
    const before = said(part);
    const faces = new Set([...part.querySelectorAll(".faces img")].map((i) => i.getAttribute("src")));
    const open = [...part.querySelectorAll("details[open] > summary")].map((s) => s.textContent);
    part.innerHTML = text;
    part.querySelectorAll("details > summary").forEach((s) => { if (open.includes(s.textContent)) s.parentNode.open = true; });
    if (key) refocus(part, key);
    const after = said(part);
    const changed = [...part.querySelectorAll(".faces img")].filter((i) => !faces.has(i.getAttribute("src"))).length;
    if (status && (after !== before || changed)) {
      const drawn = changed === 1 ? status.dataset.drawnOne : status.dataset.drawnMany;
      status.textContent = (changed ? drawn.replace("%(num)d", String(changed)) + " " : "") + after;
    }
    document.body.dataset.refreshed = String(Date.now());
  }

  function refreshAll() { Object.keys(parts).forEach(refresh); }

  if (typeof SharedWorker === "function") {
    const worker = new SharedWorker("/static/follow.js");
    worker.port.onmessage = (message) => refresh(message.data);
    worker.port.start();
    window.addEventListener("pagehide", () => worker.port.postMessage("gone"));
    return;
  }
  let events = null;
  function follow() {
    if (document.hidden) {
      if (events) events.close();
      events = null;
    } else if (!events) {
      if (document.body.dataset.refreshed) refreshAll(); // what changed while hidden
      events = new EventSource("/events");
      events.addEventListener("deck", () => refresh("deck"));
      events.addEventListener("sim", () => refresh("sim"));
      document.body.dataset.refreshed = document.body.dataset.refreshed || "0";
    }
  }
  document.addEventListener("visibilitychange", follow);
  follow();
})();
