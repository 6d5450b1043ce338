import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PATCH, itemAt, validDiagnosis } from './__fixtures__/diagnosis.js';
import type { Diagnosis } from './schema.js';
import { formatVerificationErrors } from './verification-error.js';
import { verifyDiagnosis } from './verify-diagnosis.js';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'repo');

/** The valid fixture diagnosis with one change applied. */
function withChange(change: (diagnosis: Diagnosis) => void): Diagnosis {
  const diagnosis = validDiagnosis();
  change(diagnosis);
  return diagnosis;
}

function evidenceAt(line: number, quote: string): Diagnosis {
  return withChange((d) => {
    itemAt(d.affectedFiles, 0).evidence = [{ path: 'lib/user.js', line, quote }];
  });
}

function patched(patch: string): Diagnosis {
  return withChange((d) => {
    d.proposedChange = { description: 'change', patch };
  });
}

describe('verifyDiagnosis', () => {
  it('accepts a valid diagnosis and returns it parsed', async () => {
    const reasons = [
      'affectedFiles[0] (lib/user.js:13-18): no repository index to look its symbol up in.',
    ];
    expect(await verifyDiagnosis(validDiagnosis(), repo)).toEqual({
      ok: true,
      verified: false,
      reasons,
      diagnosis: { ...validDiagnosis(), verification: { verified: false, reasons } },
      errors: [],
    });
  });

  it('rejects an invented path and names files with the same name', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 0).path = 'src/user.js';
        itemAt(d.affectedFiles, 1).path = 'lib/nowhere.js';
      }),
      repo,
    );
    expect(result).toEqual({
      ok: false,
      verified: false,
      reasons: [],
      errors: [
        {
          code: 'PATH_NOT_FOUND',
          path: 'affectedFiles[0].path',
          message:
            '"src/user.js" does not exist in the repository; files with that name: "lib/user.js".',
          suggestion: 'lib/user.js',
        },
        {
          code: 'PATH_NOT_FOUND',
          path: 'affectedFiles[1].path',
          message:
            '"lib/nowhere.js" does not exist in the repository; use a path that exists (list the folder to find it).',
        },
      ],
    });
  });

  it('rejects a ../ path and an absolute path outside the root', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 1).path = '../schema.ts';
        itemAt(d.suspects, 1).path = '/etc/passwd';
      }),
      repo,
    );
    expect(result.ok).toBe(false);
    expect(result.errors.map(({ code, path }) => [code, path])).toEqual([
      ['PATH_OUTSIDE_ROOT', 'affectedFiles[1].path'],
      ['PATH_OUTSIDE_ROOT', 'suspects[1].path'],
    ]);
  });

  it('rejects an absolute path inside the root and gives the relative one', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.suspects, 1).path = path.join(repo, 'lib/format.js');
      }),
      repo,
    );
    expect(result.errors).toEqual([
      {
        code: 'PATH_NOT_RELATIVE',
        path: 'suspects[1].path',
        message: `"${path.join(repo, 'lib/format.js')}" is an absolute path; write it relative to the repository root: "lib/format.js".`,
      },
    ]);
  });

  it('rejects a directory', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 1).path = 'lib';
      }),
      repo,
    );
    expect(result.errors).toEqual([
      {
        code: 'NOT_A_FILE',
        path: 'affectedFiles[1].path',
        message: '"lib" is a directory; cite a file inside it.',
      },
    ]);
  });

  it('rejects secret and binary files without reading them into a message', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 1).path = 'config/credentials.json';
        itemAt(d.suspects, 1).path = 'assets/blob.bin';
      }),
      repo,
    );
    expect(result.errors).toEqual([
      {
        code: 'SECRET_FILE',
        path: 'affectedFiles[1].path',
        message: '"config/credentials.json" looks like a secrets file; it is never read or cited.',
      },
      {
        code: 'BINARY_FILE',
        path: 'suspects[1].path',
        message: '"assets/blob.bin" is a binary file; it has no lines to cite.',
      },
    ]);
  });

  it('rejects out-of-range lines with the real line count', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 0).lines = [20, 30];
        itemAt(d.suspects, 1).lines = [1, 4];
      }),
      repo,
    );
    expect(result.errors).toEqual([
      {
        code: 'LINES_OUT_OF_RANGE',
        path: 'affectedFiles[0].lines',
        message: 'lib/user.js has 22 lines; lines [20, 30] are out of range.',
      },
      {
        code: 'LINES_OUT_OF_RANGE',
        path: 'suspects[1].lines',
        message: 'lib/format.js has 3 lines; lines [1, 4] are out of range.',
      },
    ]);
  });

  it('rejects start > end as a schema error and still checks the rest against the repository', async () => {
    const result = await verifyDiagnosis(
      withChange((d) => {
        itemAt(d.affectedFiles, 0).lines = [18, 13];
        itemAt(d.affectedFiles, 1).path = 'lib/missing.js';
      }),
      repo,
    );
    expect(result.ok).toBe(false);
    expect(result.diagnosis).toBeUndefined();
    expect(result.errors).toEqual([
      {
        code: 'SCHEMA',
        path: 'affectedFiles[0].lines',
        message: 'start line 18 is after end line 13; give [start, end] with start <= end',
      },
      expect.objectContaining({ code: 'PATH_NOT_FOUND', path: 'affectedFiles[1].path' }),
    ]);
  });

  it('reports schema issues with their paths', async () => {
    const broken = validDiagnosis() as unknown as Record<string, unknown>;
    broken.risk = 'extreme';
    delete broken.riskRationale;
    const result = await verifyDiagnosis(broken, repo);
    expect(result.ok).toBe(false);
    expect(result.errors.map(({ code, path }) => [code, path])).toEqual([
      ['SCHEMA', 'risk'],
      ['SCHEMA', 'riskRationale'],
    ]);
  });

  it('rejects another schema version without further checks', async () => {
    const result = await verifyDiagnosis({ ...validDiagnosis(), schemaVersion: 2 }, repo);
    expect(result).toEqual({
      ok: false,
      verified: false,
      reasons: [],
      errors: [
        {
          code: 'UNSUPPORTED_VERSION',
          path: 'schemaVersion',
          message: 'diagnosis schema version 2 is not supported; this Sightline reads version 1.',
        },
      ],
    });
  });

  it('never reports a non-object as valid', async () => {
    for (const value of [null, 'diagnosis', 42, [], {}]) {
      const result = await verifyDiagnosis(value, repo);
      expect(result.ok).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
  });

  it('rejects a wrong quote and shows the real line', async () => {
    const result = await verifyDiagnosis(evidenceAt(17, 'return profile.displayName;'), repo);
    expect(result.errors).toEqual([
      {
        code: 'QUOTE_NOT_FOUND',
        path: 'affectedFiles[0].evidence[0].quote',
        message:
          'quote not found at lib/user.js:17 ±3; line 17 is: `return profile.name;`; the quote does not occur in the file; copy the code exactly from the file.',
      },
    ]);
  });

  it('accepts a quote 2 lines off and a whitespace-mangled multi-line quote', async () => {
    const offByTwo = await verifyDiagnosis(evidenceAt(19, 'return   profile.name;'), repo);
    expect(offByTwo.errors).toEqual([]);
    const multiLine = await verifyDiagnosis(
      evidenceAt(5, 'const user = store.get(id);\nreturn {\n id,'),
      repo,
    );
    expect(multiLine.errors).toEqual([]);
  });

  it('rejects a quote 5 lines off and says where it really is', async () => {
    const result = await verifyDiagnosis(evidenceAt(12, 'return profile.name;'), repo);
    expect(result.errors).toEqual([
      {
        code: 'QUOTE_NOT_FOUND',
        path: 'affectedFiles[0].evidence[0].quote',
        message:
          'quote not found at lib/user.js:12 ±3; line 12 is: ``; the quote occurs at line 17; fix the line number.',
      },
    ]);
  });

  it('rejects an evidence line past the end of the file', async () => {
    const result = await verifyDiagnosis(evidenceAt(40, 'return profile.name;'), repo);
    expect(result.errors).toEqual([
      {
        code: 'LINES_OUT_OF_RANGE',
        path: 'affectedFiles[0].evidence[0].line',
        message:
          'lib/user.js has 22 lines; line 40 is out of range; the quote occurs at line 17; fix the line number.',
      },
    ]);
  });

  it('accepts a clean patch that touches two files and creates one', async () => {
    const patch = `${FIXTURE_PATCH}--- a/lib/format.js
+++ b/lib/format.js
@@ -1,3 +1,3 @@
 export function formatName(first, last) {
-  return \`\${first} \${last}\`.trim();
+  return [first, last].filter(Boolean).join(' ');
 }
--- /dev/null
+++ b/lib/names.test.js
@@ -0,0 +1 @@
+// new test
`;
    expect((await verifyDiagnosis(patched(patch), repo)).errors).toEqual([]);
  });

  it('rejects a patch whose context does not match, naming the differing line', async () => {
    const patch = FIXTURE_PATCH.replace(
      ' export function displayName(profile) {',
      ' export function displayName(user) {',
    );
    expect((await verifyDiagnosis(patched(patch), repo)).errors).toEqual([
      {
        code: 'PATCH_DOES_NOT_APPLY',
        path: 'proposedChange.patch',
        message:
          'hunk 1 (@@ -13,6 +13,6 @@) does not apply to "lib/user.js": it expects `export function displayName(user) {` at line 13, but line 13 is `export function displayName(profile) {`; copy context and removed lines exactly from the file.',
      },
    ]);
  });

  it('rejects a patch touching a path outside the root', async () => {
    const patch = FIXTURE_PATCH.replaceAll('a/lib/user.js', 'a/../../schema.ts').replaceAll(
      'b/lib/user.js',
      'b/../../schema.ts',
    );
    expect((await verifyDiagnosis(patched(patch), repo)).errors).toEqual([
      {
        code: 'PATH_OUTSIDE_ROOT',
        path: 'proposedChange.patch',
        message: 'the patch touches "../../schema.ts", which is outside the repository root.',
      },
    ]);
  });

  it('rejects a patch on a missing file, a creation of an existing file and a malformed patch', async () => {
    const missing = FIXTURE_PATCH.replaceAll('lib/user.js', 'lib/gone.js');
    expect((await verifyDiagnosis(patched(missing), repo)).errors).toEqual([
      expect.objectContaining({ code: 'PATH_NOT_FOUND', path: 'proposedChange.patch' }),
    ]);
    const creation = '--- /dev/null\n+++ b/README.md\n@@ -0,0 +1 @@\n+# again\n';
    expect((await verifyDiagnosis(patched(creation), repo)).errors).toEqual([
      {
        code: 'PATCH_DOES_NOT_APPLY',
        path: 'proposedChange.patch',
        message: 'the patch creates "README.md" from /dev/null, but it already exists.',
      },
    ]);
    const miscounted = FIXTURE_PATCH.replace('@@ -13,6 +13,6 @@', '@@ -13,4 +13,4 @@');
    expect((await verifyDiagnosis(patched(miscounted), repo)).errors).toEqual([
      expect.objectContaining({ code: 'PATCH_INVALID', path: 'proposedChange.patch' }),
    ]);
    for (const text of ['just words', '  ']) {
      expect((await verifyDiagnosis(patched(text), repo)).errors).toEqual([
        expect.objectContaining({ code: 'PATCH_INVALID' }),
      ]);
    }
  });

  it('formats errors for a re-ask', async () => {
    const result = await verifyDiagnosis(evidenceAt(40, 'return profile.name;'), repo);
    expect(formatVerificationErrors(result.errors)).toBe(
      '- affectedFiles[0].evidence[0].line (LINES_OUT_OF_RANGE): lib/user.js has 22 lines; line 40 is out of range; the quote occurs at line 17; fix the line number.',
    );
  });

  it('prints the cited paths of its errors and reasons with control characters escaped', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'sightline-verify-'));
    try {
      await cp(repo, copy, { recursive: true });
      const weird = 'lib/us\u202eer\n.js';
      await rename(path.join(copy, 'lib', 'user.js'), path.join(copy, weird));
      const cited = withChange((d) => {
        itemAt(d.affectedFiles, 0).path = weird;
        itemAt(d.affectedFiles, 0).evidence = [{ path: weird, line: 14, quote: 'if (!profile) {' }];
        d.suspects = [{ path: weird, lines: [20, 30], score: 1, evidence: [] }];
        d.proposedChange = {
          description: 'change',
          patch: FIXTURE_PATCH.replaceAll('lib/user.js', 'lib/\u2066gone.js'),
        };
      });
      expect((await verifyDiagnosis(cited, copy)).errors.map((error) => error.message)).toEqual([
        'lib/us\\u202eer\\u000a.js has 22 lines; lines [20, 30] are out of range.',
        'the patch changes "lib/\\u2066gone.js": "lib/\\u2066gone.js" does not exist in the repository; use a path that exists (list the folder to find it).',
      ]);
      const valid = withChange((d) => {
        itemAt(d.affectedFiles, 0).path = weird;
        itemAt(d.affectedFiles, 0).evidence = [{ path: weird, line: 14, quote: 'if (!profile) {' }];
        d.suspects = [];
        d.proposedChange = null;
      });
      expect((await verifyDiagnosis(valid, copy)).reasons).toEqual([
        'affectedFiles[0] (lib/us\\u202eer\\u000a.js:13-18): no repository index to look its symbol up in.',
      ]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
