/**
 * `usePageAction(name, action)`: declares something the agent may do on the enclosing node. The
 * handler is kept in a ref, so it always sees the component's latest state and a new closure on
 * each render does not re-register the action.
 */
import { useEffect, useRef } from 'react';
import type { PageAction } from '../types.js';
import { useNode } from './page-node-context.js';

/**
 * Declares an action on the enclosing wrapped component's node; it becomes the AI SDK tool
 * `<name>` (or `<id>__<name>` when other nodes declare the same name) in `toTools`. Define `input` once (module scope or `useMemo`): a new schema
 * object re-declares the action.
 * @param name - action name, `^[a-zA-Z0-9_-]+$` (other characters are replaced in the tool name).
 * @param action - `description` (one line for the model), `input` (zod schema), `handler`.
 * @throws SightlineError `INVALID_ARGUMENT` inside a provider but outside a component wrapped with
 *   `withPageContext`; outside a provider it does nothing.
 * @example
 * const rangeInput = z.object({ range: z.enum(['1h', '24h', '7d']) });
 * usePageAction('set_range', { description: 'Change the time range', input: rangeInput,
 *   handler: ({ range }) => setRange(range) });
 */
export function usePageAction<Input>(name: string, action: PageAction<Input>): void {
  const node = useNode('usePageAction');
  const handler = useRef(action.handler);
  useEffect(() => {
    handler.current = action.handler;
  });
  const { description, input } = action;
  useEffect(
    () =>
      node?.addAction(name, {
        description,
        input,
        handler: (value: Input) => handler.current(value),
      }),
    [node, name, description, input],
  );
}
