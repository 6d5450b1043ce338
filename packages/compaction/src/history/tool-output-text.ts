/**
 * Text form of a tool result output, as it is written to the store and to transcripts: text as
 * is, JSON pretty-printed, media named by type (their bytes stay in the history, not in text).
 */
import type { ToolResultPart } from 'ai';

/**
 * What a tool result sends to the model (AI SDK `ToolResultOutput`: `text`, `json`, `error-text`,
 * `error-json`, `execution-denied`, `content`). `ai` does not re-export the type, so it is taken
 * from its `ToolResultPart`.
 */
export type ToolResultOutput = ToolResultPart['output'];

/**
 * Renders a tool result output as readable text.
 * @param output - the `output` of a tool-result part.
 * @returns its text: `text`/`error-text` values as they are, JSON values pretty-printed (2
 * spaces), `execution-denied` as a sentence, `content` parts joined by newlines with media as
 * `[image/png media]`-style placeholders.
 */
export function toolOutputText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value, null, 2);
    case 'execution-denied':
      return `Execution denied${output.reason ? `: ${output.reason}` : '.'}`;
    case 'content':
      return output.value
        .map((part) => {
          if (part.type === 'text') return part.text;
          if ('mediaType' in part && part.mediaType) return `[${part.mediaType} ${part.type}]`;
          return `[${part.type}]`;
        })
        .join('\n');
  }
}
