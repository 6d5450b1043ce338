/**
 * The scripted models that misbehave the way real models do (issue #15), each with the outcomes a
 * user may get. Shared by `model-failures.int.test.ts` (which checks the outcomes) and
 * `npm run bench:agent` (which measures steps, tool calls, tokens and cost of each).
 */
import type { ScriptedResponse } from '@sightline/core/testing';
import { CART_DIAGNOSIS } from './cart-diagnosis.js';

const call = (toolName: string, input: unknown): ScriptedResponse => ({
  toolCalls: [{ toolName, input }],
});
const SUSPECT = call('suspect', { locations: [{ path: 'src/cart/total.ts', why: 'loop' }] });
const CONCLUDE = call('conclude', { summary: 'The loop skips items[0].' });
const SHORT_REPORT = '## Root cause\ncartTotal starts its loop at index 1.';
/** Explore with one misbehaving step first, then the usual way to a report. */
const after = (...first: ScriptedResponse[]): ScriptedResponse[] => [
  ...first,
  call('read_file', { path: 'src/cart/total.ts' }),
  SUSPECT,
  CONCLUDE,
  { text: SHORT_REPORT },
];
const VALID_ANSWER = { text: JSON.stringify(CART_DIAGNOSIS) };
const withQuote = (quote: string) => ({
  text: JSON.stringify({
    ...CART_DIAGNOSIS,
    affectedFiles: CART_DIAGNOSIS.affectedFiles.map((file) => ({
      ...file,
      evidence: [{ path: 'src/cart/total.ts', line: 6, quote }],
    })),
  }),
});

/** Outcomes a user may get: a verified diagnosis, an unverified one with reasons, or a clean failure. */
export type MisbehavingOutcome = 'verified' | 'unverified' | 'MODEL_OUTPUT_INVALID' | 'MODEL_CALL_FAILED';

/** One misbehaving model: its answers as the investigating model and as the structurer. */
export interface MisbehavingScenario {
  name: string;
  agent: ScriptedResponse[];
  structurer?: ScriptedResponse[];
  /** The outcomes the user may get: `verified`, `unverified` or an error code. */
  outcomes: MisbehavingOutcome[];
}

/** The scenarios, in the order of the list. */
export const MISBEHAVING_SCENARIOS: MisbehavingScenario[] = [
  {
    name: 'calls a tool that does not exist',
    agent: after(call('delete_file', { path: 'src/cart/total.ts' })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'gives arguments that fail the schema',
    agent: after(call('grep', { pattern: 42, glob: ['*'] })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'reads a path outside the repository, then one that does not exist',
    agent: after(
      call('read_file', { path: '../../../etc/passwd' }),
      call('read_file', { path: 'src/cart/nope.ts' }),
    ),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'makes the same call over and over, two at a time (the tool-call budget ends it after 14)',
    agent: [
      ...Array.from({ length: 7 }, () => ({
        toolCalls: [
          { toolName: 'grep', input: { pattern: 'cartTotal' } },
          { toolName: 'grep', input: { pattern: 'cartTotal' } },
        ],
      })),
      { text: SHORT_REPORT },
    ],
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
  {
    name: 'answers with neither a tool call nor text',
    agent: [{ text: '' }, { text: '' }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'answers in prose where JSON was asked',
    agent: after(),
    structurer: [{ text: 'The bug is in the cart loop.' }, { text: 'As I said, the cart loop.' }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'wraps the JSON in extra text',
    agent: after(),
    structurer: [
      { text: `Here is the diagnosis:\n\`\`\`json\n${VALID_ANSWER.text}\n\`\`\`\nHope it helps.` },
      VALID_ANSWER,
    ],
    outcomes: ['verified'],
  },
  {
    name: 'quotes lines that are not in the file',
    agent: after(),
    structurer: [withQuote('for (const item of items) {'), withQuote('total = items.reduce(sum);')],
    outcomes: ['unverified', 'MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'proposes a patch that does not apply',
    agent: after(),
    structurer: [
      {
        text: JSON.stringify({
          ...CART_DIAGNOSIS,
          proposedChange: {
            description: 'Start at 0.',
            patch:
              '--- a/src/cart/total.ts\n+++ b/src/cart/total.ts\n@@ -1,1 +1,1 @@\n-nothing like this\n+let index = 0;\n',
          },
        }),
      },
      VALID_ANSWER,
    ],
    outcomes: ['verified'],
  },
  {
    name: 'writes a 50,000-token report',
    agent: after().map((step) =>
      'toolCalls' in step
        ? step
        : { text: `${SHORT_REPORT}\n\n${'The loop is wrong. '.repeat(12_500)}` },
    ),
    structurer: [VALID_ANSWER],
    outcomes: ['verified', 'unverified', 'MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'refuses',
    agent: [{ text: "I'm sorry, I can't help with that." }, { text: "I can't help with that." }],
    outcomes: ['MODEL_OUTPUT_INVALID'],
  },
  {
    name: 'obeys a report that asks for the .env file',
    agent: after(call('read_file', { path: '.env' }), call('grep', { pattern: 'API_KEY' })),
    structurer: [VALID_ANSWER],
    outcomes: ['verified'],
  },
];


/**
 * What an investigation ended in, as a user sees it.
 * @returns `kind`: `verified`, `not found`, `unverified` or the error's code (its message when it has none);
 *   `shown`: everything shown to the user (the diagnosis, or the error's message and details), as JSON.
 */
export function settleOutcome(
  result: Promise<{
    diagnosis: { verification?: { verified: boolean; notFound?: boolean } | null };
  }>,
): Promise<{ kind: string; shown: string }> {
  return result.then(
    ({ diagnosis }) => ({
      kind: diagnosis.verification?.verified
        ? 'verified'
        : diagnosis.verification?.notFound
          ? 'not found'
          : 'unverified',
      shown: JSON.stringify(diagnosis),
    }),
    (error: { code?: string; details?: unknown; message: string }) => ({
      kind: error.code ?? error.message,
      shown: JSON.stringify([error.message, error.details]),
    }),
  );
}

/** Tool calls in the answers a model actually gave: the first `answered` entries of its script. */
export function countScriptedToolCalls(script: ScriptedResponse[], answered: number): number {
  return script
    .slice(0, answered)
    .reduce((total, step) => total + ('toolCalls' in step ? step.toolCalls.length : 0), 0);
}
