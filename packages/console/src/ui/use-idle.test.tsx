// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
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

  it('turns true once the browser is idle', () => {
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
  });
});
