// @vitest-environment jsdom
import { countTokens } from '@sightline/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageContextProvider } from '../react/page-context-provider.js';
import { usePageAction } from '../react/use-page-action.js';
import { usePageContext } from '../react/use-page-context.js';
import { withPageContext } from '../react/with-page-context.js';
import { createPageContextRegistry } from '../registry/create-page-context-registry.js';
import { PageContextChat } from './page-context-chat.js';

afterEach(cleanup);

const Filter = withPageContext('filter', function Filter() {
  const [level, setLevel] = useState('all');
  usePageContext({ level });
  usePageAction('set_level', {
    description: 'Show one level',
    input: z.object({ level: z.enum(['all', 'fatal']) }),
    confirm: true,
    handler: ({ level: next }) => setLevel(next),
  });
  return <p>Level {level}</p>;
});

describe('PageContextChat inspector', () => {
  it('shows what the next message sends with its exact tokens, and runs a tool by hand', async () => {
    const registry = createPageContextRegistry();
    render(
      <PageContextProvider registry={registry}>
        <Filter />
        <PageContextChat defaultOpen />
      </PageContextProvider>,
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Inspector' }));
    // The reader is a lazy chunk, loaded with the tokenizer: the count is exact when it shows.
    const tokens = await screen.findByRole('status', { name: 'Tokens sent' }, { timeout: 20_000 });
    const sent = () => document.querySelector('[data-page-context-sent]')?.textContent ?? '';
    expect(sent()).toContain('level: all');
    expect(Number(tokens.textContent)).toBe(countTokens(sent()));

    const form = screen.getByRole('form', { name: 'Run a tool' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Tool input (JSON)' }), {
      target: { value: '{"level": "fatal"}' },
    });
    fireEvent.submit(form);
    // Declared with confirm: the click in the inspector is the user's answer; no question asked.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Tool result' }).textContent).toBe('{"ok":true}'),
    );
    expect(screen.getByText('Level fatal')).toBeTruthy();
    // usePageContext publishes in a passive effect, which React may run after the text is shown.
    await waitFor(() => expect(registry.snapshot().roots[0]?.data).toEqual({ level: 'fatal' }));
  });
});
