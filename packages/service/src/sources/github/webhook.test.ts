import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { githubSource } from './index.js';

const SECRET = 'fake-webhook-secret-for-tests';
const fixture = (name: string) =>
  fs.readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const sign = (body: Uint8Array, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const source = (
  credentials: { webhookSecret?: string; token?: string } = { webhookSecret: SECRET },
) =>
  githubSource.create({
    id: 'gh',
    config: githubSource.configSchema.parse({ owner: 'acme', repo: 'widget' }),
    credentials,
    fetch,
  });

const deliver = (
  event: string,
  body: Uint8Array,
  signature?: string,
  s = source(),
  contentType = 'application/json',
) =>
  // biome-ignore lint/style/noNonNullAssertion: the GitHub source takes webhooks
  s.webhook!({
    headers: {
      'content-type': contentType,
      ...(event ? { 'x-github-event': event } : {}),
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    body,
  });

const withAction = (body: Buffer, action: string) =>
  Buffer.from(body.toString('utf8').replace('"opened"', `"${action}"`));

describe('GitHub issues webhooks', () => {
  it('turns signed opened, edited and reopened issues into markdown-issue reports', async () => {
    for (const action of ['opened', 'edited', 'reopened']) {
      const body = withAction(fixture('issues-opened.json'), action);
      const result = await deliver('issues', body, sign(body));
      expect(result.verified).toBe(true);
      expect(result.reports).toEqual([
        expect.objectContaining({
          sourceKind: 'github',
          sourceId: 'acme/widget#42',
          format: 'markdown-issue',
          url: 'https://github.com/acme/widget/issues/42',
          meta: { repository: 'acme/widget', number: 42, author: 'octocat' },
        }),
      ]);
      expect(result.reports[0]?.payload).toMatchObject({
        json: { title: 'Crash when the config file has no port', labels: ['bug'] },
      });
    }
  });

  it('dates an edit without updated_at when it arrives, not when the issue was created', async () => {
    const delivery = JSON.parse(fixture('issues-opened.json').toString('utf8'));
    const { updated_at: _left, ...issue } = delivery.issue;
    const receivedAt = async (action: string) => {
      const body = Buffer.from(JSON.stringify({ ...delivery, action, issue }));
      return (await deliver('issues', body, sign(body))).reports[0]?.receivedAt ?? '';
    };
    const before = Date.now();
    expect(Date.parse(await receivedAt('edited'))).toBeGreaterThanOrEqual(before - 1_000);
    expect(await receivedAt('opened')).toBe('2026-11-30T09:00:00Z');
  });

  it('rejects missing, wrong or other-secret signatures and a tampered body', async () => {
    const body = fixture('issues-opened.json');
    for (const signature of [
      undefined,
      'sha256=zz',
      sign(body, 'other-secret'),
      sign(body).replace('sha256=', 'sha1='),
    ]) {
      expect(await deliver('issues', body, signature)).toEqual({ verified: false, reports: [] });
    }
    expect((await deliver('issues', withAction(body, 'reopened'), sign(body))).verified).toBe(
      false,
    );
    expect((await deliver('issues', body, sign(body), source({ token: 't' }))).verified).toBe(
      false,
    );
  });

  it('calls a correctly signed empty delivery empty, and refuses one signed wrongly (fresh-user trial)', async () => {
    // Was 401 SIGNATURE_INVALID: the signature of an empty body was never checked.
    const empty = new Uint8Array(0);
    for (const event of ['issues', 'ping', '']) {
      expect(await deliver(event, empty, sign(empty))).toEqual({
        verified: true,
        reports: [],
        rejected: "The delivery's body is empty. Nothing was stored.",
      });
    }
    for (const signature of [undefined, sign(empty, 'other-secret'), 'sha256=', 'sha256'])
      expect(await deliver('issues', empty, signature)).toEqual({ verified: false, reports: [] });
  });

  it('answers a signed ping, other actions and pull requests with no report', async () => {
    const ping = fixture('ping.json');
    expect(await deliver('ping', ping, sign(ping))).toEqual({ verified: true, reports: [] });
    const closed = withAction(fixture('issues-opened.json'), 'closed');
    // Closed: no report, the issue's status upstream.
    expect(await deliver('issues', closed, sign(closed))).toEqual({
      verified: true,
      reports: [],
      upstream: [
        { identity: 'github:acme/widget#42', status: 'resolved', at: '2026-11-30T09:00:00Z' },
      ],
    });
    // Found by fresh-user trial 20: closed as not planned or as a duplicate, the issue resolved a
    // group holding other sources' reports of a bug still there.
    for (const reason of ['not_planned', 'duplicate']) {
      const notDone = Buffer.from(
        closed
          .toString('utf8')
          .replace('"number": 42,', `"number": 42, "state_reason": "${reason}",`),
      );
      expect(await deliver('issues', notDone, sign(notDone))).toEqual({
        verified: true,
        reports: [],
        upstream: [],
      });
    }
    const completed = Buffer.from(
      closed
        .toString('utf8')
        .replace('"number": 42,', '"number": 42, "state_reason": "completed",'),
    );
    expect((await deliver('issues', completed, sign(completed))).upstream).toEqual([
      { identity: 'github:acme/widget#42', status: 'resolved', at: '2026-11-30T09:00:00Z' },
    ]);
    // A time that is not GitHub's text (trial 21: a number) is no time: applied in arrival order.
    const numeric = Buffer.from(
      completed
        .toString('utf8')
        .replace('"updated_at": "2026-11-30T09:00:00Z"', '"updated_at": 1796300000'),
    );
    expect((await deliver('issues', numeric, sign(numeric))).upstream).toEqual([
      { identity: 'github:acme/widget#42', status: 'resolved' },
    ]);
    const pull = Buffer.from(
      fixture('issues-opened.json')
        .toString('utf8')
        .replace('"id": 1001,', '"id": 1001, "pull_request": {},'),
    );
    expect(await deliver('issues', pull, sign(pull))).toEqual({ verified: true, reports: [] });
    const numberless = Buffer.from(
      fixture('issues-opened.json')
        .toString('utf8')
        .replace(/"number": \d+,/, ''),
    );
    expect(await deliver('issues', numberless, sign(numberless))).toEqual({
      verified: true,
      reports: [],
      rejected: expect.stringContaining('no issue number'),
    });
  });

  it('rejects a signed delivery naming no event, or an issue without its number or title to store', async () => {
    // Fresh-user trial: each was answered 202 {"stored":0}: accepted and dropped.
    const signed = (event: string, payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload));
      return deliver(event, body, sign(body));
    };
    const untitled = { action: 'opened', issue: { id: 5, number: 5 } };
    expect(await signed('issues', untitled)).toEqual({
      verified: true,
      reports: [],
      rejected: "The issues event's issue has no title (a string); nothing was stored.",
    });
    // Fresh-user trial: an empty or blank title was accepted and stored.
    for (const title of ['', '  \n\t']) {
      for (const action of ['opened', 'edited', 'reopened'])
        expect(await signed('issues', { action, issue: { id: 5, number: 5, title } })).toEqual({
          verified: true,
          reports: [],
          rejected:
            "The issues event's issue has an empty title (a report needs one); nothing was stored.",
        });
    }
    // A status change still needs none.
    expect(
      await signed('issues', { action: 'closed', issue: { id: 5, number: 5, title: '' } }),
    ).toMatchObject({ verified: true, reports: [], upstream: [{ status: 'resolved' }] });
    expect(await signed('', JSON.parse(fixture('issues-opened.json').toString('utf8')))).toEqual({
      verified: true,
      reports: [],
      rejected: expect.stringContaining('no X-GitHub-Event header'),
    });
    expect(await signed('issues', { action: 'closed', issue: { id: 5 } })).toMatchObject({
      rejected: expect.stringContaining('no issue number'),
    });
    // A status change needs no title; events and actions not followed stay a success.
    expect(await signed('issues', { action: 'closed', issue: { id: 5, number: 5 } })).toEqual({
      verified: true,
      reports: [],
      upstream: [{ identity: 'github:acme/widget#5', status: 'resolved' }],
    });
    expect(await signed('issues', { action: 'labeled', issue: { id: 5, number: 5 } })).toEqual({
      verified: true,
      reports: [],
    });
    expect(await signed('push', { ref: 'refs/heads/main' })).toEqual({
      verified: true,
      reports: [],
    });
  });

  it('rejects a signed delivery that is not a JSON object, or an issues event without its issue', async () => {
    // Found by fresh-user trial 16: each was answered 202 {"stored":0}, so GitHub's delivery log
    // showed a success.
    const rejected = async (event: string, text: string, contentType?: string) => {
      const body = Buffer.from(text);
      const result = await deliver(event, body, sign(body), source(), contentType);
      expect(result).toMatchObject({ verified: true, reports: [] });
      return result.rejected;
    };
    const notAnObject = (what: string) => `The delivery's body is ${what}. Nothing was stored.`;
    const formEncoded = (what: string) =>
      `The delivery's body is ${what}. Set the webhook's Content type to application/json in its settings on GitHub. Nothing was stored.`;
    expect(
      await Promise.all([
        rejected('issues', 'not json'),
        // Fresh-user trial: JSON cut short, sent as application/json, was told to set the content
        // type to application/json.
        rejected('issues', '{"action": "opened", "issue": '),
        rejected('ping', 'payload=%7B%22zen%22%3A%22x%22%7D', 'application/x-www-form-urlencoded'),
        rejected('ping', 'payload=%7B%22zen%22%3A%22x%22%7D', ''),
        rejected('issues', '[1,2,3]'),
        rejected('issues', '{}'),
        rejected('issues', '{"action": "closed", "issue": null}'),
      ]),
    ).toEqual([
      notAnObject('not JSON'),
      notAnObject(
        'JSON cut short (it ends before its last value closes): redeliver it, and check that nothing between the sender and this service limits the size of a body',
      ),
      formEncoded('not JSON'),
      formEncoded('not JSON'),
      notAnObject('a JSON array, not an object'),
      'The issues event carries no issue; nothing was stored.',
      'The issues event carries no issue; nothing was stored.',
    ]);
  });
});
