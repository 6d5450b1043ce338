import { describe, expect, it } from 'vitest';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { diff } from './diff.js';
import { diffToMarkdown } from './diff-to-markdown.js';

describe('diffToMarkdown', () => {
  it('writes one compact line per change, data of added nodes indented', () => {
    const registry = createPageContextRegistry();
    registry.setLocation({ route: 'issues' });
    registry.register({ id: 'page', type: 'dashboard' });
    registry.register({ id: 'w', type: 'widget', parentId: 'page', data: { title: 'Errors' } });
    registry.register({
      id: 'f',
      type: 'filters',
      parentId: 'page',
      data: { environment: 'staging', range: '24h', note: 'x'.repeat(200) },
    });
    const before = registry.snapshot();
    registry.setLocation({ route: 'issue-detail', params: { issueId: 'SL-42' } });
    registry.unregister('w');
    registry.register({
      id: 'l',
      type: 'widget',
      parentId: 'page',
      data: { title: 'Latency', p95: '120 ms', rows: [{ a: 1 }] },
    });
    registry.update('f', {
      data: { environment: 'production', range: '7d', note: 'y'.repeat(200) },
    });
    const text = diffToMarkdown(diff(before, registry.snapshot()), { maxPreviousValueLength: 10 });
    expect(text).toBe(
      [
        `# Page changes (v${before.version} → v${registry.version})`,
        'location: issues → issue-detail (issueId=SL-42)',
        '+ widget: Latency [l] in page',
        '  p95:120 ms',
        '  rows:',
        '  | a |',
        '  | --- |',
        '  |1 |',
        '- widget: Errors [w]',
        `~ filters [f]: environment: production (was staging); range:7d (was 24h); note: ${'y'.repeat(200)} (was xxxxxxxxx…)`,
      ].join('\n'),
    );
  });

  it('says when nothing changed, and lists every change of a node', () => {
    const registry = createPageContextRegistry();
    registry.register({ id: 'n', type: 'form', data: { a: 1, b: 1, c: 1 } });
    const before = registry.snapshot();
    expect(diffToMarkdown(diff(before, registry.snapshot()))).toBe(
      `No page changes since v${before.version}.`,
    );
    registry.update('n', { data: { a: 2, b: 2, c: 2 } });
    expect(diffToMarkdown(diff(before, registry.snapshot()))).toContain(
      '~ form [n]: a:2 (was 1); b:2 (was 1); c:2 (was 1)',
    );
  });

  it('writes a changed list as its new rows, not as a count, and a selected filter by value', () => {
    const registry = createPageContextRegistry();
    const rows = (titles: string[]) =>
      titles.map((title, index) => ({ id: `T-${index + 1}`, title }));
    registry.register({
      id: 'tasks',
      type: 'table',
      data: {
        title: 'Tasks',
        filters: ['status=open'],
        page: 1,
        rows: rows(['Write docs', 'Fix login', 'Ship']),
      },
    });
    const before = registry.snapshot();
    registry.update('tasks', {
      data: {
        title: 'Tasks',
        filters: ['status=open', 'owner=ana'],
        page: 2,
        rows: rows(['Review PR']),
      },
    });
    expect(diffToMarkdown(diff(before, registry.snapshot()))).toBe(
      [
        `# Page changes (v${before.version} → v${registry.version})`,
        '~ table: Tasks [tasks]: filters: status=open, owner=ana (was status=open); page:2 (was 1)',
        '  rows:',
        '  | id | title |',
        '  | --- | --- |',
        '  | T-1 | Review PR |',
      ].join('\n'),
    );
  });
});
