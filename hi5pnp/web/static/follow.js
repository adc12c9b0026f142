// The one event stream the desk's open pages share (a shared worker): each
// page that starts this worker is sent the server's events ("deck:<count>", "sim:<count>")
// as they come, so however many pages are open, they hold one connection
// to the desk between them.
"use strict";
// The stream's first event, "now", gives the counts as it began; each page
// is sent them ("now:<counts>") on connecting and whenever a stream begins,
// and fetches again the parts that changed since it was drawn.
const pages = new Set();
let stream = null;
let now = null;
function open() {
  stream = new EventSource("/events");
  stream.addEventListener("now", (event) => {
    now = event.data;
    pages.forEach((port) => port.postMessage("now:" + now));
  });
  for (const kind of ["deck", "sim"]) {
    stream.addEventListener(kind, (event) => pages.forEach((port) => port.postMessage(kind + ":" + event.data)));
  }
}
onconnect = (event) => {
  const port = event.ports[0];
  pages.add(port);
  port.onmessage = (message) => { if (message.data === "gone") pages.delete(port); };
  if (!stream) open();
  else if (now !== null) port.postMessage("now:" + now);
};
