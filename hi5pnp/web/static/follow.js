// The one event stream the desk's open pages share (a shared worker): each
// page that starts this worker is sent the server's events ("deck", "sim")
// as they come, so however many pages are open, they hold one connection
// to the desk between them.
"use strict";
const pages = new Set();
let stream = null;
function open() {
  stream = new EventSource("/events");
  for (const kind of ["deck", "sim"]) {
    stream.addEventListener(kind, () => pages.forEach((port) => port.postMessage(kind)));
  }
}
onconnect = (event) => {
  const port = event.ports[0];
  pages.add(port);
  port.onmessage = (message) => { if (message.data === "gone") pages.delete(port); };
  if (!stream) open();
};
