import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePageAction } from '../actions/page-action.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
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
});
