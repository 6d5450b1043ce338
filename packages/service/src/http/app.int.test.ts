import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cartCrash, openHarness, type ServiceHarness } from '../pipeline/harness.test-helper.js';
import { createCredentialStore } from '../sources/credentials.js';
import { filesSource } from '../sources/files.js';
import { createSourceRegistry } from '../sources/registry.js';
import type { SourceModule } from '../sources/types.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { createApiTokens } from './api-token.js';
import { createApp } from './app.js';
import { signBody, signedSource } from './signed-source.test-helper.js';

const TOKEN = 'test-token-not-secret';

describe.each(TEST_DATABASES)('HTTP API on $name', (kind) => {
  let harness: ServiceHarness;
  let dataDir: string;
  afterEach(async () => {
    await harness?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function open(limits = {}, model?: string) {
    harness = await openHarness(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-http-'));
    const credentials = createCredentialStore(dataDir);
    const registry = createSourceRegistry([
      filesSource as SourceModule<unknown, unknown>,
      signedSource as SourceModule<unknown, unknown>,
    ]);
    const app = createApp({
      ...harness,
      registry,
      credentials,
      token: TOKEN,
      limits,
      eventsPollMs: 50,
      ...(model ? { model } : {}),
    });
    const call = (url: string, init: RequestInit = {}) =>
      app.request(url, {
        ...init,
        headers: { authorization: `Bearer ${TOKEN}`, ...(init.headers ?? {}) },
      });
    return { app, call, credentials };
  }

  it('shows the default model in /api/settings without the password or key its URL holds', async () => {
    // As the start line shows it (trial 31); the route itself had no test.
    const password = ['hun', 'ter2'].join('');
    const key = ['sk', 'live', 'x'.repeat(12)].join('-');
    const { call } = await open(
      {},
      `openai-compatible:http://ops:${password}@127.0.0.1:9/v1?api_key=${key}#local-model`,
    );
    const text = await (await call('/api/settings')).text();
    expect(text).not.toContain(password);
    expect(text).not.toContain(key);
    expect(JSON.parse(text).model).toContain('127.0.0.1:9/v1');
  });

  it("refuses a JSON route's body sent as another media type with 415, never reading it as {}", async () => {
    // Found by fresh-user trial 17: `{"model":"…"}` sent as text/plain to investigate was read as
    // no body and queued with the default model (202).
    const { app, call } = await open();
    const post = (url: string, body: string, contentType: string) =>
      call(url, { method: 'POST', body, headers: { 'content-type': contentType } });
    await harness.ingestText([{ id: 'c1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await harness.store.inbox({})).groups;
    if (!group) throw new Error('no group');
    const investigate = `/api/groups/${group.id}/investigate`;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const refused = await post(investigate, '{"model":"some-model"}', type);
      expect(refused.status).toBe(415);
      expect((await refused.json()).error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('Send it with Content-Type: application/json'),
      });
    }
    const change = await app.request(`/api/groups/${group.id}`, {
      method: 'PATCH',
      body: '{"status":"resolved"}',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'text/plain' },
    });
    expect(change.status).toBe(415);
    expect((await harness.store.groups.get(group.id))?.status).toBe(group.status);
    const latin = await post(investigate, '{}', 'application/json; charset=iso-8859-1');
    expect(latin.status).toBe(415);
    // JSON is read; no body at all is the route's own business (re-investigate with the default).
    expect((await post(investigate, '{"model":"some-model"}', 'application/json')).status).toBe(
      400,
    );
    expect((await call(investigate, { method: 'POST' })).status).toBe(202);
    await harness.queue.drain({ timeoutMs: 60_000 });
  }, 60_000);

  it('ingests reports and serves the inbox, a group with its diagnosis, status changes and re-runs', async () => {
    const { app, call } = await open();
    const anonymous = await app.request('/api/groups');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer') },
    });
    const wrong = await app.request('/api/groups', { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'The API token is wrong.' },
    });
    const ingest = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        reports: [{ id: 'c1', text: cartCrash() }, { text: 'Please add a dark mode to the app' }],
      }),
    });
    expect(ingest.status).toBe(202);
    const binary = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]),
    });
    expect(binary.status).toBe(400);
    expect(await binary.json()).toMatchObject({
      error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('binary data') },
    });
    for (const text of ['', '  \n ', '\u0000\u0001ELF\u0000\u0000']) {
      const refused = await call('/api/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reports: [{ text: 'A real report' }, { text }] }),
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(/^reports\.1\.text: is (empty|binary)/);
    }
    expect(await ingest.json()).toMatchObject({ stored: 2, duplicates: 0 });
    const plain = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: cartCrash(9),
    });
    expect(await plain.json()).toMatchObject({ stored: 1 });
    await harness.queue.drain({ timeoutMs: 60_000 });

    const inbox = await (await call('/api/groups?label=crash')).json();
    expect(inbox).toMatchObject({ total: 1, nextCursor: null });
    const crash = inbox.groups[0];
    expect(crash).toMatchObject({
      label: 'crash',
      count: 2,
      status: 'new',
      sources: ['files'],
      latestDiagnosisVersion: 1,
      investigation: { state: 'done', reason: null, attempts: 1 },
    });
    const features = await (await call('/api/groups?label=feature')).json();
    expect(features.groups[0].investigation).toEqual({
      state: 'not-investigated',
      reason: expect.stringContaining('investigated when someone asks'),
      attempts: 0,
    });
    const questions = await call('/api/groups?label=question');
    expect(questions.status).toBe(200);
    expect(await questions.json()).toMatchObject({ groups: [], total: 0 });
    const detail = await (await call(`/api/groups/${crash.id}`)).json();
    expect(detail.reports).toHaveLength(2);
    expect(detail.reports[0].parsed.exceptions[0].frames[0]).toMatchObject({
      inApp: true,
      repoPath: 'src/cart/total.ts',
    });
    expect(detail.reports[0].classification.reasons.length).toBeGreaterThan(0);
    expect(detail.diagnoses[0]).toMatchObject({ version: 1, method: 'offline' });
    // The report investigated is the one whose trace stands for the group.
    expect(detail.representative.id).toBe(detail.diagnoses[0].reportId);

    const patched = await call(`/api/groups/${crash.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'triaged' }),
    });
    expect(await patched.json()).toMatchObject({ status: 'triaged' });
    const bad = await call(`/api/groups/${crash.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'done' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INVALID_ARGUMENT');
    // Triage of several groups at once: assignee and priority; the inbox filters by them.
    const json = (body: unknown) => ({
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bulk = await call(
      '/api/groups',
      json({ ids: [crash.id], assignee: ' Ada ', priority: 'high' }),
    );
    expect(await bulk.json()).toMatchObject({
      groups: [{ id: crash.id, assignee: 'Ada', priority: 'high', status: 'triaged' }],
    });
    expect((await (await call('/api/groups?assignee=Ada&priority=high')).json()).total).toBe(1);
    expect((await (await call('/api/groups/assignees')).json()).assignees).toEqual(['Ada']);
    // Fresh-user trial 30: a token given as the assignee was stored and shown in every list.
    const token = ['gh', 'p_', 'FakeFakeFake', '0'.repeat(24)].join('');
    for (const [url, body] of [
      ['/api/groups', { ids: [crash.id], assignee: token }],
      [`/api/groups/${crash.id}`, { assignee: token }],
    ] as const) {
      const secret = await call(url, json(body));
      expect(secret.status).toBe(400);
      const text = await secret.text();
      expect(text).toContain(
        'assignee: it looks like a secret (secretlint rule github). What is given as assignee is stored',
      );
      expect(text).not.toContain(token);
    }
    expect((await (await call('/api/groups/assignees')).json()).assignees).toEqual(['Ada']);
    const nothing = await call('/api/groups', json({ ids: [crash.id] }));
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).error.message).toContain(
      'at least one of status, assignee and priority',
    );
    const unknown = await call('/api/groups', json({ ids: [crash.id, 'nope'], status: 'ignored' }));
    expect(unknown.status).toBe(404);
    const cleared = await call(`/api/groups/${crash.id}`, json({ assignee: '', priority: null }));
    expect(await cleared.json()).toMatchObject({
      assignee: null,
      priority: null,
      status: 'triaged',
    });
    const rerun = await call(`/api/groups/${crash.id}/investigate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rerun.status).toBe(202);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const after = await (await call(`/api/groups/${crash.id}`)).json();
    expect(after.diagnoses.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    expect((await call('/api/groups/nope')).status).toBe(404);
    expect((await call('/api/groups?limit=0')).status).toBe(400);

    // Retry is for failed investigations; merge and unmerge by hand.
    const retry = await call(`/api/groups/${crash.id}/retry`, { method: 'POST' });
    expect(retry.status).toBe(400);
    expect((await retry.json()).error.message).toContain('has not failed');
    const feature = features.groups[0].id;
    const post = (url: string, body?: unknown) =>
      call(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const merged = await post(`/api/groups/${feature}/merge`, { into: crash.id });
    expect(await merged.json()).toMatchObject({ id: crash.id, count: 3 });
    expect((await (await call(`/api/groups/${feature}`)).json()).group.mergedInto).toBe(crash.id);
    const unmerged = await post(`/api/groups/${feature}/unmerge`);
    expect(await unmerged.json()).toMatchObject({ id: feature, count: 1, mergedInto: null });
    expect((await post(`/api/groups/${feature}/merge`, { into: 'nope' })).status).toBe(404);
  }, 120_000);

  it('accepts a webhook only with a valid signature, and never returns credentials', async () => {
    const { app, call, credentials } = await open();
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'signed-test',
      name: 'test',
      config: { label: 'x' },
      pollIntervalMs: null,
    });
    credentials.write(source.id, { secret: 'fake-secret-for-tests' });
    const body = JSON.stringify({ id: 'evt-1', text: cartCrash() });
    const sign = (secret: string) => signBody(body, secret);
    const forged = await app.request(`/webhooks/${source.id}`, {
      method: 'POST',
      body,
      headers: { 'x-signature': sign('wrong') },
    });
    expect(forged.status).toBe(401);
    expect(await harness.store.reports.counts()).toEqual({});
    const genuine = await app.request(`/webhooks/${source.id}`, {
      method: 'POST',
      body,
      headers: { 'x-signature': sign('fake-secret-for-tests') },
    });
    expect(genuine.status).toBe(202);
    expect(await genuine.json()).toEqual({ stored: 1, duplicates: 0, revised: 0 });
    // The same event with another text is an edit, and the answer says so (trial 21).
    const edited = JSON.stringify({ id: 'evt-1', text: `${cartCrash()}\nSeen again.` });
    const revision = await app.request(`/webhooks/${source.id}`, {
      method: 'POST',
      body: edited,
      headers: { 'x-signature': signBody(edited, 'fake-secret-for-tests') },
    });
    expect(await revision.json()).toEqual({ stored: 0, duplicates: 0, revised: 1 });
    const sources = await (await call('/api/sources')).text();
    expect(sources).not.toContain('fake-secret-for-tests');
    expect(JSON.parse(sources).sources[0]).toMatchObject({
      kind: 'signed-test',
      reportCount: 1,
      webhookPath: `/webhooks/${source.id}`,
    });
    expect(fs.statSync(path.join(dataDir, 'credentials', `${source.id}.json`)).mode & 0o777).toBe(
      0o600,
    );
  }, 60_000);

  it('says a disabled source is disabled (not that it takes no webhooks), storing nothing', async () => {
    const { app, credentials } = await open();
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'signed-test',
      name: 'off',
      config: { label: 'x' },
      pollIntervalMs: null,
    });
    credentials.write(source.id, { secret: 'fake-secret-for-tests' });
    await harness.store.db
      .updateTable('sources')
      .set({ enabled: 0 })
      .where('id', '=', source.id)
      .execute();
    const body = JSON.stringify({ id: 'evt-1', text: cartCrash() });
    const answer = await app.request(`/webhooks/${source.id}`, {
      method: 'POST',
      body,
      headers: { 'x-signature': signBody(body, 'fake-secret-for-tests') },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      error: {
        code: 'STORE_ENTRY_NOT_FOUND',
        message: `Source ${source.id} is disabled, so its webhooks are not accepted; nothing was stored.`,
      },
    });
    expect(await harness.store.reports.counts()).toEqual({});
  });

  it('answers a webhook of a source with bad stored credentials with a clear 503, storing nothing', async () => {
    const { app, call, credentials } = await open();
    const source = await harness.store.sources.create({
      projectId: harness.project.id,
      kind: 'signed-test',
      name: 'broken',
      config: { label: 'x' },
      pollIntervalMs: null,
    });
    credentials.write(source.id, { secret: 42 });
    const answer = await app.request(`/webhooks/${source.id}`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: {
        code: 'SOURCE_MISCONFIGURED',
        message:
          'Source "broken" (signed-test): its stored credentials are not valid (secret: Invalid input: expected string, received number). Store it again with `sightline sources add signed-test --name broken`. Nothing was stored.',
      },
    });
    expect(await harness.store.reports.counts()).toEqual({});
    expect((await call('/api/health')).status).toBe(200);
  });

  it('takes a report with a stray NUL as the CLI does, and refuses binary data saying what it holds', async () => {
    // Found by fresh-user trial 16: `investigate` took this file (removing the control
    // characters) and the API refused it as "binary data … convert it to UTF-8 first".
    const { call } = await open();
    const post = (body: BodyInit) =>
      call('/api/reports', { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    const text =
      'TypeError: \u202eevil\u202c name \u0000 nul\nat parseConfig (src/parser.js:10:5)\n';
    const taken = await post(text);
    expect(taken.status).toBe(202);
    const [id] = (await taken.json()).reportIds;
    expect((await harness.store.reports.get(id))?.payload).toEqual({
      text: text.replace('\u0000', ''),
    });
    const binary = await post(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 8]));
    expect((await binary.json()).error.message).toMatch(
      /^The body is binary data: 6 of its first 8 characters are control characters or invalid bytes \(the first, U\+0003, at character 3\)\./,
    );
  });

  it('limits body sizes and request rates, and answers bad input with a clear error', async () => {
    const { call } = await open({ reportBodyBytes: 100, perMinute: 2 });
    const large = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(500),
    });
    expect(large.status).toBe(413);
    const notJson = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(await notJson.json()).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message: 'The body is not JSON. Send {"reports":[{"text":"…"}]}.',
      },
    });
    const third = await call('/api/reports', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await third.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('Retry-After') },
    });
  }, 60_000);

  it("tells a JSON body that is not the API's shape which shapes it takes, not the schema's issues", async () => {
    // Found by fresh-user trial 16: a Sentry event posted as application/json got "reports:
    // Invalid input: expected array, received undefined; body: Unrecognized keys: …".
    const { call } = await open();
    const event = {
      event_id: 'a1b2c3',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'x is undefined',
            stacktrace: { frames: [{ filename: 'src/cart/total.ts', lineno: 4 }] },
          },
        ],
      },
    };
    const post = (body: unknown, type = 'application/json') =>
      call('/api/reports', {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(body),
      });
    const shapes =
      'not the API\'s shape. Send {"reports":[{"text":"…"}]} as application/json (each report a "text" or a "json"; the project, if named, beside "reports": {"project":"…","reports":[…]}), or one report as it is (its text or its JSON) as text/plain.';
    const refusals = [];
    for (const body of [event, {}, [1, 2, 3], 'TypeError']) {
      const answer = await post(body);
      refusals.push([answer.status, (await answer.json()).error.message]);
    }
    expect(refusals).toEqual([
      [
        400,
        `The body is a JSON object without "reports"; it looks like a Sentry event or issue, ${shapes}`,
      ],
      [400, `The body is a JSON object without "reports", ${shapes}`],
      [400, `The body is a JSON array, ${shapes}`],
      [400, `The body is JSON of a string, ${shapes}`],
    ]);
    // The API's shape with a bad field still names the field.
    const badField = await post({ reports: [{ text: 'TypeError: x', url: 'ftp://x' }] });
    expect((await badField.json()).error.message).toMatch(
      /^reports\.0\.url: not an http\(s\) address/,
    );
    // Sent as the message says, the event is taken.
    expect((await post(event, 'text/plain')).status).toBe(202);
    expect((await post({ reports: [{ json: event }] })).status).toBe(202);
    // Found by fresh-user trial 17: the message said "project" was optional in each report, which
    // refuses it; the project is named beside "reports".
    const inReport = await post({ reports: [{ json: event, project: 'app' }] });
    expect((await inReport.json()).error.message).toMatch(
      /^reports\.0: Unrecognized key: "project"/,
    );
    expect((await post({ project: harness.project.name, reports: [{ json: event }] })).status).toBe(
      202,
    );
  }, 60_000);

  it('limits the body of every other API request, but reports and chat keep their own limits', async () => {
    // Found by a fresh-user trial: an 80 MB PATCH /api/groups/<id> was read and parsed whole.
    const { call } = await open({ apiBodyBytes: 200, reportBodyBytes: 1_000 });
    const json = (body: string) => ({
      headers: { 'content-type': 'application/json' },
      body,
    });
    const patch = await call('/api/groups/no-such-group', {
      method: 'PATCH',
      ...json(JSON.stringify({ status: 'resolved', note: 'x'.repeat(500) })),
    });
    expect(patch.status).toBe(413);
    expect(await patch.json()).toEqual({
      error: { code: 'BODY_TOO_LARGE', message: 'The body is larger than 200 bytes.' },
    });
    const view = await call('/api/views', { method: 'POST', ...json('x'.repeat(300)) });
    expect(view.status).toBe(413);
    const report = await call('/api/reports', {
      method: 'POST',
      ...json(JSON.stringify({ reports: [{ text: `TypeError: ${'y'.repeat(400)}` }] })),
    });
    expect(report.status).toBe(202);
    const small = await call('/api/groups/no-such-group', {
      method: 'PATCH',
      ...json(JSON.stringify({ status: 'resolved' })),
    });
    expect(small.status).toBe(404);
  }, 60_000);

  it('streams group changes as server-sent events and serves its OpenAPI document', async () => {
    const { app, call } = await open();
    const events = await call('/api/events');
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    await harness.ingestText([{ id: 'c1', text: cartCrash() }]);
    let text = '';
    while (!text.includes('event: group-updated')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
    await reader.cancel();
    expect(text).toContain('"label":"crash"');
    const document = await (await app.request('/api/openapi.json')).json();
    expect(Object.keys(document.paths)).toContain('/api/groups/{id}');
    expect(Object.keys(document.paths['/api/views'])).toEqual(['get', 'post']);
    expect(document.paths['/api/views/{id}'].delete.responses).toHaveProperty('204');
    expect(
      document.paths['/api/groups'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('label');
  }, 60_000);

  it('answers in the media type its OpenAPI document declares for every answer that is not JSON', async () => {
    // Found by a fresh-user trial: /markdown was declared text/event-stream, answered text/plain.
    const { app, call } = await open();
    await harness.ingestText([{ id: 'c1', text: cartCrash() }]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const [group] = (await (await call('/api/groups')).json()).groups;
    const document = await (await app.request('/api/openapi.json')).json();
    const declared: [string, string, string][] = [];
    for (const [route, methods] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const { responses } = operation as { responses: Record<string, { content?: object }> };
        for (const type of Object.keys(responses['200']?.content ?? {})) {
          if (type !== 'application/json') declared.push([route, method, type]);
        }
      }
    }
    expect(declared).toEqual([
      ['/api/groups/{id}/markdown', 'get', 'text/plain'],
      ['/api/events', 'get', 'text/event-stream'],
    ]);
    for (const [route, method, type] of declared) {
      const answer = await call(route.replace('{id}', group.id), { method: method.toUpperCase() });
      expect([route, answer.status, answer.headers.get('content-type')?.split(';')[0]]).toEqual([
        route,
        200,
        type,
      ]);
      await answer.body?.cancel();
    }
  }, 60_000);

  it('adds a source (checked by its module, secrets kept out of answers), tests and removes it', async () => {
    const { call, credentials } = await open();
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const kinds = await (await call('/api/sources/kinds')).json();
    expect(kinds.kinds.find((kind: { kind: string }) => kind.kind === 'signed-test')).toEqual({
      kind: 'signed-test',
      description: 'test source',
      pollIntervalMs: null,
      settings: [{ name: 'label', type: 'string', description: '', required: true }],
      secrets: [{ name: 'secret', type: 'string', description: '', required: true }],
    });
    const refused = await call(
      '/api/sources',
      json({ kind: 'signed-test', name: 'S', settings: {} }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('label');
    const added = await call(
      '/api/sources',
      json({
        kind: 'signed-test',
        name: 'S',
        settings: { label: 'x' },
        secrets: { secret: 'shh-1' },
      }),
    );
    expect(added.status).toBe(201);
    const source = await added.json();
    expect(JSON.stringify(source)).not.toContain('shh-1');
    expect(credentials.read(source.id)).toEqual({ secret: 'shh-1' });
    const taken = await call(
      '/api/sources',
      json({ kind: 'signed-test', name: 'S', settings: { label: 'x' }, secrets: { secret: 'y' } }),
    );
    expect(taken.status).toBe(400);
    const tokenName = ['gh', 'p_', 'FakeFakeFake', '0'.repeat(24)].join('');
    const secretName = await call(
      '/api/sources',
      json({
        kind: 'signed-test',
        name: tokenName,
        settings: { label: 'x' },
        secrets: { secret: 'y' },
      }),
    );
    expect(secretName.status).toBe(400);
    expect(await secretName.text()).toContain(
      'name: it looks like a secret (secretlint rule github). What is given as name is stored',
    );
    expect(await (await call('/api/sources')).text()).not.toContain(tokenName);
    // The settings are listed as given too (trial 34: a token as a setting was stored).
    const secretSetting = await call(
      '/api/sources',
      json({
        kind: 'signed-test',
        name: 'T',
        settings: { label: tokenName },
        secrets: { secret: 'y' },
      }),
    );
    expect(secretSetting.status).toBe(400);
    expect(await secretSetting.text()).toContain(
      'settings.label: it looks like a secret (secretlint rule github). What is given as settings.label is stored',
    );
    expect(await (await call('/api/sources')).text()).not.toContain(tokenName);
    // Secrets that cannot be written leave no source behind without them.
    const write = credentials.write.bind(credentials);
    credentials.write = () => {
      throw new Error('disk full');
    };
    const unwritten = await call(
      '/api/sources',
      json({ kind: 'signed-test', name: 'T', settings: { label: 'x' }, secrets: { secret: 'y' } }),
    );
    expect(unwritten.status).toBe(500);
    credentials.write = write;
    expect(
      (await (await call('/api/sources')).json()).sources.map((row: { name: string }) => row.name),
    ).toEqual(['S']);
    expect(await (await call(`/api/sources/${source.id}/test`, { method: 'POST' })).json()).toEqual(
      { ok: true, message: 'fine' },
    );
    expect((await call(`/api/sources/${source.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(credentials.origin(source.id)).toEqual({ kind: 'none' });
    expect((await (await call('/api/sources')).json()).sources).toEqual([]);
    expect((await call(`/api/sources/${source.id}`, { method: 'DELETE' })).status).toBe(404);
    // A fixed token cannot be rotated.
    expect((await call('/api/token/rotate', { method: 'POST' })).status).toBe(400);
  });

  it('rotates a token kept in the data folder: the old one is refused at once', async () => {
    harness = await openHarness(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-http-'));
    const file = path.join(dataDir, 'api-token');
    fs.writeFileSync(file, 'first-token\n');
    const app = createApp({
      ...harness,
      registry: createSourceRegistry([]),
      credentials: createCredentialStore(dataDir),
      token: createApiTokens({ token: 'first-token', file }, {}),
    });
    const as = (token: string, init: RequestInit = {}) =>
      app.request('/api/token/rotate', { ...init, headers: { authorization: `Bearer ${token}` } });
    const rotated = await as('first-token', { method: 'POST' });
    const { token } = await rotated.json();
    expect(token).not.toBe('first-token');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(token);
    expect((await as('first-token', { method: 'POST' })).status).toBe(401);
    const status = await app.request('/api/status', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.status).toBe(200);
    // From the environment: the operator's to change.
    const fixed = createApiTokens({ token: 't', file }, { SIGHTLINE_API_TOKEN: 't' });
    expect(() => fixed.rotate()).toThrow('SIGHTLINE_API_TOKEN');
  });

  it('saves views (validated), lists, deletes them, and sorts the inbox', async () => {
    const { app, call } = await open();
    const json = { 'content-type': 'application/json' };
    expect((await app.request('/api/views')).status).toBe(401);
    const created = await call('/api/views', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: ' Android crashes ',
        filters: { label: 'crash', q: '2.13' },
        sort: 'most_reports',
      }),
    });
    expect(created.status).toBe(201);
    const view = await created.json();
    expect(view).toMatchObject({
      name: 'Android crashes',
      filters: { label: 'crash', q: '2.13' },
      sort: 'most_reports',
    });
    const bad = await call('/api/views', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'x', filters: { label: 'crashes' }, sort: 'loudest' }),
    });
    expect(bad.status).toBe(400);
    const badError = (await bad.json()).error;
    expect(badError.code).toBe('INVALID_ARGUMENT');
    expect(badError.message).toContain('filters.label');
    expect(badError.message).toContain('sort');
    const taken = await call('/api/views', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Android crashes' }),
    });
    expect(taken.status).toBe(400);
    expect((await taken.json()).error.message).toContain('exists');
    expect(await (await call('/api/views')).json()).toEqual({ views: [view] });
    expect((await call(`/api/views/${view.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/api/views/${view.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await call('/api/views')).json()).toEqual({ views: [] });

    expect((await call('/api/groups?sort=loudest')).status).toBe(400);
    await harness.ingestText([
      { id: 'c1', text: cartCrash() },
      { id: 'c2', text: cartCrash() },
      { id: 'f1', text: 'Please add a dark mode to the app' },
    ]);
    await harness.queue.drain({ timeoutMs: 60_000 });
    const counts = async (sort: string) =>
      (
        (await (await call(`/api/groups?sort=${sort}`)).json()) as { groups: { count: number }[] }
      ).groups.map((group) => group.count);
    expect(await counts('most_reports')).toEqual([2, 1]);
  }, 60_000);
});
