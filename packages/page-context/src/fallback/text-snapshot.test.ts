// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from '@sightline/core';
import { afterEach, describe, expect, it } from 'vitest';
import { textSnapshot } from './text-snapshot.js';

function fixture(name: string): HTMLElement {
  document.body.innerHTML = readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');
  return document.body;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('textSnapshot', () => {
  it('outlines an issues page: landmarks, controls with values and states, tables, hidden parts skipped', () => {
    expect(textSnapshot(fixture('issues-page.html')).split('\n')).toEqual([
      'banner',
      '  [link] Sightline → /',
      '  navigation Main',
      '    - [link] Dashboard → /dashboard',
      '    - [link] Issues → /issues (current)',
      '    - [link] Settings → /settings',
      '  [button] Account menu (collapsed)',
      'main',
      '  h1 Issues',
      '  Errors grouped by fingerprint, last 24 hours.',
      '  form Filters',
      '    [combobox] Environment = staging (options: production, staging, development)',
      '    [checkbox] Only unresolved (checked)',
      '    [searchbox] Search issues = "checkout"',
      '    [button] Apply (disabled)',
      '  table Top issues',
      '    | Title | Events | Users |',
      "    | TypeError: Cannot read properties of undefined (reading 'id') | 1,204 | 311 |",
      '    | ChunkLoadError: Loading chunk 7 failed | 88 | 40 |',
      '  but this shows',
      '  [button] Advanced (collapsed)',
      '  region Tags',
      '    h2 Tags',
      '    browser: Chrome 131',
      '    release:4.2.0',
      '  TypeError: Cannot read properties of undefined',
      '      at renderRow (src/table.tsx:42:7)',
      '      at map (native)',
      'contentinfo',
      '  © 2026 Sightline · [link] Status → /status',
    ]);
  });

  it('outlines a div-heavy dashboard: ARIA widgets, labelled-by names, images by alt text', () => {
    expect(textSnapshot(fixture('dashboard-page.html')).split('\n')).toEqual([
      'complementary',
      '  navigation Sections',
      '    [link] Dashboard → /dashboard (current)',
      '    [link] Issues → /issues',
      'toolbar Dashboard filters',
      '  tablist Time range',
      '    [tab] 1h',
      '    [tab] 24h (selected)',
      '    [tab] 7d',
      '  Environment',
      '  [combobox] Environment = production (collapsed)',
      '  [button] Auto refresh (pressed)',
      'h3 Error rate',
      '+12%',
      '2.1% of requests',
      'h3 p95 latency',
      '412 ms',
      '[progressbar] SLO budget used = 64%',
      'h3 Releases',
      '- [link] 4.2.0 → /releases/4.2.0 today',
      '- [link] 4.1.9 → /releases/4.1.9 yesterday',
      'h3 Checkout funnel',
      '[img] Funnel chart: 62% of carts reach payment',
    ]);
  });

  it('caps the outline at the token budget and says how much was left out', () => {
    const rows = Array.from(
      { length: 400 },
      (_, index) => `<p>Log line ${index}: request served in ${index} ms</p>`,
    );
    document.body.innerHTML = rows.join('');
    const capped = textSnapshot(document.body, { budgetTokens: 200 });
    const lines = capped.split('\n');
    expect(countTokens(capped)).toBeLessThanOrEqual(200);
    expect(lines[0]).toBe('Log line 0: request served in 0 ms');
    expect(lines.at(-1)).toBe(
      `… ${400 - (lines.length - 1)} more lines of the page left out (token budget)`,
    );
    expect(
      textSnapshot(document.body, { budgetTokens: Number.POSITIVE_INFINITY }).split('\n'),
    ).toHaveLength(400);
  });

  it('caps table rows and names fields from their labels', () => {
    const body = Array.from({ length: 60 }, (_, index) => `<tr><td>row ${index}</td></tr>`).join(
      '',
    );
    document.body.innerHTML = `
      <table aria-label="Events"><tbody>${body}</tbody></table>
      <label>Owner <input value="ada"></label>
      <input id="q" aria-labelledby="q-label missing"><span id="q-label">Query</span>
      <textarea placeholder="Comment"></textarea>
      <input type="password" aria-label="Token" value="secret">
      <button>Sign in as <input type="password" value="hidden-secret"></button>`;
    const lines = textSnapshot(document.body, { maxTableRows: 2 }).split('\n');
    expect(lines).toEqual([
      'table Events',
      '  | row 0 |',
      '  | row 1 |',
      '  … 58 more rows',
      '[textbox] Owner = "ada"',
      '[textbox] Query',
      'Query',
      '[textbox] Comment',
      '[textbox] Token = "••••"',
      '[button] Sign in as ••••',
    ]);
  });

  it('names charts or joins their labels, and skips what is marked to ignore', () => {
    document.body.innerHTML = `
      <svg><title>Errors per hour</title><text>0</text><text>100</text></svg>
      <svg><text>Mon</text><text>Tue</text><text>Wed</text></svg>
      <section data-page-context-ignore><pre># Page</pre></section>`;
    expect(textSnapshot(document.body).split('\n')).toEqual([
      '[img] Errors per hour',
      '[graphic] Mon Tue Wed',
    ]);
  });
  it('never leaks hidden content: closed <details> text, hidden table/list parts, hidden label text, invisible controls', () => {
    document.body.innerHTML = `
      <details><summary>More</summary>secret-details</details>
      <table><tbody hidden><tr><td>secret-row</td></tr></tbody><tbody><tr><td>shown-row</td></tr></tbody></table>
      <dl><div hidden><dt>secret-term</dt><dd>secret-dd</dd></div><dt>Env</dt><dd>prod</dd></dl>
      <label>Name <span hidden>secret-label</span><span aria-hidden="true">secret-aria</span><input value="Ada"></label>
      <label>Opt <input type="checkbox"><span hidden><input type="checkbox" aria-label="secret-box"></span></label>
      <div style="visibility: hidden"><button>secret-button</button></div>
      <label>Password <input type="password" value="hunter2"></label>`;
    const text = textSnapshot(document.body);
    expect(text).not.toMatch(/secret|hunter2/);
    expect(text.split('\n')).toEqual([
      '[button] More (collapsed)',
      'table',
      '  | shown-row |',
      'Env: prod',
      '[textbox] Name = "Ada"',
      '[checkbox] Opt (not checked)',
      '[textbox] Password = "••••"',
    ]);
  });
});
