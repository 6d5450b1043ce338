import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonMediaOnly } from './json-media.js';

/** A JSON route as the API's are built: this middleware, then Hono's JSON validator. */
const app = new Hono().post(
  '/',
  jsonMediaOnly,
  zValidator('json', z.object({ model: z.string().optional() })),
  (c) => c.json({ read: c.req.valid('json').model ?? null }),
);

const post = (contentType: string | undefined, body = '{"model":"m"}') =>
  app.request('/', {
    method: 'POST',
    body,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });

describe('jsonMediaOnly', () => {
  it("lets a body through only when Hono's validator reads it: a body is never validated as {}", async () => {
    const types = [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json ; charset=UTF-8',
      'application/merge-patch+json',
      'application/vnd.api+json',
      'application/vnd.a+b+json',
      'application/json+x',
      'application/jsonx',
      'text/json',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=iso-8859-1',
      '',
      undefined,
    ];
    for (const type of types) {
      const response = await post(type);
      const outcome = response.status === 200 ? (await response.json()).read : response.status;
      expect([type, outcome]).toEqual([type, expect.toSatisfy((o) => o === 'm' || o === 415)]);
    }
    expect((await post('application/vnd.a+b+json')).status).toBe(415);
    expect(await (await post('application/merge-patch+json')).json()).toEqual({ read: 'm' });
  });

  it('passes a request without a body, or with an empty one, to the route', async () => {
    expect(await (await app.request('/', { method: 'POST' })).json()).toEqual({ read: null });
    expect(await (await post('text/plain', '')).json()).toEqual({ read: null });
  });

  it('refuses a JSON body whose string holds a lone surrogate with 400, as /api/reports does', async () => {
    // Found by trial 19's re-check: PATCH of an assignee stored "\ud800" as three U+FFFD.
    const lone = await post('application/json', '{"model":"m\\ud800"}');
    expect(lone.status).toBe(400);
    expect((await lone.json()).error.message).toMatch(
      /^Invalid request: body: holds a lone UTF-16 surrogate \(U\+D800\)/,
    );
    // A pair is a character, and an escaped backslash before "ud800" is text.
    expect(await (await post('application/json', '{"model":"\\ud83d\\ude00"}')).json()).toEqual({
      read: '\u{1F600}',
    });
    expect(await (await post('application/json', '{"model":"\\\\ud800"}')).json()).toEqual({
      read: '\\ud800',
    });
    // Found by fresh-user trial 20: "Malformed JSON in request body" said nothing of what to send,
    // and the parser's own message would quote the body.
    for (const body of ['{"model": "ghp_secret', '']) {
      const refused = await post('application/json', body);
      expect(refused.status).toBe(400);
      const { message } = (await refused.json()).error;
      expect(message).toMatch(/^Invalid request: body: (?:not JSON|empty); send one JSON object/);
      expect(message).not.toContain('ghp_');
    }
    const latin1 = await app.request('/', {
      method: 'POST',
      body: Uint8Array.from([...Buffer.from('{"model":"'), 0xff, 0xfe, ...Buffer.from('"}')]),
      headers: { 'content-type': 'application/json' },
    });
    expect(latin1.status).toBe(400);
    expect((await latin1.json()).error.message).toMatch(/^Invalid request: body: not valid UTF-8/);
  });
});
