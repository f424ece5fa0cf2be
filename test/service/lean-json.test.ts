/**
 * The teams' lean reader against JSON.parse of the decoded answer: the same value (the members reduced to
 * their ids, as `leanItems` defines) for every answer JSON.parse reads, and no answer (the caller then
 * parses as ever, and JSON.parse refuses) for every answer it refuses, over the forms a service writes
 * (any whitespace, escapes, duplicate names, `__proto__`, numbers of every shape, any UTF-8 and broken
 * UTF-8) and over those answers broken at random bytes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLean } from '../../src/service/http/lean-json.js';
import { propertyRuns } from '../helpers/property-runs.js';

/** An object of `key`'s array as the reader keeps it: its `id` alone, when it has one. */
function idOnly(value: unknown): unknown {
  if (!isObject(value)) return value;
  const kept: Record<string, unknown> = {};
  if (Object.hasOwn(value, 'id')) kept.id = (value as Record<string, unknown>).id;
  return kept;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the lean reader gives for a parsed answer: the list's items are the elements of the answer when it
 * is an array, or of each array directly inside it when it is an object (the shapes `itemsOf` accepts);
 * each item that is an object has the objects of its `key` array reduced to their ids.
 */
function leanItems(answer: unknown, key: string): unknown {
  const leanItem = (item: unknown) => {
    if (isObject(item) && Array.isArray(item[key])) item[key] = (item[key] as unknown[]).map(idOnly);
    return item;
  };
  if (Array.isArray(answer)) return answer.map(leanItem);
  if (isObject(answer))
    for (const name of Object.keys(answer)) if (Array.isArray(answer[name])) answer[name] = (answer[name] as unknown[]).map(leanItem);
  return answer;
}

const KEY = 'employees';

function outcome(read: () => unknown): { value: unknown } | { refused: string } {
  try {
    return { value: read() };
  } catch (error) {
    return { refused: (error as Error).constructor.name };
  }
}

function expectAsJsonParse(answer: string | Uint8Array): void {
  const bytes = typeof answer === 'string' ? Buffer.from(answer, 'utf8') : Buffer.from(answer);
  const expected = outcome(() => leanItems(JSON.parse(bytes.toString('utf8')), KEY));
  const read = readLean(bytes, KEY);
  if ('refused' in expected) {
    expect(read).toBeUndefined();
    return;
  }
  expect(read).toStrictEqual({ value: expected.value });
  // The same names in the same order (toStrictEqual does not look at the order).
  expect(JSON.stringify(read!.value)).toBe(JSON.stringify(expected.value));
}

/** Any UTF-16 code units, lone surrogates too. */
const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 6 });

const space = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n', '  ');

/** A string as JSON text, its characters written plainly or escaped in any allowed way. */
const stringText = (value: fc.Arbitrary<string>) =>
  fc.tuple(value, fc.array(fc.nat(3), { maxLength: 24 })).map(([s, ways]) => {
    let out = '"';
    [...s].forEach((ch, i) => {
      const way = ways[i % Math.max(1, ways.length)] ?? 0;
      const code = ch.charCodeAt(0);
      if (ch === '"' || ch === '\\' || code < 0x20) out += JSON.stringify(ch).slice(1, -1);
      else if (way === 1 && ch.length === 1) out += `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
      else if (way === 2 && ch === '/') out += '\\/';
      else if (way === 3 && ch.length === 1) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else out += ch;
    });
    return `${out}"`;
  });

const names = fc.oneof(fc.constantFrom('id', KEY, 'user', 'name', '__proto__', 'teams', '1', '', 'id '), fc.string({ maxLength: 6 }));
const numberText = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '10',
    '1.5',
    '-0.25',
    '1e3',
    '1E+3',
    '2e-3',
    '1.25E-2',
    '123456789012345678901234',
    '1e400',
    '-1e-400',
    '0.1',
  ),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map(String)
    .filter((t) => /^-?(0|[1-9]\d*)(\.\d+)?(e[+-]?\d+)?$/i.test(t)),
  fc.integer().map(String),
);
const scalarText = fc.oneof(
  numberText,
  fc.constantFrom('true', 'false', 'null'),
  stringText(fc.string({ maxLength: 8 })),
  stringText(fc.string({ unit: 'binary', maxLength: 4 })),
  stringText(codeUnits),
);

const { value: valueText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalarText, tie('array'), tie('object')),
  array: fc
    .array(fc.tuple(space, tie('value'), space), { maxLength: 4 })
    .chain((elements) =>
      space.map((inside) => (elements.length === 0 ? `[${inside}]` : `[${elements.map(([a, v, b]) => `${a}${v}${b}`).join(',')}]`)),
    ),
  object: fc
    .array(fc.tuple(space, stringText(names), space, space, tie('value'), space), { maxLength: 5 })
    .chain((entries) =>
      space.map((inside) =>
        entries.length === 0 ? `{${inside}}` : `{${entries.map(([a, n, b, c, v, d]) => `${a}${n}${b}:${c}${v}${d}`).join(',')}}`,
      ),
    ),
}));

/** A member as a service writes one: an employee with its user, and sometimes something odd. */
const memberText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(stringText(fc.string({ maxLength: 6 })), valueText, space)
      .map(([id, user, s]) => `{"id":${id},${s}"employment":"x","user":${user}}`),
  },
  { weight: 2, arbitrary: valueText },
  { weight: 1, arbitrary: fc.tuple(numberText, numberText).map(([a, b]) => `{"id":${a},"\\u0069d":${b}}`) },
);
const itemText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(stringText(names), fc.array(memberText, { maxLength: 4 }), space, valueText)
      .map(([name, members, s, other]) => `{"id":${name},"${KEY}":[${members.join(`,${s}`)}],${s}"responsible_employee":${other}}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(memberText, { maxLength: 2 })
      .map((members) => `{"${KEY}":[${members.join(',')}],"${KEY}":[${members.reverse().join(',')}]}`),
  },
  { weight: 1, arbitrary: valueText },
);
const listText = fc.oneof(
  fc.tuple(space, fc.array(itemText, { maxLength: 4 }), space).map(([a, items, b]) => `${a}[${items.join(',')}]${b}`),
  fc
    .tuple(stringText(names), fc.array(itemText, { maxLength: 3 }), valueText)
    .map(([name, items, other]) => `{${name}:[${items.join(',')}],"meta":${other}}`),
  valueText,
);

/** An answer broken at random bytes: dropped, doubled, or replaced by ones that matter to JSON or to UTF-8. */
const ODD_BYTES = [
  ...[...'"\\{}[],: 0-+e.uaxtn\n'].map((c) => [c.charCodeAt(0)]),
  [0x00],
  [0x01],
  [0x1f],
  [0x7f],
  [0x80],
  [0x85],
  [0xa0],
  [0xe3, 0x80, 0x80],
  [0xbf],
  [0xc3],
  [0xc3, 0xa5],
  [0xe2, 0x80, 0xa8],
  [0xef, 0xbb, 0xbf],
  [0xf0, 0x9f],
  [0xff],
  [0xc2, 0xa0],
];
const broken = fc
  .tuple(
    listText,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'insert', 'replace'), fc.constantFrom(...ODD_BYTES)), {
      minLength: 1,
      maxLength: 3,
    }),
  )
  .map(([text, edits]) => {
    let out = [...Buffer.from(text, 'utf8')];
    for (const [at, how, bytes] of edits) {
      const i = out.length === 0 ? 0 : at % (out.length + 1);
      if (how === 'drop') out = [...out.slice(0, i), ...out.slice(i + 1)];
      else if (how === 'insert') out = [...out.slice(0, i), ...bytes, ...out.slice(i)];
      else out = [...out.slice(0, i), ...bytes, ...out.slice(i + 1)];
    }
    return Uint8Array.from(out);
  });

describe('the lean reader of the teams list (lean-json.ts), against JSON.parse', () => {
  it('reads every list answer as JSON.parse does, each member kept as its id alone', () => {
    fc.assert(fc.property(listText, expectAsJsonParse), { numRuns: propertyRuns(3000) });
  });

  it('refuses what JSON.parse refuses, and reads what it reads, when the text is broken anywhere', () => {
    fc.assert(fc.property(broken, expectAsJsonParse), { numRuns: propertyRuns(5000) });
  });

  it('agrees with JSON.parse on any text and any bytes at all', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), codeUnits, fc.json()), expectAsJsonParse), {
      numRuns: propertyRuns(2000),
    });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), expectAsJsonParse), { numRuns: propertyRuns(2000) });
  });

  it('agrees on the cases one would try by hand', () => {
    for (const text of [
      '',
      ' ',
      '[]',
      '{}',
      '[ ]',
      '{ }',
      'null',
      '0',
      '-',
      '01',
      '1.',
      '.5',
      '1e',
      '+1',
      '"\\x"',
      '"\\u12"',
      '"\\u12G4"',
      '"a\u0000"',
      '"\ud800"',
      '\ufeff[]',
      '[]\u00a0',
      '[1,]',
      '[,1]',
      '{"a":1,}',
      '{"a" 1}',
      '{a:1}',
      "['a']",
      '[true false]',
      'tru',
      'nul',
      '[1]x',
      '[1] [2]',
      `[{"${KEY}":[{"id":1,"id":2}]}]`,
      `[{"${KEY}":[{"\\u0069d":"x"},{"i\\u0064":"y","user":{"id":"z"}}]}]`,
      `[{"${KEY}":[{"user":{"id":1}}]}]`,
      `[{"${KEY}":[{"id":{"id":"deep"}}, "7", 8, null, [1]]}]`,
      `[{"__proto__":{"x":1},"${KEY}":[]}]`,
      `{"__proto__":[{"${KEY}":[{"id":1,"n":2}]}]}`,
      `[{"${KEY}":[{"id":1,"user":{"id":2,"name":"\\"\\\\\\/\\b\\f\\n\\r\\t"}}]}]`,
      `[{"${KEY}":[{"id":1,"user":{"name":"a\tb"}}]}]`,
      `[{"${KEY}":[{"id":1,"x":${'['.repeat(100_000)}]}]}]`,
    ]) {
      expectAsJsonParse(text);
    }
  });

  it('leaves an answer nested deeper than its own stack to JSON.parse', () => {
    for (const text of [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, `[{"${KEY}":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}]`]) {
      expect(readLean(Buffer.from(text), KEY)).toBeUndefined();
    }
  });

  it('keeps of each member its id only', () => {
    const text = `[{"id":"T1","name":"Support","${KEY}":[{"id":"100168","employment":"Teamleder","user":{"id":"100168","name":"Kirsten"}},{"id":7}]}]`;
    expect(readLean(Buffer.from(text), KEY)).toEqual({ value: [{ id: 'T1', name: 'Support', [KEY]: [{ id: '100168' }, { id: 7 }] }] });
  });
});
