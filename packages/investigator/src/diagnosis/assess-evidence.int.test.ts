import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexRepository, type RepositoryIndex } from '@sightline/codebase';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemAt, validDiagnosis } from './__fixtures__/diagnosis.js';
import type { Diagnosis } from './schema.js';
import { verifyDiagnosis } from './verify-diagnosis.js';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'repo');

function withChange(change: (diagnosis: Diagnosis) => void): Diagnosis {
  const diagnosis = validDiagnosis();
  change(diagnosis);
  return diagnosis;
}

describe('verifyDiagnosis: what "verified" means', () => {
  let index: RepositoryIndex;
  beforeAll(async () => {
    index = await indexRepository(repo, { cacheDir: false });
  });
  const verify = (diagnosis: unknown) => verifyDiagnosis(diagnosis, repo, { index });

  it('verifies a cause with a matching quote inside its range and its symbol there', async () => {
    const result = await verify(validDiagnosis());
    expect(result).toMatchObject({ ok: true, verified: true, reasons: [] });
    expect(result.diagnosis?.verification).toEqual({ verified: true, reasons: [] });
  });

  it('marks a diagnosis with no affected file unverified, and one with no cause', async () => {
    const empty = await verify(withChange((d) => (d.affectedFiles = [])));
    expect(empty).toMatchObject({
      ok: true,
      verified: false,
      reasons: [
        'No affected file has the role "cause": the diagnosis does not say where the fix goes.',
      ],
    });
    const symptomOnly = await verify(
      withChange((d) => (itemAt(d.affectedFiles, 0).role = 'symptom')),
    );
    expect(symptomOnly.verified).toBe(false);
  });

  it('rejects as evidence a cause at the wrong lines whose symbol lives elsewhere', async () => {
    const result = await verify(
      withChange((d) => {
        const cause = itemAt(d.affectedFiles, 0);
        cause.lines = [1, 2];
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      verified: false,
      reasons: [
        'affectedFiles[0] (lib/user.js:1-2): no quote of lines 1-2 that matches the file; `displayName` is defined at lines 13-18, not at 1-2.',
      ],
    });
  });

  it('marks a cause that names no symbol unverified when it lies in a body the index does not name', async () => {
    // Found by a fresh-user trial: axios's lib/adapters/fetch.js:211-221, inside the anonymous
    // default export the index does not name, was a verified cause with no symbol.
    const result = await verify(
      withChange((d) => {
        d.affectedFiles = [
          {
            path: 'lib/adapter.js',
            lines: [6, 7],
            role: 'cause',
            evidence: [
              {
                path: 'lib/adapter.js',
                line: 6,
                quote: 'const response = await globalThis.fetch(`/users/${user.id}`);',
              },
            ],
          },
        ];
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      verified: false,
      reasons: [
        'affectedFiles[0] (lib/adapter.js:6-7): it names no symbol, and the repository index defines none at lines 6-7.',
      ],
    });
  });

  it('verifies a cause without a symbol in top-level code of a file with definitions', async () => {
    // Found by a fresh-user trial: a Python `<module>` frame's line, a script's statement, made
    // the offline diagnosis fail its own verification (exit 4).
    const result = await verify(
      withChange((d) => {
        d.affectedFiles = [
          {
            path: 'lib/adapter.js',
            lines: [1, 2],
            role: 'cause',
            evidence: [
              {
                path: 'lib/adapter.js',
                line: 1,
                quote: "import { formatName } from './format.js';",
              },
            ],
          },
        ];
      }),
    );
    expect(result).toMatchObject({ ok: true, verified: true, reasons: [] });
  });

  it('verifies a cause without a symbol in a file where the index knows no definition', async () => {
    const result = await verify(
      withChange((d) => {
        d.affectedFiles = [
          {
            path: 'README.md',
            lines: [3, 3],
            role: 'cause',
            evidence: [
              {
                path: 'README.md',
                line: 3,
                quote: 'A tiny repository used by the diagnosis verification tests.',
              },
            ],
          },
        ];
        d.proposedChange = null;
      }),
    );
    expect(result).toMatchObject({ ok: true, verified: true, reasons: [] });
  });

  it('marks a cause without evidence unverified', async () => {
    const result = await verify(withChange((d) => (itemAt(d.affectedFiles, 0).evidence = [])));
    expect(result.reasons).toEqual([
      'affectedFiles[0] (lib/user.js:13-18): no quote of lines 13-18 that matches the file.',
    ]);
  });

  it('takes no lone brace or punctuation for a quote of the cause, though it matches the file', async () => {
    // Found by a fresh-user trial: the offline diagnosis quoted a frame's line `}` and was verified.
    const result = await verify(
      withChange((d) => {
        itemAt(d.affectedFiles, 0).evidence = [{ path: 'lib/user.js', line: 16, quote: '}' }];
      }),
    );
    expect(result).toMatchObject({
      ok: true,
      verified: false,
      reasons: [
        'affectedFiles[0] (lib/user.js:13-18): no quote of lines 13-18 that matches the file and holds code (a quote of braces or punctuation alone, such as `}`, shows nothing).',
      ],
    });
  });

  it('marks a model diagnosis made without a tool call unverified', async () => {
    const result = await verify(withChange((d) => (d.stats.toolCalls = 0)));
    expect(result.reasons).toEqual([
      'The model made no tool call: nothing in the diagnosis was read from the code.',
    ]);
  });

  it('matches quotes copied with read_file line-number gutters', async () => {
    const result = await verify(
      withChange((d) => {
        itemAt(d.affectedFiles, 0).evidence = [
          { path: 'lib/user.js', line: 16, quote: '  16│   }\n  17│   return profile.name;' },
        ];
      }),
    );
    expect(result).toMatchObject({ ok: true, verified: true });
  });

  it('suggests the nearest real path for a misspelt one', async () => {
    const result = await verify(
      withChange((d) => (itemAt(d.affectedFiles, 1).path = 'lib/formt.js')),
    );
    expect(result.errors[0]).toEqual({
      code: 'PATH_NOT_FOUND',
      path: 'affectedFiles[1].path',
      message:
        '"lib/formt.js" does not exist in the repository; the nearest path is "lib/format.js" (a misspelling?).',
      suggestion: 'lib/format.js',
    });
  });
});
