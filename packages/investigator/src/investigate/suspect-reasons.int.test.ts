/**
 * Issue #35 item 6, through the whole pipeline with a scripted model: on a small json5-like
 * package (real files, real tree-sitter index) the first prompt gives each suspect a reason true
 * of the lines it shows, never calls a `.d.ts` a twin, tells the model the suspects are guesses to
 * test, and the repository map collapses the lexer's long run of near-identical states.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScriptedModel } from '@sightline/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investigate } from './investigate.js';

const STATES = ['start', 'comment', 'string', 'number', 'identifier', 'escape', 'sign', 'end'];

const FILES: Record<string, string> = {
  'package.json': '{ "name": "tiny-json5", "version": "1.0.0", "main": "lib/index.js" }\n',
  'lib/index.js': "const parse = require('./parse')\n\nmodule.exports = { parse }\n",
  // The CLI requires the package as JSON5 (line 2) and prints usage text full of the report's words.
  'lib/cli.js': [
    "const fs = require('fs')",
    "const JSON5 = require('./')",
    '',
    'function usage () {',
    "  console.log('Usage: json5 <file>: parse a JSON5 file and print each key and value')",
    "  console.log('  --reviver  a reviver called for each key and value parsed')",
    '}',
    '',
    'function main (argv) {',
    '  const text = fs.readFileSync(argv[2], "utf8")',
    '  console.log(JSON5.parse(text))',
    '}',
    '',
    'module.exports = { usage, main }',
    '',
  ].join('\n'),
  'lib/parse.js': [
    "const lexStates = require('./lexer')",
    '',
    'function parse (text, reviver) {',
    '  const root = {}',
    '  for (const [key, value] of lexStates.start(text)) {',
    '    root[key] = value',
    '  }',
    '  return root',
    '}',
    '',
    'module.exports = parse',
    '',
  ].join('\n'),
  'lib/parse.d.ts':
    'declare function parse (text: string, reviver?: (key: string, value: unknown) => unknown): unknown\nexport = parse\n',
  'lib/lexer.js': [
    'const lexStates = {',
    ...STATES.flatMap((state) => [`  ${state} (c) {`, `    return read(c, '${state}')`, '  },']),
    '}',
    '',
    'function read (c, state) {',
    '  return [[state, c]]',
    '}',
    '',
    'module.exports = lexStates',
    '',
  ].join('\n'),
};

const REPORT = `JSON5.parse lets a "__proto__" key replace the prototype

Parsing \`{"__proto__": {"isAdmin": true}}\` with JSON5.parse sets the prototype of the parsed
object instead of an own key, so obj.isAdmin is true. The same happens with a reviver: each key
and value is assigned back with plain property assignment.`;

const REPORT_MARKDOWN = `## Not found
The parse loop assigns keys with plain assignment; the prototype path was not confirmed.

## What was checked
- lib/parse.js:3-9 — \`parse\` assigns each key with \`root[key] = value\`.`;

describe('the first prompt of an investigation (issue #35 item 6)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sightline-reasons-'));
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('gives reasons true of the lines shown, no .d.ts twin, a collapsed run in the map', async () => {
    const agent = createScriptedModel(
      [
        { toolCalls: [{ toolName: 'read_file', input: { path: 'lib/parse.js' } }] },
        { toolCalls: [{ toolName: 'conclude', input: { summary: 'Not confirmed.' } }] },
        { text: REPORT_MARKDOWN },
      ],
      { modelId: 'claude-sonnet-4-5' },
    );
    const result = await investigate({
      repo: root,
      report: REPORT,
      model: agent.model,
      cacheDir: false,
    })
      .then((value) => ({ suspects: value.suspects }))
      .catch((error: { details?: unknown }) => ({ suspects: undefined, error }));
    expect(result.suspects?.length ?? 0).toBeGreaterThan(0);
    const first = agent.calls[0]?.prompt.find((message) => message.role === 'user');
    const text =
      first?.role === 'user'
        ? first.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
        : '';
    const suspectLines = text
      .slice(text.indexOf('## Suspects'))
      .split('\n')
      .filter((line) => /^\d+\. /.test(line));
    expect(suspectLines.length).toBeGreaterThan(0);
    // `lib/cli.js` is shown at a range that does not define JSON5: its reason must not claim it.
    for (const line of suspectLines) {
      const [, where = '', from = '', to = '', reason = ''] =
        /^\d+\. (\S+):(\d+)-(\d+).* — (.*)$/.exec(line) ?? [];
      const defined = /^defines `([^`]+)`/.exec(reason)?.[1];
      if (!defined) continue;
      const lines = FILES[where]?.split('\n') ?? [];
      const shown = lines.slice(Number(from) - 1, Number(to)).join('\n');
      expect({ line, definedInRange: shown.includes(defined) }).toEqual({
        line,
        definedInRange: true,
      });
    }
    const cli = result.suspects?.find((suspect) => suspect.path === 'lib/cli.js');
    expect(cli?.lines).toEqual([4, 7]);
    expect(cli?.evidence).toContain(
      'elsewhere in the file (line 2): defines `JSON5` mentioned in the report',
    );
    const parse = result.suspects?.find((suspect) => suspect.path === 'lib/parse.js');
    expect(parse?.twins ?? []).toEqual([]);
    expect(parse?.evidence).toContain('types declared in lib/parse.d.ts');
    expect(JSON.stringify(result.suspects)).not.toMatch(/twin[^"]*\.d\.ts/);
    expect(text).toContain('The suspects are guesses to test, not findings: read the first one');
    expect(text).toMatch(/… \d+ more like these \(lines \d+–\d+\)/);
  });
});
