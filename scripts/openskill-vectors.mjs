// Writes rating/testdata/openskill-vectors.json: reference ratings from the
// npm openskill package (the Weng-Lin reference implementation in
// JavaScript), for the Go implementation to match within 1e-9.
//
// From the repository's root (the README gives the same line):
//   d=$(mktemp -d) && (cd "$d" && npm install --silent openskill@5.0.1 >/dev/null && \
//     node "$OLDPWD/scripts/openskill-vectors.mjs") > rating/testdata/openskill-vectors.json
//
// Games are drawn from a fixed seed: 600 free-for-all games of 2 to 8
// players, with ties and unequal prior ratings, under the default options
// (mu 25, sigma 25/3, beta 25/6, tau 25/300, Plackett-Luce).
import { createRequire } from "module";
import { readFileSync } from "fs";
const require = createRequire(process.cwd() + "/");
const { rate, rating } = require("openskill");
const version = JSON.parse(readFileSync(process.cwd() + "/node_modules/openskill/package.json", "utf8")).version;

// mulberry32: a small seeded generator, so the vectors are reproducible.
let state = 20261122;
function random() {
  state |= 0; state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const games = [];
for (let g = 0; g < 600; g++) {
  const n = 2 + Math.floor(random() * 7);
  const prior = [];
  for (let i = 0; i < n; i++) {
    // A third of the players are new; the rest have played and moved.
    if (random() < 0.33) prior.push(rating());
    else prior.push(rating({ mu: 10 + random() * 30, sigma: 1 + random() * 7.3 }));
  }
  // Ranks 1..n with ties: each player takes the previous rank with
  // probability 0.25.
  const order = [...Array(n).keys()].sort(() => random() - 0.5);
  const rank = new Array(n);
  let r = 1;
  order.forEach((p, k) => {
    if (k > 0 && random() >= 0.25) r = k + 1;
    rank[p] = r;
  });
  const after = rate(prior.map((p) => [p]), { rank });
  games.push({
    prior: prior.map((p) => [p.mu, p.sigma]),
    rank,
    after: after.map(([p]) => [p.mu, p.sigma]),
  });
}
process.stdout.write(JSON.stringify({ openskill: version, model: "plackett-luce", games }, null, 0) + "\n");
