import { describe, expect, it } from 'vitest';
import { factsMissingFromDelta } from './delta-recall.js';

const previous = [
  '# Page: issues',
  '## table: Tasks [tasks]',
  'page: 1',
  'rows:',
  '| id | title |',
  '| --- | --- |',
  '| T-1 | Write docs |',
  '### [filters]',
  '_Token budget — shortened: filters. Call expand_node({id}) to read any of them._',
].join('\n');

describe('factsMissingFromDelta', () => {
  it('finds nothing missing when the delta carries every new value, whatever its format', () => {
    const current = previous
      .replace('page: 1', 'page: 2')
      .replace('| T-1 | Write docs |', '| T-2 | Review PR |');
    const delta = [
      '# Page changes (v3 → v4)',
      '~ table: Tasks [tasks]: page: 2 (was 1)',
      '  rows:',
      '  | id | title |',
      '  | --- | --- |',
      '  | T-2 | Review PR |',
    ].join('\n');
    expect(factsMissingFromDelta(previous, current, delta)).toEqual([]);
  });

  it('names the facts the page shows now that the delta does not (a node no longer shortened)', () => {
    const current = previous
      .replace(
        '_Token budget — shortened: filters. Call expand_node({id}) to read any of them._',
        '',
      )
      .replace('### [filters]', '### [filters]\nowner: ana\nstatus: open');
    expect(factsMissingFromDelta(previous, current, 'No page changes since v3.')).toEqual([
      'owner: ana',
      'status: open',
    ]);
  });
});
