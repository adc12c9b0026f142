// The desk's one script.
// - A position that cannot be drawn says so in words (no inline handler:
//   the desk's policy runs no script written in a page).
// - A game at the table plays without reloading: a turn (or faces, an undo)
//   is posted in the background and the game's part of the page swapped in
//   from the answer; a competitor chosen fetches the part alone. The game's
//   news (a bot's reply, the other player's turn) comes as server-sent
//   events: the part is fetched again and its last turn said in the live
//   region. The focus stays where the player was. Without scripts the
//   forms and links do the same by loading the page.
// - An open designer's page follows the deck and the simulation: the server
//   says when a deck file is saved ("deck") or the simulation moves on
//   ("sim"); the page fetches that part again and swaps it in, keeping the
//   focus and the open panels, and says what changed in one short status
//   line, in the page's language (its words are given by the page, in
//   data- attributes: the script holds no words of its own). The pages share one event stream, held by a shared worker
//   (follow.js); a browser without shared workers holds its own, and lets
//   it go while the page is hidden. Each part carries the count it was
//   drawn at (data-seen); a stream begins by saying the counts now, so a
//   save made between the page's drawing and the stream's opening is
//   fetched too.
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

  const game = document.getElementById("game");
  if (game) table(game);

  // The projector page: the round's clock counts down between the page's
  // refreshes (the server says the seconds left when it draws the page).
  const clock = document.querySelector(".round-clock[data-left]");
  if (clock && clock.dataset.left !== "" && clock.dataset.running) {
    const left = Number(clock.dataset.left);
    const drawn = Date.now();
    setInterval(() => {
      const s = Math.max(0, Math.ceil(left - (Date.now() - drawn) / 1000));
      clock.firstChild.textContent = s ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : clock.dataset.time;
    }, 1000);
  }
  const board = document.querySelector("[data-refresh]");
  if (board) setTimeout(() => location.reload(), Number(board.dataset.refresh) * 1000);

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

  // "d.s", the counts of each kind as a stream began: a part drawn at an
  // older count (its data-seen) is fetched again, so a save made before
  // the stream opened is not missed.
  // A change told twice (by "now" and by its own event) is fetched once.
  function heard(kind, count) {
    const part = parts[kind];
    if (!part || part.dataset.seen === count) return;
    part.dataset.seen = count;
    refresh(kind);
  }
  function caughtUp(counts) {
    const kinds = ["deck", "sim"];
    counts.split(".").forEach((count, i) => {
      const part = parts[kinds[i]];
      if (part && part.dataset.seen) heard(kinds[i], count); // a page drawn without its counts waits for the next change
    });
  }

  if (typeof SharedWorker === "function") {
    const worker = new SharedWorker("/static/follow.js");
    worker.port.onmessage = (message) => {
      const [kind, count] = message.data.split(":");
      if (kind === "now") caughtUp(count);
      else heard(kind, count);
    };
    worker.port.start();
    window.addEventListener("pagehide", () => worker.port.postMessage("gone"));
    return;
  }
  whileVisible(() => {
    if (document.body.dataset.refreshed) refreshAll(); // what changed while hidden
    const events = new EventSource("/events");
    events.addEventListener("now", (event) => caughtUp(event.data));
    events.addEventListener("deck", (event) => heard("deck", event.data));
    events.addEventListener("sim", (event) => heard("sim", event.data));
    document.body.dataset.refreshed = document.body.dataset.refreshed || "0";
    return events;
  });

  // An event stream held while the page is shown: closed when it is
  // hidden, opened again (by ``open``) when it is shown.
  function whileVisible(open) {
    let events = null;
    function follow() {
      if (document.hidden) {
        if (events) events.close();
        events = null;
      } else if (!events) {
        events = open();
      }
    }
    document.addEventListener("visibilitychange", follow);
    follow();
  }

  function table(game) {
    const base = game.dataset.game;
    const news = document.getElementById("table-news");
    let asked = 0;
    let told = "";
    let count = Number(game.dataset.count || 0);

    function keyOf() {
      const now = document.activeElement;
      if (!now || !game.contains(now)) return null;
      return { id: now.id, face: now.dataset.face, name: now.name, value: now.value, chip: now.classList.contains("chip") };
    }
    function refocus(key) {
      if (!key) return;
      const again = (key.id && document.getElementById(key.id))
        || (key.face && game.querySelector((key.chip ? "a.chip" : ".competitors a") + `[data-face="${key.face}"]`))
        || (key.name && [...game.querySelectorAll(`[name="${key.name}"]`)].find((e) => e.value === key.value && e.type !== "hidden"))
        || game.querySelector("#options-title, #turn-title, #end-title, #choose-title, #scoreline");
      if (again) {
        if (!again.matches("a, button, input, select, textarea, [tabindex]")) again.setAttribute("tabindex", "-1");
        again.focus({ preventScroll: true });
      }
    }
    function put(html, focus) {
      const key = focus === undefined ? keyOf() : null;
      game.innerHTML = html;
      const c = game.querySelector("[data-count]");
      if (c) count = Number(c.dataset.count);
      if (focus) {
        const there = game.querySelector(focus);
        if (there) { there.focus({ preventScroll: true }); there.scrollIntoView({ block: "nearest" }); }
      } else refocus(key);
      const said = game.querySelector("[data-said]:not([hidden])");
      const last = game.querySelector("[data-news]");
      const now = (said && said.textContent.trim()) || (last && last.textContent.trim()) || "";
      if (now && now !== told && news) news.textContent = now;
      told = now;
      document.body.dataset.refreshed = String(Date.now());
    }
    async function part(search, focus) {
      const mine = ++asked;
      const response = await fetch(base + "/part" + search, { cache: "no-store" });
      if (!response.ok || mine !== asked) return;
      put(await response.text(), focus);
    }
    const here = () => new URLSearchParams(location.search).get("face");
    game.addEventListener("click", (event) => {
      const link = event.target.closest("a[href]");
      if (!link || !game.contains(link) || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const url = new URL(link.href);
      if (url.pathname !== base || !url.searchParams.get("face")) return;
      event.preventDefault();
      history.replaceState(null, "", url.pathname + url.search);
      part(url.search, "#options-title");
    });
    let posting = false;
    game.addEventListener("submit", async (event) => {
      const form = event.target;
      if (!form.classList.contains("act")) return;
      event.preventDefault();
      const mine = ++asked;
      posting = true;
      const body = new URLSearchParams(new FormData(form, event.submitter));
      try {
        // the answer is the game's part alone (the desk sends it for this header), else the whole page
        const response = await fetch(form.action, { method: "POST", body, cache: "no-store", headers: { "X-Hi5-Part": "1" } });
        if (mine !== asked) return;
        if (!response.ok && response.status !== 404) { form.submit(); return; }
        const text = await response.text();
        const whole = text.trimStart().toLowerCase().startsWith("<!doctype");
        const page = whole ? new DOMParser().parseFromString(text, "text/html").getElementById("game") : null;
        if (whole && !page) { location.reload(); return; }
        history.replaceState(null, "", base);
        put(page ? page.innerHTML : text);
      } finally {
        posting = false;
      }
    });
    const again = () => part(here() ? `?face=${encodeURIComponent(here())}` : "");
    whileVisible(() => {
      const events = new EventSource(`${base}/events?since=${count}`);
      events.addEventListener("turn", (event) => {
        if (posting) setTimeout(() => { if (Number(event.data) > count) again(); }, 50); // the post's own answer may bring it
        else if (Number(event.data) !== count) again();
      });
      return events;
    });
  }
})();
