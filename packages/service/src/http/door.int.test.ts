/** Bad input refused at the door: a clear 400 naming the field, 422 for a verified event without an id. */
import { afterEach, describe, expect, it } from 'vitest';
import { cartCrash } from '../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openSignedApp, type SignedApp } from './signed-source.test-helper.js';

const TOKEN = 'test-token-not-secret';

describe.each(TEST_DATABASES)('bad input refused at the door, on $name', (kind) => {
  let opened: SignedApp | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  async function open() {
    opened = await openSignedApp(kind, { token: TOKEN });
    const { app } = opened;
    const post = (url: string, body: BodyInit, contentType: string) =>
      app.request(url, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': contentType },
      });
    return { ...opened, post };
  }

  it('refuses an unknown format and invalid UTF-8 with 400 naming the field, storing nothing', async () => {
    const { post, harness } = await open();
    const plain = await post('/api/reports?format=pdf', cartCrash(), 'text/plain');
    expect(plain.status).toBe(400);
    expect((await plain.json()).error.message).toMatch(
      /^format: unknown format "pdf"; use one of auto, /,
    );
    const json = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: cartCrash(), format: 'pdf' }] }),
      'application/json',
    );
    expect(json.status).toBe(400);
    expect((await json.json()).error.message).toContain('reports.0.format: unknown format "pdf"');
    // Found by trial 19's re-check: this message ended in two periods.
    const both = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: 'a', json: { title: 'a' } }] }),
      'application/json',
    );
    expect((await both.json()).error.message).toBe(
      'reports.0: give exactly one of "text" (the report as text) and "json" (as a JSON object or array).',
    );
    const notSentry = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: 'It crashes when I save', format: 'sentry' }] }),
      'application/json',
    );
    expect((await notSentry.json()).error.message).toMatch(/^reports\.0\.format: .*[^.]\.$/);
    // "Café crashes" in Latin-1: é is the lone byte 0xE9.
    const latin1 = Uint8Array.from([
      ...Buffer.from('Caf'),
      0xe9,
      ...Buffer.from(' crashes on open\n'),
    ]);
    for (const type of ['text/plain', 'application/json']) {
      const refused = await post('/api/reports', latin1, type);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(
        /^encoding: the body is not valid UTF-8/,
      );
    }
    expect(await harness.store.reports.counts()).toEqual({});
    const fine = await post('/api/reports?format=auto', cartCrash(), 'text/plain');
    expect(fine.status).toBe(202);
    // UTF-16 with a byte-order mark is read as every command reads a file.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cartCrash(), 'utf16le')]);
    expect((await post('/api/reports', new Uint8Array(utf16), 'text/plain')).status).toBe(202);
    // Found in review: UTF-16 with an unpaired surrogate was told to convert from Latin-1.
    const damaged = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\ud800b', 'utf16le')]);
    const refusedUtf16 = await post('/api/reports', new Uint8Array(damaged), 'text/plain');
    expect((await refusedUtf16.json()).error.message).toMatch(
      /^encoding: the body is not valid UTF-16: it holds a 16-bit unit that is no character/,
    );
  });

  it('reads a text body in the charset its Content-Type names, a JSON body as UTF-8 always', async () => {
    // Found by fresh-user trial 16: `charset=utf-16be` was not read, the body taken as UTF-8.
    const { post, harness } = await open();
    const latin1 = Uint8Array.from([...Buffer.from('Caf'), 0xe9, ...Buffer.from(' crashes\n')]);
    const utf16be = Buffer.from(cartCrash(), 'utf16le').swap16();
    const storedText = async (response: Response) => {
      expect(response.status).toBe(202);
      const { reportIds } = (await response.json()) as { reportIds: string[] };
      const report = await harness.store.reports.get(reportIds[0] ?? '');
      return report && 'text' in report.payload ? report.payload.text : undefined;
    };
    expect(
      await storedText(await post('/api/reports', latin1, 'text/plain; charset=ISO-8859-1')),
    ).toBe('Café crashes\n');
    expect(
      await storedText(
        await post('/api/reports', new Uint8Array(utf16be), 'text/plain; charset="utf-16be"'),
      ),
    ).toBe(cartCrash());
    const unknown = await post('/api/reports', cartCrash(), 'text/plain; charset=klingon');
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).error.message).toMatch(
      /^charset: "klingon" is no encoding this service knows\. Send the text as UTF-8/,
    );
    const odd = await post(
      '/api/reports',
      Uint8Array.from([0x61, 0x00, 0x62]),
      'text/plain; charset=utf-16le',
    );
    expect(odd.status).toBe(400);
    expect((await odd.json()).error.message).toMatch(
      /^encoding: the body is not valid utf-16le, the charset its Content-Type names/,
    );
    // Found by fresh-user trial 18: a JSON body's charset got three different answers.
    const json = JSON.stringify({ reports: [{ text: 'Caf\u00e9' }] });
    for (const charset of ['iso-8859-1', 'utf-16be', 'klingon']) {
      const refused = await post('/api/reports', json, `application/json; charset=${charset}`);
      expect(refused.status).toBe(415);
      expect((await refused.json()).error.message).toBe(
        `charset: a JSON body is UTF-8 (RFC 8259), not "${charset}". Send it as UTF-8 (Content-Type: application/json), or send the report's text as text/plain with its charset.`,
      );
    }
    expect((await post('/api/reports', json, 'application/json; charset=UTF-8')).status).toBe(202);
    const utf16 = await post(
      '/api/reports',
      Uint8Array.from([0x61, 0x00, 0x62]),
      'text/plain; charset=utf-16',
    );
    expect((await utf16.json()).error.message).toContain(
      '("utf-16" is utf-16le in the WHATWG Encoding Standard)',
    );
    const malformed = await post('/api/reports', cartCrash(), 'text');
    expect(malformed.status).toBe(415);
    const bare = await post('/api/reports', cartCrash(), 'text/plain;;charset');
    expect(bare.status).toBe(202);
    expect((await post('/api/reports', cartCrash(5), 'text/plain; charset=')).status).toBe(202);
  });

  it('says how to name the project, for a text body too, when the service has several', async () => {
    const { post, harness } = await open();
    await harness.store.projects.ensure({ name: 'second', repo: harness.repo.root });
    const refused = await post('/api/reports', cartCrash(), 'text/plain');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toMatch(
      /^This service has 2 projects; say which one with the "project" field of a JSON body or \?project=NAME in the address \(/,
    );
    const named = await post('/api/reports?project=second', cartCrash(), 'text/plain');
    expect(named.status).toBe(202);
  });

  it('refuses a report whose JSON nests too deep with 400 giving the limit, storing nothing', async () => {
    // Found by fresh-user trial 17: an object nested 100,000 levels deep answered 500 (the
    // stack overflowed turning it back into text).
    const { post, harness } = await open();
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const refused = await post(
      '/api/reports',
      `{"reports":[{"json":${deep}}]}`,
      'application/json',
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(
          /^reports\.0\.json: nests deeper than 256 levels of objects and arrays, .*send it with its nesting cut down/,
        ),
      },
    });
    // A body of another shape nested as deep is told the shapes taken, as any other.
    const array = await post(
      '/api/reports',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      'application/json',
    );
    expect(array.status).toBe(400);
    expect((await array.json()).error.message).toMatch(/^The body is a JSON array/);
    expect(await harness.store.reports.counts()).toEqual({});
  });

  it('refuses a text with a lone surrogate and a json that is no object or array, storing nothing', async () => {
    // Found by fresh-user trial 17: both were answered 202; the lone surrogate was stored as three
    // U+FFFD and failed as "binary data", `"json": null` was investigated as a group titled "null".
    const { post, harness } = await open();
    const lone = await post(
      '/api/reports',
      '{"reports":[{"text":"crash \\ud800 in checkout"}]}',
      'application/json',
    );
    expect(lone.status).toBe(400);
    expect((await lone.json()).error.message).toMatch(
      /^reports\.0\.text: is not text: it holds a lone UTF-16 surrogate \(U\+D800, at character 7\)/,
    );
    // Found by fresh-user trial 18: in a json report, a value's or a key's lone surrogate was
    // taken, and the group's title showed three U+FFFD.
    const notObject = /^reports\.0\.json: not a JSON object or array; give the report as one/;
    const lone16 = /^reports\.0\.json: holds a lone UTF-16 surrogate \(U\+D[8C]00\)/;
    for (const [json, said] of [
      ...['null', '"a crash"', '42', 'true'].map((json) => [json, notObject] as const),
      ['{"title":"x \\ud800","body":"y"}', lone16],
      ['{"ti\\udc00tle":"x","body":"y"}', lone16],
    ] as const) {
      const refused = await post(
        '/api/reports',
        `{"reports":[{"json":${json}}]}`,
        'application/json',
      );
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(said);
    }
    // Found by fresh-user trial 19: the id, file name and address were stored as three U+FFFD
    // (two ids with different lone halves read the same).
    for (const [field, value] of [
      ['id', 'id-\\udbff'],
      ['filename', 'crash-\\ud800.log'],
      ['url', 'https://issues.example/\\udc00'],
    ]) {
      const refused = await post(
        '/api/reports',
        `{"reports":[{"text":"TypeError in checkout","${field}":"${value}"}]}`,
        'application/json',
      );
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(
        new RegExp(`^reports\\.0\\.${field}: holds a lone UTF-16 surrogate`),
      );
    }
    expect(await harness.store.reports.counts()).toEqual({});
    // A pair of surrogates is one character, taken.
    const pair = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: `${cartCrash()} \ud83d\ude00` }] }),
      'application/json',
    );
    expect(pair.status).toBe(202);
  });

  it('refuses a report url of another scheme than http(s), storing nothing', async () => {
    const { post, harness } = await open();
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd']) {
      const refused = await post(
        '/api/reports',
        JSON.stringify({ reports: [{ text: cartCrash(), url }] }),
        'application/json',
      );
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toContain('reports.0.url');
    }
    expect(await harness.store.reports.counts()).toEqual({});
    const fine = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: cartCrash(), url: 'https://example.com/issues/1' }] }),
      'application/json',
    );
    expect(fine.status).toBe(202);
  });

  it('refuses a JSON Lines text body with a bad field by its line, as a JSON body by its index', async () => {
    const { post, harness } = await open();
    const body = `${JSON.stringify({ text: cartCrash() })}\n${JSON.stringify({ text: cartCrash(), url: 'javascript:alert(1)' })}\n`;
    const refused = await post('/api/reports?filename=reports.jsonl', body, 'text/plain');
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(
      'The body holds reports that cannot be taken: line 2 has a bad "url": not an http(s) address; give one (e.g. https://example.com/issues/1), or none. Fix or remove them and send it again.',
    );
    expect(await harness.store.reports.counts()).toEqual({});
  });

  it('refuses a body of a media type that is no report text with 415 naming the types taken, storing nothing', async () => {
    // Found by a fresh-user trial: `-H "Content-Type: image/png"` was answered 202 and the body
    // stored as a report's text.
    const { post, app, harness } = await open();
    for (const type of ['image/png', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const refused = await post('/api/reports', cartCrash(), type);
      expect(refused.status).toBe(415);
      expect((await refused.json()).error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringMatching(
          new RegExp(
            `^Content-Type "${type}" is not taken\\. Send .* as application/json, or the text of a report as text/plain \\(any text/\\* type; JSON Lines also as application/x-ndjson or application/jsonl\\)`,
          ),
        ),
      });
    }
    expect(await harness.store.reports.counts()).toEqual({});
    const lines = `${JSON.stringify({ text: cartCrash() })}\n${JSON.stringify({ text: cartCrash(7) })}\n`;
    for (const type of ['application/x-ndjson', 'application/jsonl; charset=utf-8', 'text/csv']) {
      expect((await post('/api/reports', lines, type)).status).toBe(202);
    }
    // A `+json` type is JSON here as on the other JSON routes (trial 19: only this one refused it).
    const body = JSON.stringify({ reports: [{ text: cartCrash(5) }] });
    const vendor = await post('/api/reports', body, 'application/vnd.api+json');
    expect(vendor.status).toBe(202);
    const { reportIds } = (await vendor.json()) as { reportIds: string[] };
    const stored = await harness.store.reports.get(reportIds[0] ?? '');
    expect(stored && 'text' in stored.payload ? stored.payload.text : undefined).toBe(cartCrash(5));
    // A client that names no type (a byte body gets none) is read as text.
    const untyped = await app.request('/api/reports', {
      method: 'POST',
      body: new TextEncoder().encode(cartCrash(3)),
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(untyped.status).toBe(202);
  });

  it('answers a method an API path does not take with 405 and Allow, a path it does not know with 404', async () => {
    // Found by a fresh-user trial: `DELETE /api/groups` was answered 404 "No route".
    const { app } = await open();
    const call = (url: string, method: string) =>
      app.request(url, { method, headers: { authorization: `Bearer ${TOKEN}` } });
    const wrong = await call('/api/groups', 'DELETE');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, PATCH');
    expect(await wrong.json()).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: '/api/groups takes GET, PATCH, not DELETE.' },
    });
    const reports = await call('/api/reports', 'GET');
    expect([reports.status, reports.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await call('/api/groups/some-id/investigate', 'GET')).headers.get('allow')).toBe(
      'POST',
    );
    const unknown = await call('/api/nothing-here', 'DELETE');
    expect([unknown.status, unknown.headers.get('allow')]).toEqual([404, null]);
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route DELETE /api/nothing-here.' },
    });
  });

  it('names the format and its accepted values whatever the body, before reading it', async () => {
    const { post, harness } = await open();
    const accepted = /^format: unknown format "xml"; use one of auto, sentry, .*, text\.$/;
    // An empty body would be refused too, but the format is what the client got wrong first.
    for (const [body, type] of [
      ['', 'text/plain'],
      ['<report>boom</report>', 'application/xml'],
      [JSON.stringify({ reports: [{ text: cartCrash() }] }), 'application/json'],
    ] as const) {
      const refused = await post('/api/reports?format=xml', body, type);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(accepted);
    }
    // A report's own format is named by its field, not as "Invalid body".
    const field = await post(
      '/api/reports',
      JSON.stringify({ reports: [{ text: cartCrash(), format: 'xml' }] }),
      'application/json',
    );
    expect((await field.json()).error.message).toMatch(
      /^reports\.0\.format: unknown format "xml"; use one of auto, .*, text\.$/,
    );
    expect(await harness.store.reports.counts()).toEqual({});
    // In a JSON body, ?format= is the default of the reports that name none.
    const defaulted = await post(
      '/api/reports?format=text',
      JSON.stringify({ reports: [{ text: cartCrash() }] }),
      'application/json',
    );
    expect(defaulted.status).toBe(202);
    const [id] = (await defaulted.json()).reportIds;
    const stored = await harness.store.reports.get(id);
    expect(stored?.format).toBe('text');
  });

  it('answers the Markdown route with its parameter, named in the query, not the body', async () => {
    const { app } = await open();
    const get = (query: string) =>
      app.request(`/api/groups/any/markdown${query}`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    const misnamed = await get('?format=github');
    expect(misnamed.status).toBe(400);
    expect((await misnamed.json()).error.message).toBe(
      'Invalid request: query: unknown parameter "format"; the only parameter is style (markdown or github), e.g. ?style=github',
    );
    const unknownStyle = await get('?style=html');
    expect((await unknownStyle.json()).error.message).toBe(
      'Invalid request: style: unknown style "html"; use one of markdown, github',
    );
  });

  it('refuses an inbox cursor it did not write, or wrote for another sort, with 400 saying what to do', async () => {
    const { app, harness } = await open();
    for (const title of ['first', 'second', 'third']) {
      const { report } = await harness.store.reports.insert(
        {
          sourceKind: 'files',
          sourceId: title,
          receivedAt: '2026-03-01T10:00:00.000Z',
          format: 'auto',
          payload: { text: title },
        },
        { projectId: harness.project.id, sourceId: null },
      );
      await harness.store.groups.attach({
        reportId: report.id,
        projectId: harness.project.id,
        label: 'bug',
        title,
        receivedAt: report.receivedAt,
        sourceKind: 'files',
        key: { signature: title },
      });
    }
    const get = (query: string) =>
      app.request(`/api/groups${query}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const first = await (await get('?limit=1')).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await get(`?limit=1&cursor=${first.nextCursor}`);
    expect(next.status).toBe(200);
    for (const cursor of ['not-a-cursor', 'WzEsMl0', first.nextCursor.slice(0, -3)]) {
      const refused = await get(`?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: {
          code: 'INVALID_ARGUMENT',
          message:
            'cursor: not a cursor of the inbox. Pass the nextCursor of the previous page unchanged, with the same sort, or leave cursor out to start from the first page.',
        },
      });
    }
    // Shaped like one, but its position is not of its sort's kind (a count for most_reports).
    const forged = Buffer.from(JSON.stringify(['most_reports', 'many', 'x', 3, ''])).toString(
      'base64url',
    );
    const wrongKey = await get(`?limit=1&sort=most_reports&cursor=${forged}`);
    expect({ status: wrongKey.status, body: await wrongKey.json() }).toEqual({
      status: 400,
      body: {
        error: {
          code: 'INVALID_ARGUMENT',
          message:
            'cursor: not a cursor of the inbox. Pass the nextCursor of the previous page unchanged, with the same sort, or leave cursor out to start from the first page.',
        },
      },
    });
    const otherSort = await get(`?limit=1&sort=oldest&cursor=${first.nextCursor}`);
    expect(otherSort.status).toBe(400);
    expect((await otherSort.json()).error.message).toMatch(
      /^cursor: made for sort=newest, not sort=oldest\. Pass the nextCursor/,
    );
  });

  it('answers a verified event without an id 422 saying so, and stores nothing', async () => {
    const { addSource, deliver, harness } = await open();
    const response = await deliver(await addSource('door'), JSON.stringify({ text: cartCrash() }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'EVENT_REJECTED', message: expect.stringContaining('The event has no id') },
    });
    expect(await harness.store.reports.counts()).toEqual({});
  });
});
