// The desk's one script: an open page follows the deck and the simulation.
// The server says when a deck file is saved (event "deck") or the
// simulation moves on ("sim"); the page fetches that part again and swaps it in.
(function () {
  "use strict";
  // The Play page: the bot's turn is played after a short pause, so a person sees it happen.
  const botTurn = document.getElementById("bot-turn");
  if (botTurn) setTimeout(() => botTurn.requestSubmit(), 700);
})();
(function () {
  "use strict";
  const parts = { deck: document.getElementById("gallery"), sim: document.getElementById("simulation") };
  if (!parts.deck && !parts.sim) return;
  async function refresh(part) {
    if (!part) return;
    const focused = document.activeElement && part.contains(document.activeElement) ? document.activeElement.name : null;
    const response = await fetch(part.dataset.follow, { cache: "no-store" });
    if (!response.ok) return;
    const open = [...part.querySelectorAll("details[open] > summary")].map((s) => s.textContent);
    part.innerHTML = await response.text();
    part.querySelectorAll("details > summary").forEach((s) => { if (open.includes(s.textContent)) s.parentNode.open = true; });
    if (focused) {
      const again = part.querySelector("[name='" + focused + "']");
      if (again) again.focus();
    }
    document.body.dataset.refreshed = String(Date.now());
  }
  const events = new EventSource("/events");
  events.addEventListener("deck", () => refresh(parts.deck));
  events.addEventListener("sim", () => refresh(parts.sim));
})();
