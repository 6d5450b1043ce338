/**
 * A guard against double submits. TanStack Query tells the page a mutation is pending a task
 * later (its notify scheduler), so a double click or Enter pressed twice lands before React
 * disables the button, and sends the request twice (two sources of one name, two token
 * rotations, the second refused with the token the first replaced).
 */
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * `mutation.mutate` that starts nothing while the last call it started is in flight (until its
 * request settles, success or failure, whatever else called the mutation meanwhile). Disable the
 * button with `mutation.isPending` as well: this covers the moment before that reaches the page.
 * @returns `(variables, options?) => void`, the options as `mutate` takes them.
 */
export function useOneAtATime<TData, TError, TVariables, TOnMutateResult>(
  mutation: UseMutationResult<TData, TError, TVariables, TOnMutateResult>,
): (
  variables: TVariables,
  options?: MutateOptions<TData, TError, TVariables, TOnMutateResult>,
) => void {
  const inFlight = useRef(false);
  return (variables, options) => {
    if (inFlight.current) return;
    inFlight.current = true;
    // Released when this call's own request settles, not in its onSettled: another mutate on the
    // same mutation (an assistant action's mutateAsync) drops this call's callbacks, and the guard
    // would stay shut.
    mutation
      .mutateAsync(variables, options)
      .catch(() => {})
      .finally(() => {
        inFlight.current = false;
      });
  };
}
