// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { PageContextPayload } from '../chat/page-context-payload.js';
import { PageContextProvider } from '../react/page-context-provider.js';
import { usePageAction } from '../react/use-page-action.js';
import { usePageContext } from '../react/use-page-context.js';
import { withPageContext } from '../react/with-page-context.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { usePageChat } from './use-page-chat.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Environment = withPageContext('environment picker', function Environment() {
  const [environment, setEnvironment] = useState('production');
  usePageContext({ environment });
  usePageAction('set_environment', {
    description: 'Switch the environment',
    input: z.object({ environment: z.enum(['production', 'staging']) }),
    // Settles after the response that called it has ended, as a slow or confirmed action does.
    handler: async ({ environment: next }) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      setEnvironment(next);
      return { environment: next };
    },
  });
  return <p>Environment {environment}</p>;
});

function Chat() {
  const chat = usePageChat();
  return (
    <>
      <button type="button" onClick={() => chat.send('show me staging')}>
        send
      </button>
      <output>{chat.status}</output>
    </>
  );
}

/** A chat route answering the first request with a call of `set_environment`, the next with text. */
function chatRoute(bodies: { pageContext: PageContextPayload }[]) {
  return vi.fn(async (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    const first = bodies.length === 1;
    const stream = createUIMessageStream({
      execute: ({ writer }) => {
        writer.write({ type: 'start' });
        writer.write({ type: 'start-step' });
        if (first) {
          writer.write({
            type: 'tool-input-available',
            toolCallId: 'call-1',
            toolName: 'set_environment',
            input: { environment: 'staging' },
          });
        } else {
          writer.write({ type: 'text-start', id: 't' });
          writer.write({ type: 'text-delta', id: 't', delta: 'Done.' });
          writer.write({ type: 'text-end', id: 't' });
        }
        writer.write({ type: 'finish-step' });
        writer.write({ type: 'finish' });
      },
    });
    return createUIMessageStreamResponse({ stream });
  });
}

describe('usePageChat', () => {
  it('sends the page as a page action left it with the action’s tool output', async () => {
    const bodies: { pageContext: PageContextPayload }[] = [];
    vi.stubGlobal('fetch', chatRoute(bodies));
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Environment />
        <Chat />
      </PageContextProvider>,
    );
    screen.getByRole('button', { name: 'send' }).click();
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]?.pageContext.markdown).toMatch(/environment.*production/);
    // The second request carries the tool output: the page it describes has the action's effect.
    expect(bodies[1]?.pageContext.markdown).toMatch(/environment.*staging/);
    expect(bodies[1]?.pageContext.markdown).not.toMatch(/environment.*production/);
    await waitFor(() => expect(screen.getByText('Environment staging')).toBeDefined());
  });
});
