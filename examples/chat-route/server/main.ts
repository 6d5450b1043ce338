/**
 * `npm start -w @sightline/example-chat-route`: the example with a real model, named by
 * `SIGHTLINE_MODEL` (e.g. `anthropic:claude-sonnet-4-5`, key in `ANTHROPIC_API_KEY`), on
 * http://127.0.0.1:4318 (`PORT` to change it).
 */
import { resolveModel } from '@sightline/models';
import { startExample } from './serve.js';

const spec = process.env.SIGHTLINE_MODEL;
if (!spec) {
  console.error(
    'Set SIGHTLINE_MODEL to the chat model, e.g. SIGHTLINE_MODEL=anthropic:claude-sonnet-4-5 (key in ANTHROPIC_API_KEY) or openai:gpt-5 (OPENAI_API_KEY).',
  );
  process.exitCode = 1;
} else {
  try {
    const { model } = resolveModel(spec, { source: 'SIGHTLINE_MODEL' });
    const running = await startExample({ model, port: Number(process.env.PORT ?? 4318) });
    console.log(`Tasks with an assistant at ${running.url} (Ctrl-C stops)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
