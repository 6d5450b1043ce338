/**
 * `<ToolRunner>`: runs a page's tools by hand from an inspector, as the model would call them —
 * pick a tool, write its input as JSON, run it, read the tool result (or the error value the model
 * would read). The developer clicking Run is the user, so an action declared with `confirm` runs
 * without a second question; progress the action reports shows while it runs.
 */
import { type FormEvent, useState } from 'react';

/** A tool the runner offers. */
export interface RunnableTool {
  name: string;
  description: string;
}

/** Props of {@link ToolRunner}. */
export interface ToolRunnerProps {
  tools: readonly RunnableTool[];
  /**
   * Runs one tool call.
   * @param name - the tool's name.
   * @param input - the parsed JSON input.
   * @param onProgress - receives what the running action reports.
   * @returns the tool result.
   */
  run(name: string, input: unknown, onProgress: (message: string) => void): Promise<unknown>;
}

type RunState =
  | { state: 'idle' }
  | { state: 'running'; progress?: string }
  | { state: 'done'; text: string };

/**
 * @param props - the tools and how to run one.
 * @returns a form: tool, JSON input, Run, and the result of the last run.
 */
export function ToolRunner({ tools, run }: ToolRunnerProps) {
  const [name, setName] = useState('');
  const [input, setInput] = useState('{}');
  const [result, setResult] = useState<RunState>({ state: 'idle' });
  const chosen = tools.find((tool) => tool.name === name) ?? tools[0];
  if (!chosen) return <p style={{ margin: '6px 0' }}>No tools on this page.</p>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch (error) {
      setResult({
        state: 'done',
        text: `The input is not JSON (${(error as Error).message}); write an object such as {"status": "resolved"}.`,
      });
      return;
    }
    setResult({ state: 'running' });
    try {
      const output = await run(chosen.name, parsed, (progress) =>
        setResult({ state: 'running', progress }),
      );
      setResult({ state: 'done', text: JSON.stringify(output ?? null) });
    } catch (error) {
      setResult({ state: 'done', text: `Failed: ${(error as Error).message}` });
    }
  };
  return (
    <form aria-label="Run a tool" onSubmit={submit} style={{ margin: '6px 0' }}>
      <select
        aria-label="Tool"
        value={chosen.name}
        onChange={(event) => setName(event.target.value)}
      >
        {tools.map((tool) => (
          <option key={tool.name} value={tool.name}>
            {tool.name}
          </option>
        ))}
      </select>{' '}
      <input
        aria-label="Tool input (JSON)"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        style={{ font: 'inherit', width: '16em' }}
      />{' '}
      <button type="submit" disabled={result.state === 'running'}>
        Run
      </button>
      <output aria-label="Tool result" style={{ display: 'block', whiteSpace: 'pre-wrap' }}>
        {result.state === 'running'
          ? (result.progress ?? 'running…')
          : result.state === 'done'
            ? result.text
            : chosen.description}
      </output>
    </form>
  );
}
