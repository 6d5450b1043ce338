import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHarness } from '../../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../../store/test-databases.test-helper.js';
import { openTestApp, TEST_TOKEN } from '../test-app.test-helper.js';

describe.each(TEST_DATABASES)('GET /api/code on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => harness?.close());

  async function open() {
    const opened = await openTestApp(kind);
    harness = opened.harness;
    return (url: string) =>
      opened.app.request(url, { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
  }

  it('shows the only project’s code when no project is named', async () => {
    // Fresh-user trial 49: without ?project= it answered 400 "project: give the project's id or
    // name", although the OpenAPI document listed project as optional.
    const call = await open();
    const response = await call('/api/code?path=src/cart/total.ts&line=5');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(
      expect.objectContaining({ ok: true, path: 'src/cart/total.ts', line: 5 }),
    );
  });

  it('asks which project, naming each, when the service has several and none is named', async () => {
    const call = await open();
    await harness.store.projects.ensure({ name: 'admin', repo: harness.repo.root });
    const response = await call('/api/code?path=src/cart/total.ts&line=5');
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(
      /^This service has 2 projects; say which one with \?project=NAME \((shop, admin|admin, shop)\)\.$/,
    );
    expect((await call('/api/code?path=src/cart/total.ts&line=5&project=admin')).status).toBe(200);
  });
});
