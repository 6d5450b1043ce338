import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHarness } from '../../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../../store/test-databases.test-helper.js';
import { openTestApp, TEST_TOKEN } from '../test-app.test-helper.js';

describe.each(TEST_DATABASES)('the console at / on $name', (kind) => {
  let harness: ServiceHarness | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves its assets, the page for links into the app, and 404 for a missing asset', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-console-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Sightline</title>');
    await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1);');
    const opened = await openTestApp(kind, { consoleDir: dir });
    harness = opened.harness;
    const asset = await opened.app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1);');
    const page = await opened.app.request('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Sightline</title>');
    // Trial 26: /groups/abc was the page, its relative assets then missing under /groups/.
    for (const [link, to] of [
      ['/groups/abc', '../#/groups/abc'],
      ['/settings', './#/settings'],
    ]) {
      const moved = await opened.app.request(String(link));
      expect([moved.status, moved.headers.get('location')]).toEqual([302, to]);
    }
    // Fresh-user trial 24: a missing asset was answered 200 with the page.
    const missing = await opened.app.request('/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type') ?? '').not.toContain('text/html');
    // Trial 25: /favicon.ico was answered with the page.
    for (const file of ['/favicon.ico', '/robots.txt', '/groups/app.js.map']) {
      expect((await opened.app.request(file)).status, file).toBe(404);
    }
    expect((await opened.app.request('/index.html')).status).toBe(200);
  });

  it('names where the API token is on the page, never the token', async () => {
    // Fresh-user trial: for `serve --data /tmp/x` the sign-in page still said
    // `cat .sightline/serve/api-token`.
    dir = await mkdtemp(path.join(tmpdir(), 'sightline-console-'));
    await writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><html><head><title>Sightline</title></head><body></body></html>',
    );
    const opened = await openTestApp(kind, {
      consoleDir: dir,
      tokenLocation: { file: '/tmp/x "<y>"/api-token' },
    });
    harness = opened.harness;
    const page = await (await opened.app.request('/')).text();
    expect(page).toContain(
      '<meta name="sightline-token-file" content="/tmp/x &quot;&lt;y&gt;&quot;/api-token"></head>',
    );
    expect(page).not.toContain(TEST_TOKEN);
    await harness.close();
    const fromEnvironment = await openTestApp(kind, {
      consoleDir: dir,
      tokenLocation: { environment: 'SIGHTLINE_API_TOKEN' },
    });
    harness = fromEnvironment.harness;
    expect(await (await fromEnvironment.app.request('/')).text()).toContain(
      '<meta name="sightline-token-variable" content="SIGHTLINE_API_TOKEN">',
    );
  });
});
