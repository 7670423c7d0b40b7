// Counts down to the hand's deadline (the server's, View.Due), in the
// reader's words: "0:42 left".

let timer = 0;

export function countdown(el, due, words) {
  clearInterval(timer);
  el.hidden = true;
  if (!due) return;
  const end = Date.parse(due);
  if (Number.isNaN(end)) return;
  const tick = () => {
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const m = Math.floor(left / 60);
    const s = String(left % 60).padStart(2, "0");
    el.textContent = (words.timeLeft || "%s").replace("%s", m + ":" + s);
    el.hidden = false;
    el.classList.toggle("short", left <= 10);
    if (left === 0) clearInterval(timer);
  };
  tick();
  timer = setInterval(tick, 1000);
}
