// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** `useIdle` from a fresh module each test: its "idle once" memory starts empty. */
let useIdle: typeof import('./use-idle.js').useIdle;
beforeEach(async () => {
  vi.resetModules();
  ({ useIdle } = await import('./use-idle.js'));
});

function Idle() {
  return <p>{useIdle(2_000) ? 'idle' : 'busy'}</p>;
}

describe('useIdle', () => {
  // Safari has no requestIdleCallback (jsdom neither): the console must still mount.
  it('turns true after the timeout where the browser has no idle callback', () => {
    expect(typeof globalThis.requestIdleCallback).toBe('undefined');
    vi.useFakeTimers();
    const view = render(<Idle />);
    expect(view.container.textContent).toBe('busy');
    act(() => vi.advanceTimersByTime(2_000));
    expect(view.container.textContent).toBe('idle');
  });

  it('turns true once the browser is idle, and is true at once for later mounts', () => {
    let idleCallback: () => void = () => {};
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idleCallback = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    const view = render(<Idle />);
    expect(view.container.textContent).toBe('busy');
    act(() => idleCallback());
    expect(view.container.textContent).toBe('idle');
    // A page mounted later (the inbox after a group page) need not wait for idle again.
    const later = render(<Idle />);
    expect(later.container.textContent).toBe('idle');
  });
});
