/**
 * The hostile repository (`@sightline/codebase/testing`) through the investigator's channels:
 * verification messages (quotes, line ranges), patch explanations, the re-ask prompt's excerpts
 * and the offline diagnosis' evidence. No planted secret comes out, and `verifyDiagnosis` answers
 * the same whether a guess at a withheld line is right or wrong (no oracle).
 */
import { indexRepository, openRepository, type Repository } from '@sightline/codebase';
import {
  createHostileRepository,
  type HostileRepository,
  wrongGuess,
} from '@sightline/codebase/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReaskMessage } from '../agent/reask-prompt.js';
import type { Diagnosis, ModelDiagnosis } from '../diagnosis/schema.js';
import { verifyDiagnosis } from '../diagnosis/verify-diagnosis.js';
import { issueReport } from '../localize/__fixtures__/tiny-query.js';
import { localize } from '../localize/localize.js';
import { diagnoseOffline } from '../localize/offline-diagnosis.js';
import { diagnosisCiting } from '../testing/index.js';

let hostile: HostileRepository;
let repository: Repository;

beforeAll(async () => {
  hostile = await createHostileRepository();
  repository = await openRepository(hostile.root, { cacheDir: false });
});

afterAll(async () => {
  await hostile.cleanup();
});

/** A one-hunk patch that keeps `context` as the context line at `line` and adds a line after. */
function patchAt(path: string, line: number, context: string): string {
  return `--- a/${path}\n+++ b/${path}\n@@ -${line},1 +${line},2 @@\n ${context}\n+// added\n`;
}

/** What a verification says about the repository, the caller's own text taken out. */
async function verdict(diagnosis: Diagnosis, ...own: string[]): Promise<string> {
  const result = await verifyDiagnosis(diagnosis, repository);
  let said = JSON.stringify({ ok: result.ok, verified: result.verified, errors: result.errors });
  for (const text of own) {
    said = said.replaceAll(JSON.stringify(text).slice(1, -1), 'GUESS');
  }
  return said;
}

describe('verification messages on a hostile repository', () => {
  it('a wrong quote at each secret line names the line withheld, never its text', async () => {
    for (const secret of hostile.secrets) {
      const result = await verifyDiagnosis(
        diagnosisCiting(secret.path, secret.line, 'const other = 1;'),
        repository,
      );
      const messages = JSON.stringify(result.errors);
      expect(hostile.leaks(messages), `${secret.format}: ${messages}`).toEqual([]);
    }
  });

  it('a patch whose context differs at each secret line explains it without the line', async () => {
    for (const secret of hostile.secrets) {
      const patch = patchAt(secret.path, secret.line, 'const other = 1;');
      const result = await verifyDiagnosis(
        diagnosisCiting(secret.path, secret.line, 'x', patch),
        repository,
      );
      const messages = JSON.stringify(result.errors);
      expect(hostile.leaks(messages), `${secret.format}: ${messages}`).toEqual([]);
    }
  });

  it('the re-ask prompt shows the cited lines with the secret ones withheld', async () => {
    for (const secret of hostile.secrets) {
      const diagnosis = diagnosisCiting(secret.path, secret.line, 'const other = 1;');
      const result = await verifyDiagnosis(diagnosis, repository);
      // The re-ask reads only the cited paths, lines and quotes of the rejected diagnosis.
      const rejected = diagnosis as unknown as ModelDiagnosis;
      const message = await buildReaskMessage(result.errors, rejected, repository);
      expect(hostile.leaks(message), `${secret.format}: ${message}`).toEqual([]);
    }
  });

  it('the offline diagnosis quotes no secret line', async () => {
    const index = await indexRepository(hostile.root, { cacheDir: false });
    const names = ['billing', 'connect', 'database', 'loadMaps', 'githubToken', 'session', 'ci'];
    for (const name of names) {
      const diagnosis = await diagnoseOffline(
        issueReport(`${name} fails`, `Calling ${name}() throws.`, [name]),
        index,
      );
      expect(hostile.leaks(JSON.stringify(diagnosis)), name).toEqual([]);
    }
  });
});

describe('no oracle: verify_diagnosis answers alike for a right and a wrong guess', () => {
  it('for a quote of each withheld line', async () => {
    for (const secret of hostile.secrets) {
      const right = secret.lineText.trim();
      const wrong = wrongGuess(right);
      const answers = await Promise.all(
        [right, wrong].map((guess) =>
          verdict(diagnosisCiting(secret.path, secret.line, guess), right, wrong),
        ),
      );
      expect(answers[0], secret.format).toBe(answers[1]);
      expect(answers[0]).toContain('QUOTE_NOT_FOUND');
    }
  });

  it('for a patch whose context is each withheld line', async () => {
    for (const secret of hostile.secrets) {
      const right = secret.lineText;
      const wrong = wrongGuess(right);
      const answers = await Promise.all(
        [right, wrong].map((guess) =>
          verdict(
            diagnosisCiting(
              secret.path,
              secret.line,
              'x',
              patchAt(secret.path, secret.line, guess),
            ),
            right,
            wrong,
          ),
        ),
      );
      expect(answers[0], secret.format).toBe(answers[1]);
      expect(answers[0]).toContain('PATCH_DOES_NOT_APPLY');
    }
  });

  it('for the localizer: a report quoting every withheld line ranks alike whatever they hold', async () => {
    const copy = await hostile.copyWithOtherSecrets();
    const guesses = hostile.secrets.map((secret) => secret.lineText.trim()).join('\n');
    const report = issueReport('It fails', `The config has:\n${guesses}`);
    const [a, b] = await Promise.all(
      [hostile.root, copy].map(async (root) => {
        const index = await indexRepository(root, { cacheDir: false });
        return JSON.stringify(localize(report, index));
      }),
    );
    expect(a).toBe(b);
  });

  it('for a refused KEY=value file and a hard link to a file outside', async () => {
    for (const [path, right] of [
      ['settings.conf', 'SERVICE_TOKEN=FakeSettingsToken'],
      ['docs/notes.txt', 'NOTE=FakeOutsideHardLink'],
    ] as const) {
      const wrong = wrongGuess(right);
      for (const make of [
        (guess: string) => diagnosisCiting(path, 2, guess),
        (guess: string) => diagnosisCiting(path, 1, 'x', patchAt(path, 1, guess)),
      ]) {
        const answers = await Promise.all(
          [right, wrong].map((guess) => verdict(make(guess), right, wrong)),
        );
        expect(answers[0], path).toBe(answers[1]);
        expect(hostile.leaks(answers[0] ?? '')).toEqual([]);
      }
    }
  });
});
