/**
 * The page's tools as AI SDK tools in Node: definitions read from the page (`toolDefinitions`),
 * calls run in the page (`callTool`), exactly as the in-page agent would run them. Lets a model
 * driven from Node (tests, the eval harness, benchmarks) act on the app open in Chromium.
 */

import type { PageHookToolDefinition } from '@sightline/page-context/react';
import { jsonSchema, type ToolSet, tool } from 'ai';
import type { Page } from 'playwright-core';

/**
 * @param page - a tab of the app with `window.__sightline` ready (see `openPage`).
 * @returns the tool definitions as the page declares them now.
 */
export function pageToolDefinitions(page: Page): Promise<PageHookToolDefinition[]> {
  return page.evaluate(() => {
    if (!window.__sightline) throw new Error('window.__sightline is missing');
    return window.__sightline.toolDefinitions();
  });
}

/**
 * @param page - a tab of the app with `window.__sightline` ready.
 * @returns one AI SDK tool per page tool; `execute` runs it in the page and returns its result
 *   (error values included, as the page returns them).
 */
export async function pageTools(page: Page): Promise<ToolSet> {
  const tools: ToolSet = {};
  for (const definition of await pageToolDefinitions(page)) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: (input: unknown) =>
        page.evaluate(([name, value]) => window.__sightline?.callTool(name, value), [
          definition.name,
          input,
        ] as const),
    });
  }
  return tools;
}
