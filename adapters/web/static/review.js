// A review asked from the page: its summary, its chart, and every choice
// of the game to step through — the hand it was made from, the card
// taken and the expert's, what it gave away and why. Every word comes
// from the server, in the reader's language.
import { paragraphs, inline, art } from "./view.js";

function say(format, ...args) {
  let i = 0;
  return (format || "").replace(/%d|%s/g, () => String(args[i++]));
}

// showReview draws review view v into el and shows its first step.
export function showReview(el, v, words) {
  el.replaceChildren();
  el.hidden = false;
  const h = inline(document.createElement("h2"), v.Title || "");
  // The summary and its chart, then the walk through the choices: one
  // column on a phone, two beside each other on a desktop.
  const summary = document.createElement("div");
  summary.className = "summary";
  const walk = document.createElement("div");
  walk.className = "walk";
  el.append(h, summary, walk);
  const text = document.createElement("div");
  text.className = "text";
  text.append(paragraphs(v.Text));
  summary.append(text);
  if (v.Chart) {
    const img = document.createElement("img");
    img.className = "chart";
    img.src = "data:image/png;base64," + v.Chart;
    img.alt = (v.Picture && v.Picture.alt) || "";
    summary.append(img);
  }
  const steps = v.Steps || [];
  const box = document.createElement("div");
  box.className = "steps";
  const count = document.createElement("p");
  count.className = "count";
  const title = document.createElement("h3");
  const hand = document.createElement("div");
  hand.className = "cards";
  const what = document.createElement("p");
  what.className = "what";
  const nav = document.createElement("div");
  nav.className = "row";
  const prev = document.createElement("button");
  prev.type = "button";
  prev.className = "btn style-2 prev";
  prev.textContent = words.reviewPrev || "";
  const next = document.createElement("button");
  next.type = "button";
  next.className = "btn style-1 next";
  next.textContent = words.reviewNext || "";
  nav.append(prev, next);
  box.append(count, title, hand, what, nav);
  walk.append(box);
  if (v.Footer) {
    const f = document.createElement("footer");
    f.append(paragraphs(v.Footer));
    walk.append(f);
  }
  let at = 0;
  const show = () => {
    const s = steps[at];
    box.dataset.step = String(at + 1);
    box.dataset.grade = s.grade || "";
    count.textContent = say(words.reviewStep, at + 1, steps.length);
    title.textContent = s.title;
    what.textContent = s.text;
    hand.replaceChildren();
    (s.hand || []).forEach((n, k) => {
      const c = document.createElement("div");
      c.className = "card";
      if (k === s.chosen) c.classList.add("taken");
      if (k === s.best) c.classList.add("best");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = (s.names || [])[k] || "";
      c.append(art(n), name);
      hand.append(c);
    });
    prev.disabled = at === 0;
    next.disabled = at === steps.length - 1;
  };
  prev.addEventListener("click", () => { if (at > 0) { at--; show(); } });
  next.addEventListener("click", () => { if (at < steps.length - 1) { at++; show(); } });
  if (steps.length) {
    show();
  } else {
    box.hidden = true;
  }
  el.scrollIntoView({ block: "start" });
}
