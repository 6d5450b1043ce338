import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { renderMarkdown } from '../render/to-markdown.js';
import { toTools } from '../tools/to-tools.js';
import { runPageTool, toPageContextPayload } from './page-context-payload.js';

function page() {
  const registry = createPageContextRegistry();
  const added: string[] = [];
  registry.register({
    id: 'tasks',
    type: 'tasks',
    data: { open: 2 },
    actions: {
      add_task: {
        description: 'Add a task',
        input: z.object({ title: z.string() }),
        handler: ({ title }: { title: string }) => {
          added.push(title);
          return { added: title };
        },
      },
    },
  });
  const snapshot = registry.snapshot();
  return { added, markdown: renderMarkdown(snapshot).markdown, tools: toTools(snapshot) };
}

describe('toPageContextPayload', () => {
  it('sends the Markdown and each tool with its JSON Schema', async () => {
    const { markdown, tools } = page();
    const payload = await toPageContextPayload({ markdown, tools });
    expect(payload.markdown).toContain('tasks');
    const addTask = payload.tools.find((definition) => definition.name === 'add_task');
    expect(addTask?.description).toBe('Add a task');
    expect(addTask?.inputSchema).toMatchObject({
      type: 'object',
      properties: { title: { type: 'string' } },
    });
    expect(payload.tools.map((definition) => definition.name)).toContain('expand_node');
  });
});

describe('runPageTool', () => {
  it('runs a page action and returns its result; a server tool is not the page’s', async () => {
    const { added, tools } = page();
    const output = await runPageTool(tools, {
      toolName: 'add_task',
      input: { title: 'Ship it' },
      toolCallId: 'c1',
    });
    expect(output).toEqual({ added: 'Ship it' });
    expect(added).toEqual(['Ship it']);
    const invalid = await runPageTool(tools, { toolName: 'add_task', input: {}, toolCallId: 'c2' });
    expect(invalid).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } });
    expect(await runPageTool(tools, { toolName: 'read_stored', input: {}, toolCallId: 'c3' })).toBe(
      undefined,
    );
  });
});
