/**
 * `usePageAction(name, action)`: declares something the agent may do on the page, from any
 * component inside the provider: on the nearest opted-in ancestor's node, or on the node the
 * component registered itself (`node`, the id `usePageContext(data, { type })` returned). The
 * handler is kept in a ref, so it always sees the component's latest state; the action is declared
 * again only when what the model sees changes (name, description, the input's JSON Schema), so a
 * schema built inline on each render costs nothing.
 */
import { useContext, useEffect, useId, useRef } from 'react';
import { actionInputSchema } from '../actions/page-action.js';
import type { PageAction } from '../types.js';
import { useOptionalRegistry } from './page-context-provider.js';
import { PageNodeContext } from './page-node-context.js';
import { declareAction } from './page-node-handle.js';
import { warnOnce } from './warn-once.js';

/** What {@link usePageAction} takes: a page action, and optionally the node it belongs to. */
export interface UsePageActionOptions<Input> extends PageAction<Input> {
  /**
   * Id of the node the action belongs to, as returned by `usePageContext(data, { type })` in the
   * same component. Default: the nearest opted-in ancestor.
   */
  node?: string;
}

/**
 * Declares an action; it becomes the AI SDK tool `<name>` (or `<id>__<name>` when a node
 * registered earlier declares the same name) in `toTools`.
 * @param name - action name, `^[a-zA-Z0-9_-]+$` (other characters are replaced in the tool name).
 * @param action - `description` (one line for the model), `input` (zod object schema), `handler`
 *   (`(input, { reportProgress })`), optionally `node`, `enabled` (false: not offered now) and
 *   `confirm` (`true` or `'if-untrusted'`: the tool call waits for the user's answer).
 * @example
 * const rangeInput = z.object({ range: z.enum(['1h', '24h', '7d']) });
 * usePageAction('set_range', { description: 'Change the time range', input: rangeInput,
 *   handler: ({ range }) => setRange(range) });
 */
export function usePageAction<Input>(name: string, action: UsePageActionOptions<Input>): void {
  const registry = useOptionalRegistry('usePageAction');
  const anchor = useContext(PageNodeContext);
  const token = useId();
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  const { description, input, node: nodeId, enabled = true, confirm = false } = action;
  const schemaKey = JSON.stringify(actionInputSchema(input));
  // biome-ignore lint/correctness/useExhaustiveDependencies: schemaKey stands for the input schema (read from the ref): a new schema object with the same JSON Schema is the same action to the model.
  useEffect(() => {
    const target = nodeId ?? anchor?.id;
    if (!registry) return;
    if (target === undefined) {
      warnOnce(
        `usePageAction:${name}`,
        `usePageAction('${name}') has no opted-in ancestor to act on, so the agent does not get it; register a node first: const node = usePageContext(data, { type: '…' }); usePageAction('${name}', { …, node }).`,
      );
      return;
    }
    return declareAction(registry, target, token, name, {
      description,
      input: latest.current.input,
      handler: (value: Input, context) => latest.current.handler(value, context),
      enabled,
      confirm,
    });
  }, [registry, anchor, nodeId, name, description, schemaKey, token, enabled, confirm]);
}
