/**
 * What a run did and said before it stopped without a report (the cost cap, or a model that would
 * not write one), as Markdown the user keeps: every step's tool calls and text. Nothing in it is
 * verified.
 */

/** The part of a step the partial report shows. */
export interface ReportedStep {
  text: string;
  toolCalls: readonly { toolName: string; input: unknown }[];
}

/**
 * Renders the partial report.
 * @param title - why the run stopped, as the heading says it, e.g. `stopped at the cost cap`.
 * @param why - one paragraph: what stopped the run and that nothing below is verified.
 * @param steps - the steps, in order.
 * @returns Markdown ending in a newline.
 */
export function partialReport(title: string, why: string, steps: readonly ReportedStep[]): string {
  const lines = [`# Partial investigation (${title})`, '', why, '', '## Steps', ''];
  steps.forEach((step, index) => {
    const calls = step.toolCalls.map(
      (call) => `\`${call.toolName}\` ${JSON.stringify(call.input)}`,
    );
    lines.push(`${index + 1}. ${calls.length > 0 ? calls.join('; ') : '(no tool call)'}`);
    const text = step.text.trim();
    if (text !== '') lines.push('', ...text.split('\n').map((line) => `   > ${line}`), '');
  });
  return `${lines.join('\n')}\n`;
}
