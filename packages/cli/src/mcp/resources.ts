/**
 * The server's resources: the diagnosis JSON Schema, and the repository map, which clients may
 * subscribe to (`resources/subscribe`): after a change in the repository the map is rendered
 * again and, when it differs, subscribers get `notifications/resources/updated`.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { renderRepositoryMap } from '@sightline/codebase';
import { diagnosisJsonSchema } from '@sightline/investigator';
import { DEFAULT_MAP_TOKENS } from './map-tool.js';
import type { RepositoryContext } from './repository-context.js';

/** URI of the diagnosis JSON Schema (draft 2020-12). */
const DIAGNOSIS_SCHEMA_URI = 'sightline://diagnosis-schema';
/** URI of the repository map. */
const REPO_MAP_URI = 'sightline://repo-map';

/**
 * Declares the resource capabilities (with subscriptions) on `server`; call before connecting.
 * @param server - the MCP server.
 * @param context - the repository, whose changes update the map.
 * @param log - receives a line when an update cannot be sent. Default: dropped.
 */
export function registerResources(
  server: McpServer,
  context: RepositoryContext,
  log: (line: string) => void = () => {},
): void {
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  const mapText = async () =>
    renderRepositoryMap(await context.getIndex(), { tokens: DEFAULT_MAP_TOKENS }).text;

  server.registerResource(
    'diagnosis-schema',
    DIAGNOSIS_SCHEMA_URI,
    {
      title: 'Sightline diagnosis JSON Schema',
      description:
        'JSON Schema (draft 2020-12) of the diagnosis that investigate returns and verify_diagnosis checks.',
      mimeType: 'application/schema+json',
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/schema+json',
          text: JSON.stringify(diagnosisJsonSchema(), null, 2),
        },
      ],
    }),
  );

  let lastMap: string | undefined;
  server.registerResource(
    'repo-map',
    REPO_MAP_URI,
    {
      title: 'Repository map',
      description: `The repository's most important files and definition signatures with 1-based line numbers, ranked by PageRank, in ${DEFAULT_MAP_TOKENS} tokens. Subscribe to hear when it changes; for a focused map or another budget call the repo_map tool.`,
      mimeType: 'text/plain',
    },
    async (uri) => {
      lastMap = await mapText();
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: lastMap }] };
    },
  );

  const subscribed = new Set<string>();
  server.server.setRequestHandler(SubscribeRequestSchema, async ({ params }) => {
    if (params.uri !== REPO_MAP_URI && params.uri !== DIAGNOSIS_SCHEMA_URI) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Resource ${params.uri} not found: subscribe to ${REPO_MAP_URI} (the only one that changes).`,
      );
    }
    subscribed.add(params.uri);
    // The map as of now, so that only a change of the map itself is notified.
    if (params.uri === REPO_MAP_URI) lastMap ??= await mapText();
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, ({ params }) => {
    subscribed.delete(params.uri);
    return {};
  });

  const stop = context.onChange(async () => {
    if (!subscribed.has(REPO_MAP_URI)) return;
    try {
      const text = await mapText();
      if (text === lastMap) return;
      lastMap = text;
      await server.server.sendResourceUpdated({ uri: REPO_MAP_URI });
    } catch (error) {
      log(`could not send the repo-map update: ${error instanceof Error ? error.message : error}`);
    }
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    stop();
    previous?.();
  };
}
