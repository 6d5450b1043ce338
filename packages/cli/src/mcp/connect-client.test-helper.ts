/**
 * Test helper: a Sightline MCP server for a repository, connected to an SDK client through the
 * SDK's in-memory transport pair.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createSightlineServer } from './create-server.js';
import {
  createRepositoryContext,
  type RepositoryContext,
  type RepositoryContextOptions,
} from './repository-context.js';

/** A connected client and what to close after the test. */
export interface ConnectedClient {
  client: Client;
  context: RepositoryContext;
  /** Calls a tool and returns its result as a `CallToolResult`. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Starts a server for `options.repo` and connects a client to it.
 * @param options - the repository context's options (`cacheDir: false` is a good test default).
 * @returns the client, its context, and a close function.
 */
export async function connectClient(options: RepositoryContextOptions): Promise<ConnectedClient> {
  const context = await createRepositoryContext(options);
  const server = createSightlineServer(context);
  const client = new Client({ name: 'sightline-test', version: '0.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    context,
    call: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
    async close() {
      await client.close();
      await server.close();
      context.close();
    },
  };
}

/**
 * The text of a tool result's first content block.
 * @param result - a tool result.
 * @returns its text, or `''` when the first block is not text.
 */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A JSON-RPC `initialize` request, as a client without an SDK sends it first. */
export const INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'test', version: '0' },
  },
};
