import { describe, expect, it } from 'vitest';
import type { PageSnapshotNodeJson } from '../types.js';
import { nodeBlock } from './node-block.js';

const caps = { maxTableRows: 10, maxTableColumns: 8 };

function node(overrides: Partial<PageSnapshotNodeJson> = {}): PageSnapshotNodeJson {
  return {
    id: 'w1',
    type: 'widget',
    priority: 0,
    data: { title: 'Errors', value: 3, unit: '%', trend: 'up', owner: 'api' },
    actions: [],
    hasDetails: false,
    children: [],
    ...overrides,
  };
}

describe('nodeBlock', () => {
  it('renders the heading (id only when usable) and facts in full, and a three-fact summary', () => {
    const block = nodeBlock(
      node({
        hasDetails: true,
        actions: [
          {
            name: 'mute',
            description: 'Mute',
            toolName: 'mute',
            inputSchema: { type: 'object', properties: { minutes: { type: 'number' } } },
          },
        ],
      }),
      1,
      caps,
    );
    expect(block.full).toBe('### widget: Errors [w1]\nvalue:3\nunit: %\ntrend: up\nowner: api');
    expect(block.summary).toBe('### widget: Errors [w1]\nvalue:3\nunit: %\ntrend: up');
    expect(nodeBlock(node({ data: { title: 'Plain', value: 1 } }), 0, caps).full).toBe(
      '## widget: Plain\nvalue:1',
    );
  });

  it('reuses the block for the same data object and re-renders when anything shown changes', () => {
    const first = node();
    const block = nodeBlock(first, 0, caps);
    expect(nodeBlock({ ...first }, 0, caps)).toBe(block);
    expect(nodeBlock({ ...first }, 2, caps).full).toMatch(/^#### widget/);
    expect(block.full).not.toContain('[w1]');
    expect(nodeBlock({ ...first, hasDetails: true }, 0, caps).full).toContain('[w1]');
    expect(nodeBlock({ ...first, id: 'w2', hasDetails: true }, 0, caps).full).toContain('[w2]');
    expect(
      nodeBlock({ ...first, data: { ...(first.data as object), value: 4 } }, 0, caps).full,
    ).toContain('value:4');
  });

  it('writes an id equal to the type once, as the bracketed type', () => {
    const filters = node({
      id: 'filters',
      type: 'filters',
      hasDetails: true,
      data: { env: 'prod' },
    });
    expect(nodeBlock(filters, 0, caps).full).toBe('## [filters]\nenv: prod');
    const titled = node({
      id: 'dashboard',
      type: 'dashboard',
      hasDetails: true,
      data: { title: 'Health' },
    });
    expect(nodeBlock(titled, 0, caps).full).toBe('## [dashboard]: Health');
  });

  it('uses the full block as summary when shortening saves nothing, and caps heading depth', () => {
    const bare = node({ data: null, type: 'section' });
    const block = nodeBlock(bare, 9, caps);
    expect(block.full).toBe('###### section');
    expect(block.summary).toBe(block.full);
  });
});
