import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { chatPageContext, PAGE_CONTEXT_HEADING, pageContextPayloadSchema } from './index.js';

const payload = {
  markdown: '[tasks] 2 open',
  tools: [
    {
      name: 'add_task',
      description: 'Add a task',
      inputSchema: {
        type: 'object',
        properties: { title: { type: 'string' } },
        required: ['title'],
      },
    },
  ],
};

describe('chatPageContext', () => {
  it('puts the page under the instructions and offers its actions without execute', async () => {
    const { system, tools } = chatPageContext('Be brief.', payload);
    expect(system).toBe(`Be brief.\n\n${PAGE_CONTEXT_HEADING}\n\n[tasks] 2 open`);
    expect(Object.keys(tools)).toEqual(['add_task']);
    expect(tools.add_task?.execute).toBeUndefined();
    expect(tools.add_task?.description).toBe('Add a task');
    expect(await asSchema(tools.add_task?.inputSchema).jsonSchema).toEqual(
      payload.tools[0]?.inputSchema,
    );
  });

  it('gives the instructions alone without a page', () => {
    expect(chatPageContext('Be brief.', undefined)).toEqual({ system: 'Be brief.', tools: {} });
  });
});

describe('pageContextPayloadSchema', () => {
  it('accepts what the browser sends and says which tool name is invalid', () => {
    expect(pageContextPayloadSchema.parse(payload)).toEqual(payload);
    const bad = pageContextPayloadSchema.safeParse({
      ...payload,
      tools: [{ ...payload.tools[0], name: 'add task' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['tools', 0, 'name']);
    expect(bad.error?.issues[0]?.message).toContain('1-64');
  });
});
