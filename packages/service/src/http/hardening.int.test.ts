/** Browser hardening: security headers, the loopback Host check, a health check that tells nothing, 401 for other schemes. */
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHarness } from '../pipeline/harness.test-helper.js';
import { TEST_DATABASES } from '../store/test-databases.test-helper.js';
import { openTestApp, TEST_TOKEN as TOKEN } from './test-app.test-helper.js';

describe.each(TEST_DATABASES)('browser hardening, on $name', (kind) => {
  let harness: ServiceHarness;
  afterEach(async () => {
    await harness?.close();
  });

  async function open(host?: string) {
    const opened = await openTestApp(kind, { consoleDir: null, ...(host ? { host } : {}) });
    harness = opened.harness;
    return opened.app;
  }

  it('sends CSP without inline script, nosniff and no framing on the API and the console', async () => {
    const app = await open();
    for (const path of ['/', '/api/health', '/api/groups']) {
      const response = await app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('refuses a DNS-rebinding Host header when bound to loopback, not when bound publicly', async () => {
    const app = await open();
    const rebound = await app.request('http://rebind.attacker.test:4317/api/health');
    expect(rebound.status).toBe(403);
    expect((await rebound.json()).error.code).toBe('HOST_NOT_ALLOWED');
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect((await app.request(`http://${host}:4317/api/health`)).status).toBe(200);
    }
    await harness.close();
    const publicApp = await open('0.0.0.0');
    expect((await publicApp.request('http://triage.example.test/api/health')).status).toBe(200);
  });

  it('says only that the service is up without a token; counts need the token', async () => {
    const app = await open();
    const health = await app.request('/api/health');
    expect(await health.json()).toEqual({ ok: true });
    expect((await app.request('/api/status')).status).toBe(401);
    const status = await app.request('/api/status', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await status.json()).toMatchObject({ ok: true, database: kind.name, jobs: {} });
  });

  it('answers other authorization schemes with 401 and a Bearer challenge', async () => {
    const app = await open();
    for (const authorization of [
      `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`,
      `Token ${TOKEN}`,
      'Bearer',
      'Bearer a:b',
    ]) {
      const response = await app.request('/api/groups', { headers: { authorization } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await response.json()).error.message).toContain('Authorization: Bearer <token>');
    }
  });
});
