import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseReports } from '@sightline/intake';
import { openStore } from '@sightline/service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryOutput } from '../testing/memory-output.test-helper.js';
import { runDigest } from './digest.js';
import { digestOption, type ServeCommandOptions } from './serve/run-serve.js';

let work: string;
let server: http.Server;
let webhookUrl: string;
const posts: { text: string }[] = [];

beforeEach(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-digest-cli-'));
  posts.length = 0;
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      posts.push(JSON.parse(body) as { text: string });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T/B/secret`;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A service store in `<work>/data` holding one bug group; with `ungated`, its report's analysis
 * as a Sightline stored it before it gated reports (parsed, secret rules unknown).
 */
async function storeWithOneGroup(title = 'Saving settings loses the theme', ungated = false) {
  const data = path.join(work, 'data');
  fs.mkdirSync(data);
  const store = await openStore({ sqlite: path.join(data, 'sightline.db') });
  const project = await store.projects.ensure({ name: 'app', repo: work });
  const { report } = await store.reports.insert(
    {
      sourceKind: 'files',
      sourceId: 'r1',
      receivedAt: new Date().toISOString(),
      format: 'auto',
      payload: { text: title },
    },
    { projectId: project.id, sourceId: null },
  );
  const parsed = parseReports(title)[0];
  await store.groups.attach({
    reportId: report.id,
    projectId: project.id,
    label: 'bug',
    title,
    receivedAt: report.receivedAt,
    sourceKind: 'files',
    key: {},
    ...(ungated && parsed
      ? {
          analysis: {
            report: parsed,
            classification: { label: 'bug', confidence: 1, method: 'offline', reasons: [] },
          },
        }
      : {}),
  });
  if (ungated) await store.db.updateTable('reports').set({ secret_rules: null }).execute();
  await store.close();
  return data;
}

describe('sightline digest', () => {
  it('gates what a store kept from before the secret gate before it shows it', async () => {
    // Found by review 17: digest opens the store itself, so a store no serve of this version had
    // opened showed the group title its report's secret had made.
    const key = ['AKIA', 'QWERTYUIOPASDFGH'].join('');
    const data = await storeWithOneGroup(`Upload fails with key ${key}`, true);
    const dry = memoryOutput();
    expect(await runDigest({ data, dryRun: true }, { ...dry, env: {} })).toBe(0);
    expect(dry.out).not.toContain(key);
    expect(dry.out).toContain('• [bug] [withheld: looks like a secret (');
    expect(dry.err).toMatch(/^secret gate: 1 of 1 stored analyses and 0 of 0 diagnoses/);
  });

  it('prints a dry run as the e-mail reads: its subject labelled, then its body', async () => {
    // Found by a fresh-user trial: the headline was printed twice, as subject and as the body's
    // first line, with nothing saying which was which.
    const data = await storeWithOneGroup();
    const dry = memoryOutput();
    expect(await runDigest({ data, dryRun: true }, { ...dry, env: {} })).toBe(0);
    const [subject, blank, ...body] = dry.out.split('\n');
    expect(subject).toMatch(
      /^Subject: Sightline digest: 1 new group, 0 regressions, 0 diagnoses since /,
    );
    expect(blank).toBe('');
    expect(body.join('\n')).toContain('Saving settings loses the theme');
    expect(posts).toEqual([]);
  });

  it('prints a dry run as JSON, sends to the webhook once, then finds nothing new', async () => {
    const data = await storeWithOneGroup();
    const dry = memoryOutput();
    expect(await runDigest({ data, dryRun: true, json: true }, { ...dry, env: {} })).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({
      outcome: 'dry-run',
      channels: [],
      digest: {
        newGroups: {
          total: 1,
          items: [
            {
              title: 'Saving settings loses the theme',
              label: 'bug',
              investigation: { state: 'not-investigated' },
            },
          ],
        },
        regressions: { total: 0 },
        diagnoses: { total: 0 },
      },
      subject: expect.stringMatching(
        /^Sightline digest: 1 new group, 0 regressions, 0 diagnoses since /,
      ),
    });
    expect(posts).toEqual([]);

    const sent = memoryOutput();
    const env = { SIGHTLINE_DIGEST_WEBHOOK: webhookUrl };
    expect(await runDigest({ data }, { ...sent, env })).toBe(0);
    expect(sent.out).toMatch(/^Sightline digest: 1 new group, .* — sent by webhook\.\n$/);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.text).toContain(
      '*New groups (1)*\n• [bug] Saving settings loses the theme (1 report) — not investigated',
    );
    const again = memoryOutput();
    expect(await runDigest({ data }, { ...again, env })).toBe(0);
    expect(again.out).toMatch(/^Nothing new since \d{4}-.*: nothing sent\.\n$/);
    expect(posts).toHaveLength(1);
  });

  it('refuses settings that send nowhere or cannot be right, before touching the store', async () => {
    const io = { ...memoryOutput(), env: {} };
    await expect(runDigest({ data: path.join(work, 'none') }, io)).rejects.toThrow(
      /^The digest has nowhere to go: .* for e-mail \(or --dry-run to print it\)\.$/,
    );
    await expect(
      runDigest({ data: path.join(work, 'none'), digestWebhook: 'hooks.slack.com/x' }, io),
    ).rejects.toThrow('--digest-webhook (or SIGHTLINE_DIGEST_WEBHOOK) must be an http(s) URL');
    await expect(runDigest({ data: path.join(work, 'none'), dryRun: true }, io)).rejects.toThrow(
      'No service store at',
    );
  });
});

describe('serve --digest', () => {
  const serve = (extra: Partial<ServeCommandOptions>): ServeCommandOptions => ({
    repo: work,
    port: 0,
    concurrency: 1,
    ...extra,
  });

  it('checks the schedule and the channels before the service starts', () => {
    expect(digestOption(serve({}), {})).toBeUndefined();
    expect(() => digestOption(serve({ digestTo: 'a@example.com' }), {})).toThrow(
      'The digest settings need a schedule: add --digest "0 8 * * *"',
    );
    expect(() => digestOption(serve({ digest: '0 8 * *' }), {})).toThrow(
      '--digest "0 8 * *" is not a cron expression',
    );
    // serve has no --dry-run: the way to see a digest first is the digest verb's.
    expect(() => digestOption(serve({ digest: '0 8 * * *' }), {})).toThrow(
      /^The digest has nowhere to go: .* for e-mail \(or see one first with `sightline digest --dry-run`\)\.$/,
    );
    expect(
      digestOption(serve({ digest: '0 8 * * *', digestTimezone: 'UTC' }), {
        SIGHTLINE_DIGEST_WEBHOOK: webhookUrl,
      }),
    ).toEqual({ schedule: '0 8 * * *', timezone: 'UTC', config: { webhook: { url: webhookUrl } } });
  });
});
