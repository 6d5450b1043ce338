// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/client.js';
import { sent } from '../ui/double-submit.test-helper.js';
import { AddSourceForm } from './add-source-form.js';
import { ApiTokenPanel } from './api-token-panel.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function withQueries(children: ReactNode, seed?: (client: QueryClient) => void) {
  const client = new QueryClient();
  seed?.(client);
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe('settings forms send one request while one is pending', () => {
  it('rotates the token once on a double click', async () => {
    const rotate = vi.spyOn(api, 'rotateToken').mockReturnValue(new Promise(() => {}));
    withQueries(<ApiTokenPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Rotate token…' }));
    const now = screen.getByRole('button', { name: 'Rotate now' });
    fireEvent.click(now);
    fireEvent.click(now);
    await sent(rotate);
    expect(rotate).toHaveBeenCalledTimes(1);
  });

  it('adds a source once when the form is submitted twice', async () => {
    const add = vi.spyOn(api, 'addSource').mockReturnValue(new Promise(() => {}));
    const kinds = [
      { kind: 'files', description: 'Files', pollIntervalMs: null, settings: [], secrets: [] },
    ];
    withQueries(<AddSourceForm onAdded={() => {}} />, (client) =>
      client.setQueryData(['source-kinds'], { kinds }),
    );
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'files' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'drop folder' } });
    const form = screen.getByRole('form', { name: 'Add a source' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await sent(add);
    expect(add).toHaveBeenCalledTimes(1);
  });
});
