import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GitHistory, openGitHistory } from '@sightline/codebase';
import { commitAll } from '@sightline/codebase/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankingVector } from './derived-features.js';
import {
  HISTORY_FEATURES,
  MESSAGE_COMMIT_BOUND,
  MESSAGE_MAX_FILES,
  messageSimilarity,
  readCommitMessages,
  readHistoryFeatures,
  readHistoryLogs,
} from './history-features.js';
import { BASE_FEATURES } from './ranking-features.js';

let root: string;
let history: GitHistory;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-history-features-'));
  await writeFile(path.join(root, 'parser.js'), 'export const parse = (text) => text;\n');
  await writeFile(path.join(root, 'button.js'), 'export const button = () => null;\n');
  commitAll(root, 'Initial import');
  await writeFile(path.join(root, 'parser.js'), 'export const parse = (text) => text ?? "";\n');
  commitAll(root, 'Fix crash when the config file is empty\n\nAn empty config file reached parse.');
  await writeFile(path.join(root, 'button.js'), 'export const button = () => "ok";\n');
  commitAll(root, 'Restyle the settings button');
  for (let n = 0; n <= MESSAGE_MAX_FILES; n += 1)
    await writeFile(path.join(root, `generated-${n}.js`), `export const n = ${n};\n`);
  await writeFile(path.join(root, 'button.js'), 'export const button = () => "okay";\n');
  commitAll(root, 'Reformat everything: empty config parser');
  const opened = await openGitHistory(root);
  if (!opened.history) throw new Error(opened.reason);
  history = opened.history;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readCommitMessages', () => {
  it("keeps each file's messages, newest first, and skips commits changing too many files", async () => {
    const messages = await readCommitMessages(history);
    expect(messages.get('parser.js')).toEqual([
      'Fix crash when the config file is empty\n\nAn empty config file reached parse.',
      'Initial import',
    ]);
    expect(messages.get('button.js')).toEqual(['Restyle the settings button', 'Initial import']);
    expect(messages.has('generated-0.js')).toBe(false);
  });
});

describe('messageSimilarity', () => {
  it('scores the file whose past changes read like the report first, at 1', () => {
    const scores = messageSimilarity(
      new Map([
        ['parser.js', ['Fix crash when the config file is empty']],
        ['button.js', ['Restyle the settings button']],
      ]),
      'The app crashes when my config file is empty',
    );
    expect(scores.get('parser.js')).toBe(1);
    expect(scores.has('button.js')).toBe(false);
  });

  it('gives nothing without messages or without words', () => {
    expect(messageSimilarity(new Map(), 'crash').size).toBe(0);
    expect(messageSimilarity(new Map([['a.js', ['fix']]]), '!!!').size).toBe(0);
  });
});

describe('readHistoryFeatures', () => {
  it('gives a fixed file bug-fix and similarity features, an unrelated file none', async () => {
    const vectors = await readHistoryFeatures(history, 'Crash: config file is empty');
    const parser = vectors.get('parser.js') ?? [];
    expect(parser).toHaveLength(HISTORY_FEATURES.length);
    const [frequency = 0, recency = 0, similarity = 0] = parser;
    expect(frequency).toBeGreaterThan(0);
    expect(recency).toBeGreaterThan(0);
    expect(similarity).toBe(1);
    // Its only messages share no word with the report, and no fix changed it.
    expect(vectors.has('button.js')).toBe(false);
  });

  it('are the last values of a ranking vector, 0 when not given', () => {
    const base = BASE_FEATURES.map(() => 0);
    expect(rankingVector(base, [0.5, 0.25, 1]).slice(-HISTORY_FEATURES.length)).toEqual([
      0.5, 0.25, 1,
    ]);
    expect(rankingVector(base).slice(-HISTORY_FEATURES.length)).toEqual([0, 0, 0]);
  });
});

describe('readHistoryLogs', () => {
  it('reads each log on its own when the one read passes the cap on messages it does not keep', async () => {
    // The oldest 10 of 2,010 commits carry 20 KB messages: the one read prints them (it walks the
    // 5,000 commits the files' log asks), the messages' log of the newest 2,000 does not.
    const long = await mkdtemp(path.join(tmpdir(), 'sightline-history-logs-long-'));
    try {
      execFileSync('git', ['init', '-q', long]);
      const commits = MESSAGE_COMMIT_BOUND + 10;
      const stream: string[] = [];
      for (let n = 1; n <= commits; n += 1) {
        const message = n <= 10 ? `Old change ${n}\n\n${'x'.repeat(20_000)}\n` : `Change ${n}\n`;
        const content = `export const n = ${n};\n`;
        stream.push(
          'commit refs/heads/main',
          `committer A <a@example.com> ${1_700_000_000 + n} +0000`,
          `data ${Buffer.byteLength(message)}`,
          message,
          `M 644 inline file-${n % 7}.js`,
          `data ${Buffer.byteLength(content)}`,
          content,
        );
      }
      execFileSync('git', ['-C', long, 'fast-import', '--quiet'], {
        input: `${stream.join('\n')}\n`,
      });
      execFileSync('git', ['-C', long, 'symbolic-ref', 'HEAD', 'refs/heads/main']);
      const opened = await openGitHistory(long);
      if (!opened.history) throw new Error(opened.reason);
      const logs = await readHistoryLogs(opened.history, { maxBytes: 150_000 });
      expect(logs.outputCapped).toBeUndefined();
      expect(logs.files).toHaveLength(commits);
      expect(logs.messages).toHaveLength(MESSAGE_COMMIT_BOUND);
      expect(logs.messages?.[0]?.fields[0]).toBe(`Change ${commits}\n`);
    } finally {
      await rm(long, { recursive: true, force: true });
    }
  });
});
