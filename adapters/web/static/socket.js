// The page's one socket: it says who it is (the link it was opened with,
// then the session the server gave it), hands every frame to onFrame, and
// comes back after a drop until the server refuses it.

const sessionKey = "sushigo.session";

export function connect(onFrame, onState, launched) {
  // launched is the link an Activity's sign-in gave (activity.js).
  let link = launched || "";
  if (!link && location.hash.length > 1) {
    link = decodeURIComponent(location.hash.slice(1));
    // The link opens one page: it leaves the address bar (and history).
    history.replaceState(null, "", location.pathname + location.search);
  }
  let ws = null;
  let refused = false;
  let delay = 500;
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";

  function open() {
    onState(ws === null ? "connecting" : "reconnecting");
    ws = new WebSocket(url);
    ws.addEventListener("open", () => {
      const hello = { t: "hello", lang: navigator.language || "" };
      if (link) {
        hello.link = link;
      } else {
        hello.session = sessionStorage.getItem(sessionKey) || "";
      }
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener("message", (e) => {
      const f = JSON.parse(e.data);
      if (f.t === "session") {
        sessionStorage.setItem(sessionKey, f.session);
        link = "";
        delay = 500;
        onState("open");
      }
      if (f.t === "refused") {
        refused = true;
        // A failure on our side ("error") leaves the session for a reload.
        if (link === "" && f.reason !== "error") sessionStorage.removeItem(sessionKey);
      }
      onFrame(f);
    });
    ws.addEventListener("close", () => {
      if (refused) return;
      onState("reconnecting");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    });
  }
  open();
  return {
    send(msg) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    },
  };
}
