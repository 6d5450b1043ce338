/**
 * CopilotKit's own serialization of the same facts and actions, for the side-by-side benchmark.
 * `@copilotkit/react-core`'s `useCopilotReadable({ description, value })` calls
 * `copilotkit.addContext({ description, value: JSON.stringify(value) })` on the `CopilotKitCore` of
 * `@copilotkit/core` (react-core 1.74 `dist/copilotkit-*.mjs`); its actions are that core's
 * `addTool({ name, description, parameters })` with a zod schema, and the tools an agent receives
 * come from `core.buildFrontendTools()`. Both are called here on a real `CopilotKitCore` (no React,
 * no network: the v2 React entry imports CSS, which Node cannot load; the hooks are thin wrappers
 * over these two calls).
 *
 * Pattern of use modelled: one readable per opted-in component (the page-context node's data,
 * described by its type and title) and one frontend tool per declared action.
 */
import { CopilotKitCore } from '@copilotkit/core';
import type { PageSnapshotJson, PageSnapshotNodeJson } from '@sightline/page-context';
import type { z } from 'zod';
import type { ToolDefinition } from './provider-tools.js';

function titleOf(node: PageSnapshotNodeJson): string | undefined {
  const data = node.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  for (const key of ['title', 'name', 'label', 'heading']) {
    const value = (data as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

function nodesOf(snapshot: PageSnapshotJson): PageSnapshotNodeJson[] {
  const all: PageSnapshotNodeJson[] = [];
  const walk = (node: PageSnapshotNodeJson) => {
    all.push(node);
    node.children.forEach(walk);
  };
  snapshot.roots.forEach(walk);
  return all;
}

type CopilotKitTool = { name: string; description: string; parameters: unknown };

/** What CopilotKit holds and sends for a page. */
export interface CopilotKitPage {
  /** The context entries as `addContext` stored them. */
  context: { description: string; value: string }[];
  /**
   * The context as text for the model: `<description>:\n<value>` per entry, blank line between.
   * A lower bound: the runtime that formats it into the prompt adds its own header and wording.
   */
  text: string;
  /** The frontend tools as `buildFrontendTools()` returns them. */
  tools: ToolDefinition[];
}

/**
 * @param snapshot - the page's registry snapshot (one readable per node, the node's data as value).
 * @param actionInputs - zod input schema by action name (the ones the app declares).
 * @returns CopilotKit's context and tools for the page.
 * @throws Error when an action of the page has no schema in `actionInputs`.
 */
export function copilotKitPage(
  snapshot: PageSnapshotJson,
  actionInputs: Readonly<Record<string, z.ZodObject>>,
): CopilotKitPage {
  const core = new CopilotKitCore({});
  const declared = new Map<string, { description: string; parameters: z.ZodObject }>();
  for (const node of nodesOf(snapshot)) {
    const title = titleOf(node);
    core.addContext({
      description: title ? `${node.type}: ${title}` : node.type,
      value: JSON.stringify(node.data),
    });
    for (const action of node.actions) {
      const parameters = actionInputs[action.name];
      if (!parameters) throw new Error(`No zod schema for action ${action.name}`);
      declared.set(action.name, { description: action.description, parameters });
    }
  }
  for (const [name, { description, parameters }] of declared) {
    core.addTool({ name, description, parameters, handler: async () => undefined });
  }
  const context = Object.values(core.context).map(({ description, value }) => ({
    description,
    value,
  }));
  return {
    context,
    text: context.map((entry) => `${entry.description}:\n${entry.value}`).join('\n\n'),
    // What `runAgent` sends as the agent's tools; private in the typings, hence the index access.
    // biome-ignore lint/complexity/useLiteralKeys: TypeScript refuses the dot form on a private member
    tools: core['buildFrontendTools'](undefined).map((t: CopilotKitTool) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.parameters,
    })),
  };
}
