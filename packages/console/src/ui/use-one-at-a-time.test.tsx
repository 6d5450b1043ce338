// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time.js';

afterEach(cleanup);

describe('useOneAtATime', () => {
  it('takes the next call once its request settled, even after another caller used the same mutation', async () => {
    // The group page's assistant actions call mutateAsync on the mutation its buttons guard. A
    // second mutate replaces the first call's callbacks (TanStack's MutationObserver keeps the
    // latest call's only), so a guard released in onSettled stayed shut: the button did nothing.
    const sent: string[] = [];
    const answers: (() => void)[] = [];
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        const mutation = useMutation({
          mutationFn: (id: string) => {
            sent.push(id);
            return new Promise<void>((resolve) => answers.push(resolve));
          },
        });
        return { mutation, once: useOneAtATime(mutation) };
      },
      { wrapper },
    );
    act(() => result.current.once('button'));
    act(() => result.current.once('double click'));
    let assistant: Promise<void> | undefined;
    act(() => {
      assistant = result.current.mutation.mutateAsync('assistant');
    });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => {
      for (const answer of answers) answer();
      await assistant;
    });
    act(() => result.current.once('next click'));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual(['button', 'assistant', 'next click']);
  });
});
