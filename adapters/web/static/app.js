// The web table: the socket's frames drawn into the page, and the
// reader's clicks sent back. Every word on the page comes from the server
// (the "words" frame and the views), in the reader's language.
import { connect } from "./socket.js";
import { render, isCard } from "./view.js";
import { countdown } from "./clock.js";
import { inActivity, launch } from "./activity.js";
import { showReview } from "./review.js";

const $ = (id) => document.getElementById(id);
let words = {};
let chosen = "";
let seat = -1;
let shown = 0;

let sock = { send() {} };
if (inActivity()) {
  launch((text) => ($("status").textContent = text)).then(
    (link) => (sock = connect(onFrame, onState, link)),
    (err) => onFrame({ t: "refused", text: (err && err.text) || "", reason: (err && err.reason) || "sign-in" }),
  );
} else {
  sock = connect(onFrame, onState);
}

function onState(state) {
  const el = $("status");
  if (state === "open") {
    el.textContent = seat < 0 && words.watching ? words.watching : "";
    return;
  }
  el.textContent = words[state] || "…";
}

function press(el, b) {
  const id = b.ActionID;
  if (isCard(id) && el.closest("#hand")) {
    // A card is chosen by a first tap and locked by a second (or by
    // Confirm): a slip of the finger costs nothing.
    if (chosen !== id) {
      choose(id);
      return;
    }
  }
  send(id);
}

function choose(id) {
  chosen = id;
  const hand = $("hand");
  for (const c of hand.querySelectorAll("button.card")) {
    const on = c.dataset.id === id;
    c.classList.toggle("chosen", on);
    c.setAttribute("aria-pressed", on ? "true" : "false");
  }
  let bar = hand.querySelector(".confirm");
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "confirm";
    const hint = document.createElement("p");
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "btn style-3 go";
    ok.addEventListener("click", () => chosen && send(chosen));
    bar.append(hint, ok);
    hand.append(bar);
  }
  bar.querySelector("p").textContent = words.tapAgain || "";
  bar.querySelector("button").textContent = words.confirm || "";
  bar.hidden = false;
}

function send(id) {
  chosen = "";
  sock.send({ t: "act", id });
}

function sendChoice(id, values) {
  sock.send({ t: "act", id, values });
}

// The page's own buttons for what the page shows anyway (the hand) go.
function forPage(v) {
  if (!v || !v.Rows) return v;
  const rows = v.Rows.map((r) => r.filter((b) => !/^sg\d:hand:/.test(b.ActionID || "") && !/^sg\d:table:/.test(b.ActionID || ""))).filter((r) => r.length);
  return { ...v, Rows: rows };
}

let drawn = 0;
let lastTurn = "";
let lastReveal = "";

// moved plays an animation on el once (the pass, the reveal): the class
// goes when it ends, so the next one plays again.
function moved(el, cls) {
  el.classList.remove(cls);
  void el.offsetWidth; // restart the animation
  el.classList.add(cls);
  el.addEventListener("animationend", () => el.classList.remove(cls), { once: true });
}

function onFrame(f) {
  // Counts what the server sent that the page drew (tests wait on it).
  document.body.dataset.drawn = String(++drawn);
  switch (f.t) {
    case "words":
      words = f.words || {};
      document.documentElement.lang = f.lang || "en";
      if (words.pageTitle) document.title = words.pageTitle;
      break;
    case "page": {
      const p = f.page;
      if (p.v < shown) return;
      shown = p.v;
      seat = p.seat;
      document.body.dataset.v = String(p.v);
      const over = !!p.final;
      render($("final"), p.final, press, sendChoice);
      render($("table"), over ? null : forPage(p.table), press, sendChoice);
      render($("reveal"), over ? null : p.reveal, press, sendChoice);
      // A new turn's hand arrives from the neighbour (the pass); a new
      // reveal turns its cards over.
      const turn = p.hand ? `${p.hand.rd}:${p.hand.tn}` : "";
      if (turn && lastTurn && turn !== lastTurn) moved($("hand"), "passed");
      lastTurn = turn;
      const reveal = p.reveal ? p.reveal.Title || "" : "";
      if (reveal && reveal !== lastReveal && lastReveal !== "") moved($("reveal"), "revealed");
      lastReveal = reveal;
      render($("scores"), over ? null : p.scores || null, press, sendChoice);
      // Once the game is over the closing post says it all.
      render($("hand"), over ? null : p.hand || null, press, sendChoice);
      if (p.hand && !over) {
        const clock = document.createElement("p");
        clock.className = "clock";
        clock.setAttribute("role", "timer");
        $("hand").prepend(clock);
        countdown(clock, p.hand.due, words);
        if (chosen && $("hand").querySelector(`button[data-id="${CSS.escape(chosen)}"]`)) {
          choose(chosen);
        } else {
          chosen = "";
        }
      }
      document.body.classList.toggle("watching", seat < 0);
      onState("open");
      break;
    }
    case "hand":
      // The hand as the reader's own click left it, until the next page.
      if (!$("final").hidden) break;
      render($("hand"), f.view, press, sendChoice);
      break;
    case "notice": {
      if (f.view && f.view.Steps) {
        // A review, to step through: it stays until the page closes.
        showReview($("review"), f.view, words);
        break;
      }
      const n = $("notice");
      render(n, f.view, press, sendChoice);
      clearTimeout(n.timer);
      n.timer = setTimeout(() => (n.hidden = true), 6000);
      break;
    }
    case "refused":
      for (const id of ["final", "table", "reveal", "scores", "hand"]) render($(id), null);
      $("status").textContent = f.text || "";
      document.body.classList.add("refused");
      break;
  }
}
