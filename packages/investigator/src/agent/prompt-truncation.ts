/**
 * A local server whose context window is smaller than the request cuts the prompt without an
 * error (Ollama keeps what fits of `num_ctx`; llama.cpp shifts its context), and the model answers
 * without the instructions or the report. This language-model middleware checks every step of the
 * investigation loop: it counts the whole request sent (every message and tool definition, as
 * JSON, in the profile's encoding) and compares it with the input tokens the provider reports.
 *
 * - Step 1 is cut when under half of it was read (a tokenizer differs from o200k_base by far
 *   less). It calibrates the ratio of reported to counted tokens.
 * - A later step is cut when the prompt stopped growing with the request: the count is under
 *   {@link LATER_STEP_SHARE} of the calibrated expectation, and it grew by under half of what the
 *   request grew since the step before. A cut prompt is read to the window's end, so its count
 *   stalls; a tokenizer difference scales counts, it does not stall them.
 * - A server that leaves cached tokens out of its count (some Ollama and llama.cpp versions:
 *   ollama/ollama#3427, #16414) reports less than earlier steps; a cut prompt is never read
 *   shorter than an earlier one that fit, so a count under 0.9 of the largest earlier one is not
 *   taken as a cut. Nor is anything judged after a step-1 ratio outside
 *   {@link PLAUSIBLE_RATIO}, which no tokenizer difference explains (a proxy adding a prompt of
 *   its own, a server counting something else).
 */
import { countTokens, type Encoding, SightlineError } from '@sightline/core';
import type { LanguageModelMiddleware } from 'ai';

/** Step 1 is cut when the server read under this share of the tokens counted here. */
const FIRST_STEP_SHARE = 0.5;
/** A later step is cut (if its count stalled) when the server read under this share of its calibrated expectation. */
const LATER_STEP_SHARE = 0.95;
/** A count that grew by under this share of the request's calibrated growth has stalled. */
const STALLED_GROWTH = 0.5;
/** Ratios of reported to counted tokens that a difference of tokenizers explains. */
const PLAUSIBLE_RATIO = [0.5, 2] as const;
/** A later step's count at least this share of the largest earlier one: the whole prompt, not a cached rest. */
const NOT_A_CACHED_REST = 0.9;

/** Options of {@link createTruncationCheck}. */
export interface TruncationCheckOptions {
  /** The model's name, for the message. */
  modelName: string;
  /** Encoding the requests are counted in (the model profile's). */
  encoding: Encoding;
}

/**
 * Creates the check for one run (it keeps the calibration of its first step).
 * @returns a middleware that throws SightlineError `MODEL_CALL_FAILED` (`details.contextTruncated`)
 *   from the step whose prompt the server cut; steps without a reported input count pass.
 */
export function createTruncationCheck({
  modelName,
  encoding,
}: TruncationCheckOptions): LanguageModelMiddleware {
  let ratio: number | undefined;
  let largest = 0;
  let step = 0;
  let before = { expected: 0, reported: 0 };
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      step += 1;
      const sent = countTokens(JSON.stringify([params.tools ?? [], params.prompt]), { encoding });
      const result = await doGenerate();
      const reported = result.usage.inputTokens.total;
      if (!reported) return result;
      if (ratio === undefined) {
        if (reported < sent * FIRST_STEP_SHARE) throw cutError(modelName, step, sent, reported);
        ratio = reported / sent;
      } else if (ratio >= PLAUSIBLE_RATIO[0] && ratio <= PLAUSIBLE_RATIO[1]) {
        const expected = Math.round(sent * ratio);
        const stalled = reported - before.reported < (expected - before.expected) * STALLED_GROWTH;
        if (
          reported < expected * LATER_STEP_SHARE &&
          stalled &&
          reported >= largest * NOT_A_CACHED_REST
        ) {
          throw cutError(modelName, step, expected, reported);
        }
      }
      largest = Math.max(largest, reported);
      before = { expected: Math.round(sent * (ratio ?? 1)), reported };
      return result;
    },
  };
}

function cutError(modelName: string, step: number, sent: number, reported: number) {
  return new SightlineError({
    code: 'MODEL_CALL_FAILED',
    message: `The model ${modelName} read only ${reported} prompt tokens of about ${sent} sent at step ${step}: the server cut the prompt (its context window is smaller than the request), so the model no longer saw the instructions or the report. Raise the server's context length (Ollama: set OLLAMA_CONTEXT_LENGTH=32768 or the model's num_ctx; llama.cpp: --ctx-size 32768), or send less (--map-tokens 512).`,
    details: {
      model: modelName,
      step,
      sentTokens: sent,
      reportedTokens: reported,
      contextTruncated: true,
    },
  });
}
