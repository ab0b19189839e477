// Writes isemail_validatorjs.json: addresses and the verdict of validator.js
// isEmail with default options, for TestIsEmailMatchesValidatorJS.
// Regenerate, with validator installed outside the repository:
//   (mkdir -p /tmp/vjs && cd /tmp/vjs && npm install validator@13.15.35)
//   NODE_PATH=/tmp/vjs/node_modules node isemail_validatorjs.js > isemail_validatorjs.json
'use strict';
const isEmail = require('validator/lib/isEmail');

// mulberry32: a seeded generator, so the file is reproducible.
let seed = 20261121;
function rand() {
  seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

// Units chosen around the edges of validator.js's character classes.
const common = ['a', 'b', 'c', 'Z', 'Y', '0', '9', 'a', 'e', 'o', '-', '.', '_', '+', '!', '#', '~', '{', '|', '`', '/', '='];
const odd = [' ', '\t', '\n', '\u0000', '\u0001', '"', '\\', '@', ',', ';', '(', ')', '[', ']', '<', '>',
  '\u007f', '\u0085', '\u00a0', '\u00a1', '\u00a8', '\u00a9', '\u00aa', 'ü', '端', 'р', '\u1680',
  '\u2000', '\u200a', '\u200b', '\u2028', '\u202f', '\u205f', '\u3000', '\ud7ff', '\ue000', '\uf8ff',
  '\uf900', '\ufdcf', '\ufdd0', '\ufdef', '\ufdf0', '\ufeff', '\uff01', '\uff41', '\uff5e', '\uff5f',
  '\uffef', '\ufff0', '\ufffd', '\uffff', '\u{1F348}', 'x', 'n'];
const labelCommon = ['a', 'b', 'c', 'm', 'Z', 'Y', '0', '9', 'e', 'o', '-'];
function word(max, alphabet = common) {
  let s = '';
  const n = (rand() < 0.05 ? 0 : 1) + Math.floor(rand() * max);
  const oddness = rand() < 0.5 ? 0 : 0.1;
  for (let i = 0; i < n; i++) s += rand() < oddness ? pick(odd) : pick(alphabet);
  return s;
}
function label() {
  const r = rand();
  if (r < 0.05) return 'a'.repeat(60 + Math.floor(rand() * 8));
  if (r < 0.1) return 'xn--' + word(5, labelCommon);
  return word(8, labelCommon);
}
function local() {
  const r = rand();
  if (r < 0.15) return '"' + word(10) + '"';
  if (r < 0.2) return '"' + word(10);
  if (r < 0.25) return 'a'.repeat(60 + Math.floor(rand() * 8));
  if (r < 0.3) return 'ü'.repeat(30 + Math.floor(rand() * 4));
  return word(10);
}
function domain() {
  const labels = [];
  const n = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < n; i++) labels.push(label());
  const r = rand();
  if (r < 0.8) labels.push(pick(['com', 'com', 'com', 'co', 'uk', 'org', 'c', 'рф', 'xn--p1ai', 'XN--P1AI', 'xn-', '123', 'c0m', 'co\u3000m', 'de', 'com\u00a9']));
  return labels.join('.');
}

const seen = new Set();
const cases = [];
while (cases.length < 3000) {
  let s = rand() < 0.05 ? word(12) : local() + (rand() < 0.95 ? '@' : '') + domain();
  if (rand() < 0.03) s = 'a'.repeat(64) + '@' + 'b'.repeat(63) + '.' + 'c'.repeat(63) + '.' + 'd'.repeat(55 + Math.floor(rand() * 5)) + '.com';
  if (seen.has(s)) continue;
  seen.add(s);
  cases.push({ email: s, valid: isEmail(s) });
}
process.stdout.write('[\n' + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n');
