/**
 * A small query-string library ("tiny-query") as a hand-built repository: source under lib/, a
 * test that uses the same words as the source, a README. Line numbers below are what the tests
 * assert against.
 */
import type { Report } from '@sightline/intake';
import type { HandBuiltFile } from './hand-built-index.js';

const UTILS = `'use strict';

function decode(value) {
  return decodeURIComponent(value.replace(/\\+/g, ' '));
}

function merge(target, source) {
  return Object.assign({}, target, source);
}

module.exports = { decode: decode, merge: merge };
`;

const PARSE = `'use strict';
var utils = require('./utils');

function parseValues(str, options) {
  var parts = str.split(options.delimiter);
  var obj = {};
  for (var i = 0; i < parts.length; ++i) {
    var pair = parts[i].split('=');
    obj[utils.decode(pair[0])] = utils.decode(pair[1]);
  }
  return obj;
}

module.exports = function parse(str, opts) {
  return parseValues(str, opts || { delimiter: '&' });
};
`;

const STRINGIFY = `'use strict';

function stringify(object, prefix, seen) {
  if (seen.has(object)) {
    throw new RangeError('Cyclic object value');
  }
  seen.add(object);
  return Object.keys(object).map(function (key) {
    return prefix + key + '=' + object[key];
  }).join('&');
}

module.exports = function (object) {
  return stringify(object, '', new Set());
};
`;

const STRINGIFY_TEST = `'use strict';
var stringify = require('../lib/stringify');

test('stringify detects a cyclic object value', function () {
  var a = {};
  a.self = a;
  expect(function () { stringify(a); }).toThrow('Cyclic object value');
});

test('stringify with the same array under two keys is not cyclic', function () {
  var shared = ['a'];
  expect(stringify({ x: shared, y: shared })).toBe('x=a&y=a');
});
`;

/** The files of tiny-query. */
export const TINY_QUERY: Record<string, HandBuiltFile> = {
  'package.json': { content: '{ "name": "tiny-query", "version": "1.0.0" }\n' },
  'README.md': { content: '# tiny-query\n\nParse and stringify query strings.\n' },
  'lib/utils.js': {
    content: UTILS,
    definitions: [
      { name: 'decode', kind: 'function', lines: [3, 5] },
      { name: 'merge', kind: 'function', lines: [7, 9] },
    ],
  },
  'lib/parse.js': {
    content: PARSE,
    definitions: [
      { name: 'parseValues', kind: 'function', lines: [4, 12] },
      { name: 'parse', kind: 'function', lines: [14, 16] },
    ],
    references: [
      { name: 'decode', line: 9 },
      { name: 'parseValues', line: 15 },
    ],
  },
  'lib/stringify.js': {
    content: STRINGIFY,
    definitions: [{ name: 'stringify', kind: 'function', lines: [3, 11] }],
    references: [{ name: 'stringify', line: 14 }],
  },
  'test/stringify.test.js': {
    content: STRINGIFY_TEST,
    references: [{ name: 'stringify', line: 7 }],
  },
};

/** A report with no trace, in the shape `parseReport` gives. */
export function issueReport(title: string, body: string, identifiers: string[] = []): Report {
  return { id: 'issue', kind: 'issue', source: { format: 'markdown-issue' }, title, body, exceptions: [], identifiers, paths: [] };
}

/** A crash in `decode`, called from `parseValues`, as an app using tiny-query from npm sees it. */
export function decodeCrashReport(): Report {
  const frames = [
    ['decode', '/home/user/project/node_modules/tiny-query/lib/utils.js', 4],
    ['parseValues', '/home/user/project/node_modules/tiny-query/lib/parse.js', 9],
    ['module.exports [as parse]', '/home/user/project/node_modules/tiny-query/lib/parse.js', 15],
    ['handle', '/home/user/project/node_modules/express/lib/router/layer.js', 95],
    ['Module._compile', 'node:internal/modules/cjs/loader', 1521],
  ] as const;
  const body = `TypeError: Cannot read properties of undefined (reading 'replace')\n${frames
    .map(([name, file, line]) => `    at ${name} (${file}:${line}:20)`)
    .join('\n')}`;
  return {
    id: 'crash',
    kind: 'crash',
    source: { format: 'v8' },
    title: "TypeError: Cannot read properties of undefined (reading 'replace')",
    body,
    exceptions: [
      {
        type: 'TypeError',
        message: "Cannot read properties of undefined (reading 'replace')",
        frames: frames.map(([name, file, line]) => ({
          function: name,
          file,
          line,
          column: 20,
          inApp: false,
          raw: `at ${name} (${file}:${line}:20)`,
        })),
      },
    ],
    identifiers: ['TypeError', 'decode', 'parseValues', 'Module._compile'],
    paths: frames.map(([, file]) => file),
  };
}
