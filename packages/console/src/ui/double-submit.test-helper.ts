/**
 * Double-submit tests of the console's forms: TanStack Query tells the page a mutation is pending
 * a task later (its notify scheduler), so a double click or Enter pressed twice lands before React
 * disables the button. The tests click twice and count the requests.
 */
import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** Waits until `request` was sent, and a task more, so a second request would be seen too. */
export async function sent(request: unknown): Promise<void> {
  await vi.waitFor(() => expect(request).toHaveBeenCalled());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** A request that never answers: the first stays in flight while the second click lands. */
export const never = (): Promise<never> => new Promise<never>(() => {});
