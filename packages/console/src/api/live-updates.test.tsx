// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './live-updates.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An events answer that sends `text` and then stays open until aborted. */
function eventStream(text: string, signal: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      signal.addEventListener('abort', () => controller.error(signal.reason));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

function Page({ fetchInbox }: { fetchInbox: () => Promise<number> }) {
  const state = useLiveUpdates();
  const { data } = useQuery({
    queryKey: ['inbox', { limit: 200 }],
    queryFn: fetchInbox,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <p>{`${state} ${data ?? '-'}`}</p>;
}

describe('live updates', () => {
  it('fetches the pages on screen again once a first connection is ready', async () => {
    const requests: (string | null)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      requests.push(new Headers(init.headers).get('last-event-id'));
      return eventStream('event: ready\ndata: {}\n\n', init.signal as AbortSignal);
    });
    let version = 0;
    const fetchInbox = vi.fn(async () => {
      version += 1;
      return version;
    });
    const client = new QueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <Page fetchInbox={fetchInbox} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(view.container.textContent).toBe('live 2'));
    expect(fetchInbox).toHaveBeenCalledTimes(2);
    expect(requests).toEqual([null]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetchInbox).toHaveBeenCalledTimes(2);
  });
});
