// Draws a view (protocol.View) as the chat shows it: title, text with
// the chat's markdown, fields, lists and buttons. Names come from people
// and are set as text, never as markup.

// The views speak the chat's markdown: **bold**, `code` (a command), and
// a backslash before a character markdown gives a meaning, which is how
// the Discord adapter escapes a person's name ("snake\_case", so that
// Discord shows it as typed). The page shows what the chat shows: the
// character alone, bold, code. A backslash before any other character
// stays, as in the chat.
const escapable = "\\*_~`|>#";

// plain is s where the chat reads no markup (a button, a list's choice):
// its escapes undone.
export function plain(s) {
  return (s || "").replace(/\\(.)/g, (pair, c) => (escapable.includes(c) ? c : pair));
}

// inline appends line to parent as the chat shows it: a ** or ` without
// its pair is shown as typed, and inside `code` a ** is text.
export function inline(parent, line) {
  const toks = []; // characters, or the marks "**" and "`" as {m}
  for (let i = 0; i < line.length; ) {
    if (line[i] === "\\" && escapable.includes(line[i + 1] || " ")) {
      toks.push(line[i + 1]);
      i += 2;
    } else if (line.startsWith("**", i)) {
      toks.push({ m: "**" });
      i += 2;
    } else {
      toks.push(line[i] === "`" ? { m: "`" } : line[i]);
      i += 1;
    }
  }
  const marks = (m) => toks.flatMap((t, k) => (t.m === m ? [k] : []));
  const ticks = marks("`");
  if (ticks.length % 2) toks[ticks.pop()] = "`";
  let code = false;
  toks.forEach((t, k) => {
    if (t.m === "`") code = !code;
    else if (t.m === "**" && code) toks[k] = "**";
  });
  const stars = marks("**");
  if (stars.length % 2) toks[stars.pop()] = "**";
  let bold = false, text = "";
  code = false;
  const flush = () => {
    if (!text) return;
    let node = document.createTextNode(text);
    for (const [on, tag] of [[code, "code"], [bold, "strong"]]) {
      if (!on) continue;
      const el = document.createElement(tag);
      el.append(node);
      node = el;
    }
    parent.append(node);
    text = "";
  };
  for (const t of toks) {
    if (typeof t === "string") {
      text += t;
      continue;
    }
    flush();
    if (t.m === "**") bold = !bold;
    else code = !code;
  }
  flush();
  return parent;
}

export function paragraphs(text) {
  const out = document.createDocumentFragment();
  for (const line of (text || "").split("\n")) {
    out.append(inline(document.createElement("p"), line));
  }
  return out;
}

export function isCard(id) {
  return /^sg\d:pick:/.test(id);
}

// cardOf is the card a pick's action ID takes (protocol/actionid.go:
// version:pick:game:round:turn:card:…), or -1 (a Party call takes none).
function cardOf(id) {
  const f = id.split(":");
  const n = Number(f[5]);
  return isCard(id) && n > 0 ? n : -1;
}

const svgNS = "http://www.w3.org/2000/svg";

// art is the card's picture from the sprite (cards.svg): our own, drawn
// as the table's pictures are.
export function art(n) {
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("class", "art");
  svg.setAttribute("viewBox", "0 0 72 96");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(svgNS, "use");
  use.setAttribute("href", "cards.svg#c" + n);
  svg.append(use);
  return svg;
}

export function button(b, onPress) {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.id = b.ActionID || "";
  el.className = "btn style-" + (b.Style || 0);
  if (isCard(el.dataset.id)) {
    el.classList.add("card");
    if (b.Colour) el.style.setProperty("--card", b.Colour);
    const n = cardOf(el.dataset.id);
    let face;
    if (n > 0) {
      face = art(n);
    } else {
      face = document.createElement("span");
      face.className = "face";
      face.setAttribute("aria-hidden", "true");
      face.textContent = b.Emoji || "";
    }
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = plain(b.Label);
    el.append(face, name);
  } else {
    el.textContent = ((b.Emoji ? b.Emoji + " " : "") + plain(b.Label)).trim();
  }
  el.setAttribute("aria-label", ((b.Emoji ? b.Emoji + " " : "") + plain(b.Label)).trim());
  el.disabled = !!b.Disabled || !b.ActionID;
  el.addEventListener("click", () => onPress(el, b));
  return el;
}

function select(s, onChoose) {
  const box = document.createElement("fieldset");
  box.className = "select";
  const legend = document.createElement("legend");
  legend.textContent = plain(s.Placeholder);
  box.append(legend);
  const single = s.Max === 1;
  const name = "sel-" + Math.random().toString(36).slice(2);
  for (const o of s.Options || []) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = single ? "radio" : "checkbox";
    input.name = name;
    input.value = o.Value;
    input.checked = !!o.Selected;
    label.append(input, " " + ((o.Emoji ? o.Emoji + " " : "") + plain(o.Label)).trim());
    if (o.Description) {
      const d = document.createElement("small");
      d.textContent = plain(o.Description);
      label.append(d);
    }
    box.append(label);
  }
  const go = document.createElement("button");
  go.type = "button";
  go.className = "btn style-1";
  go.textContent = s.Submit || legend.textContent;
  go.addEventListener("click", () => {
    const values = [...box.querySelectorAll("input:checked")].map((i) => i.value);
    onChoose(s.ActionID, values);
  });
  box.append(go);
  return box;
}

// render fills el with view v; onPress gets each button pressed,
// onChoose each list submitted.
export function render(el, v, onPress, onChoose) {
  el.replaceChildren();
  if (!v) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  el.dataset.tone = v.Tone || 0;
  if (v.Title) {
    el.append(inline(document.createElement("h2"), v.Title));
  }
  if (v.Text) {
    const t = document.createElement("div");
    t.className = "text";
    t.append(paragraphs(v.Text));
    el.append(t);
  }
  if (v.Fields && v.Fields.length) {
    const fields = document.createElement("div");
    fields.className = "fields";
    for (const f of v.Fields) {
      const box = document.createElement("div");
      box.className = f.Inline ? "field inline" : "field";
      box.append(inline(document.createElement("h3"), f.Name || ""), paragraphs(f.Value));
      fields.append(box);
    }
    el.append(fields);
  }
  for (const s of v.Selects || []) el.append(select(s, onChoose));
  for (const row of v.Rows || []) {
    const r = document.createElement("div");
    r.className = "row";
    for (const b of row) r.append(button(b, onPress));
    el.append(r);
  }
  if (v.Footer) {
    const f = document.createElement("footer");
    f.append(paragraphs(v.Footer));
    el.append(f);
  }
}
