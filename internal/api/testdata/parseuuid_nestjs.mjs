// Writes parseuuid_nestjs.json: userId values and what NestJS's ParseUUIDPipe
// (default options, as the reference service uses it on userId) answers, for
// TestUserIDMatchesParseUUIDPipe. Regenerate, with Nest installed outside
// the repository:
//   (mkdir -p /tmp/nest && cd /tmp/nest && npm install @nestjs/common@12.5.1 reflect-metadata rxjs)
//   cp parseuuid_nestjs.mjs /tmp/nest/ && node /tmp/nest/parseuuid_nestjs.mjs > parseuuid_nestjs.json
import 'reflect-metadata';
import { ParseUUIDPipe } from '@nestjs/common';

const base = '9c858901-8a57-4791-81fe-4c455b099bc9';
const cases = [];
const add = (why, userId) => cases.push({ why, userId });

add('lower case v4', base);
add('upper case v4', base.toUpperCase());
add('mixed case', '9C858901-8a57-4791-81Fe-4C455b099bC9');
add('nil', '00000000-0000-0000-0000-000000000000');
add('max lower', 'ffffffff-ffff-ffff-ffff-ffffffffffff');
add('max upper', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF');
// Every version nibble and every variant nibble.
for (const v of '0123456789abcdefABCDEF') add(`version ${v}`, `9c858901-8a57-${v}791-81fe-4c455b099bc9`);
for (const v of '0123456789abcdef') add(`variant ${v}`, `9c858901-8a57-4791-${v}1fe-4c455b099bc9`);
add('v1 time-based', 'c232ab00-9414-11ec-b3c8-9f6bdeced846');
add('v3 md5', 'a3bb189e-8bf9-3888-9912-ace4e6543002');
add('v5 sha1', 'a6edc906-2f9f-5fb2-a373-efac406f0ef2');
add('v6 reordered time', '1ec9414c-232a-6b00-b3c8-9f6bdeced846');
add('v7 unix time', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
add('v8 custom', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0');
// Whitespace around or inside.
for (const [name, ws] of [['space', ' '], ['tab', '\t'], ['newline', '\n'], ['CRLF', '\r\n'],
  ['carriage return', '\r'], ['no-break space', '\u00a0'], ['byte order mark', '\ufeff'],
  ['zero-width space', '\u200b'], ['ideographic space', '\u3000'], ['NUL', '\u0000']]) {
  add(`leading ${name}`, ws + base);
  add(`trailing ${name}`, base + ws);
}
add('space inside', '9c858901-8a57-4791-81fe -4c455b099bc9');
add('spaces around', '  ' + base + '  ');
// Empty and blank.
add('empty', '');
for (const [name, v] of [['one space', ' '], ['spaces', '   '], ['tab', '\t'], ['newline', '\n'], ['CRLF', '\r\n'], ['mixed blanks', ' \t\r\n ']]) add(`blank: ${name}`, v);
// Other shapes that are not 8-4-4-4-12 hex.
add('no hyphens', base.replaceAll('-', ''));
add('braces', `{${base}}`);
add('urn prefix', `urn:uuid:${base}`);
add('one digit short', base.slice(0, -1));
add('one digit long', base + '0');
add('hyphen moved', '9c858901-8a574-791-81fe-4c455b099bc9');
add('underscores', base.replaceAll('-', '_'));
add('non-hex g', '9c858901-8a57-4791-81fe-4c455b099bcg');
add('fullwidth digit', '９c858901-8a57-4791-81fe-4c455b099bc9');
add('arabic-indic digit', '٩c858901-8a57-4791-81fe-4c455b099bc9');
add('two uuids on two lines', `${base}\n${base}`);
add('a number', '123');
add('long', 'a'.repeat(2000));

const pipe = new ParseUUIDPipe();
const out = [];
for (const c of cases) {
  try {
    await pipe.transform(c.userId, { type: 'body', data: 'userId' });
    out.push({ ...c, accepted: true });
  } catch (e) {
    out.push({ ...c, accepted: false, status: e.getStatus(), message: e.getResponse().message });
  }
}
console.log('[\n' + out.map((o) => JSON.stringify(o)).join(',\n') + '\n]');
