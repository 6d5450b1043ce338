// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const page = { groups: [], total: 0, offset: 0, limit: 200 };
const inbox = vi.fn(async () => page);
vi.mock('./client.js', () => ({ api: { inbox }, ApiError: class extends Error {} }));
const { earlyInboxSettled, fetchInboxEarly } = await import('./early-inbox.js');
const { useInbox } = await import('./queries.js');

afterEach(cleanup);

function Inbox() {
  const { data } = useInbox({ limit: 200 });
  return <p>{data ? `${data.total} groups` : 'loading'}</p>;
}

describe('the inbox query on a first load', () => {
  it('shows the early page and does not fetch it again', async () => {
    fetchInboxEarly({ limit: 200 });
    await earlyInboxSettled(1_000);
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Inbox />
      </QueryClientProvider>,
    );
    expect(view.container.textContent).toBe('0 groups');
    // A refetch on mount would have been started by now (TanStack starts it in an effect).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(inbox).toHaveBeenCalledTimes(1);
    // A live update (a group changed) still fetches it again.
    await act(() => client.invalidateQueries({ queryKey: ['inbox'] }));
    expect(inbox).toHaveBeenCalledTimes(2);
  });
});
