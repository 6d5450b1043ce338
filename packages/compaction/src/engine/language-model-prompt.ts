/**
 * Conversion between the provider-level prompt a language-model middleware sees
 * (`LanguageModelV3Prompt`) and AI SDK model messages, so the middleware runs the same engine as
 * `prepareStep`. Provider-level messages already are model messages (array content, files instead
 * of images); the way back turns string content into text parts and image parts into file parts.
 */
import type { LanguageModelMiddleware, ModelMessage } from 'ai';
import type { ToolResultOutput } from '../history/tool-output-text.js';

/** Call options a middleware receives (`LanguageModelV3CallOptions`). */
export type LanguageModelCallOptions = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];
/** The provider-level prompt (`LanguageModelV3Prompt`). */
export type LanguageModelPrompt = LanguageModelCallOptions['prompt'];
type PromptMessage = LanguageModelPrompt[number];
type DataContent = Extract<
  Extract<PromptMessage, { role: 'user' }>['content'][number],
  { type: 'file' }
>['data'];
type PromptToolOutput = Extract<
  Extract<PromptMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];
type PromptContentPart = Extract<PromptToolOutput, { type: 'content' }>['value'][number];
type PromptAssistantPart = Extract<PromptMessage, { role: 'assistant' }>['content'][number];

/**
 * Views a provider-level prompt as model messages (no copy: every provider-level message is a
 * valid model message).
 * @param prompt - the prompt of a middleware call.
 * @returns the same messages, typed as model messages.
 */
export function fromLanguageModelPrompt(prompt: LanguageModelPrompt): ModelMessage[] {
  return prompt;
}

/**
 * Converts model messages to a provider-level prompt: string content becomes a text part, images
 * become file parts, `media` tool output parts become `image-data`/`file-data`, and approval
 * requests (which providers do not take back) are dropped from assistant messages.
 * @param messages - model messages, e.g. a compacted view.
 * @returns the prompt; system messages are returned as the same objects.
 */
export function toLanguageModelPrompt(messages: readonly ModelMessage[]): LanguageModelPrompt {
  return messages.map(toPromptMessage);
}

function toPromptMessage(message: ModelMessage): PromptMessage {
  switch (message.role) {
    case 'system':
      return message;
    case 'tool':
      return {
        ...message,
        content: message.content.map((part) =>
          part.type === 'tool-result' ? { ...part, output: toOutput(part.output) } : part,
        ),
      };
    case 'assistant':
      if (typeof message.content === 'string')
        return { ...message, content: [{ type: 'text', text: message.content }] };
      return {
        ...message,
        content: message.content.flatMap((part): PromptAssistantPart[] => {
          if (part.type === 'tool-approval-request') return [];
          if (part.type === 'file') return [{ ...part, data: toData(part.data) }];
          if (part.type === 'tool-result') return [{ ...part, output: toOutput(part.output) }];
          return [part];
        }),
      };
    case 'user':
      if (typeof message.content === 'string')
        return { ...message, content: [{ type: 'text', text: message.content }] };
      return {
        ...message,
        content: message.content.map((part) =>
          part.type === 'image'
            ? {
                type: 'file',
                data: toData(part.image),
                mediaType: part.mediaType ?? 'image/*',
                providerOptions: part.providerOptions,
              }
            : part.type === 'file'
              ? { ...part, data: toData(part.data) }
              : part,
        ),
      };
  }
}

function toOutput(output: ToolResultOutput): PromptToolOutput {
  if (output.type !== 'content') return output;
  return {
    ...output,
    value: output.value.map((part): PromptContentPart => {
      if (part.type !== 'media') return part;
      const { data, mediaType } = part;
      return mediaType.startsWith('image/')
        ? { type: 'image-data', data, mediaType }
        : { type: 'file-data', data, mediaType };
    }),
  };
}

function toData(data: DataContent | URL | ArrayBuffer | Buffer): DataContent | URL {
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
