import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePageAction } from '../actions/page-action.js';
import { toMarkdown } from '../render/to-markdown.js';
import { createPageContextRegistry } from './create-page-context-registry.js';
import { toJSON } from './to-json.js';

describe('toJSON', () => {
  it('drops run and details and survives a JSON round trip unchanged', () => {
    const registry = createPageContextRegistry({ now: () => 7 });
    registry.setLocation({ route: 'issues', query: { env: ['a', 'b'] } });
    registry.register({ id: 'p', type: 'page' });
    registry.register({
      id: 'c',
      type: 'chart',
      parentId: 'p',
      data: { points: 2 },
      details: () => [1, 2],
      actions: {
        zoom: definePageAction({
          description: 'Zoom',
          input: z.object({ factor: z.number() }),
          handler: () => undefined,
        }),
      },
    });
    registry.register({ id: 'o', type: 'orphan', parentId: 'gone' });
    const json = toJSON(registry.snapshot());
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    const chart = json.roots[0]?.children[0];
    expect(chart).toEqual({
      id: 'c',
      type: 'chart',
      priority: 0,
      data: { points: 2 },
      actions: [
        {
          name: 'zoom',
          description: 'Zoom',
          toolName: 'zoom',
          inputSchema: expect.objectContaining({ type: 'object' }),
        },
      ],
      hasDetails: true,
      children: [],
    });
    expect(json).toMatchObject({
      version: 4,
      takenAt: 7,
      nodeCount: 3,
      location: { route: 'issues', query: { env: ['a', 'b'] } },
    });
    expect(json.roots[1]).toMatchObject({ id: 'o', missingParentId: 'gone' });
  });

  it('gives toMarkdown the same text as the live snapshot (server side)', () => {
    const registry = createPageContextRegistry();
    registry.setLocation({ route: 'dashboard', query: { env: 'production' } });
    const page = registry.register({
      type: 'dashboard',
      priority: 10,
      data: { title: 'API health' },
    });
    for (let index = 0; index < 6; index++) {
      registry.register({
        type: 'widget',
        parentId: page,
        priority: index,
        data: { title: `Widget ${index}`, value: `${index}%` },
        details: () => index,
      });
    }
    const snapshot = registry.snapshot();
    const json = JSON.parse(JSON.stringify(toJSON(snapshot)));
    expect(toMarkdown(json, { budgetTokens: 60 })).toBe(toMarkdown(snapshot, { budgetTokens: 60 }));
    expect(toMarkdown(json)).toBe(toMarkdown(snapshot));
  });
});
