/**
 * Reads a SWE-agent trajectory (`.traj` JSON) into a replay script: the system prompt, the task
 * (the first user message, the goal compaction must keep verbatim) and, per turn, the assistant's
 * thought, its tool call(s) and the observation(s) that answered them.
 *
 * Two SWE-agent layouts are read (SWE-agent/SWE-agent `trajectories/demonstrations/`): the classic
 * one, where `history` alternates assistant `action` commands with user observations, and the
 * function-calling one, where assistant entries carry `tool_calls` (with ids) and observations are
 * `role: "tool"` entries naming `tool_call_ids`. The `trajectory` array (action, observation,
 * thought, response per turn) supplies the observation of a last turn that `history` omits.
 * mini-swe-agent files (`trajectory_format: "mini-swe-agent-1.1"`) are read by
 * `parse-mini-swe-agent.ts`.
 */
import { SightlineError } from '@sightline/core';
import { z } from 'zod';
import { miniSweAgentFile, miniSweAgentScript } from './parse-mini-swe-agent.js';
import type { ReplayScript, ReplayTurn } from './replay-script.js';

export type { ReplayScript, ReplayToolCall, ReplayTurn } from './replay-script.js';

const textContent = z.union([
  z.string(),
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
]);

const recordedToolCall = z.looseObject({
  id: z.string().min(1),
  function: z.looseObject({ name: z.string(), arguments: z.unknown() }),
});

const historyEntry = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: textContent,
  thought: z.string().nullish(),
  action: z.string().nullish(),
  tool_calls: z.array(recordedToolCall).nullish(),
  tool_call_ids: z.array(z.string()).nullish(),
  is_demo: z.boolean().nullish(),
});

const trajectoryStep = z.looseObject({
  action: z.string(),
  observation: z.string(),
  thought: z.string().nullish(),
  response: z.string().nullish(),
});

const trajectoryFile = z.looseObject({
  history: z.array(historyEntry).min(2, 'needs at least a system prompt and a task'),
  trajectory: z.array(trajectoryStep),
});

type HistoryEntry = z.infer<typeof historyEntry>;

/**
 * Parses a SWE-agent trajectory into a {@link ReplayScript}.
 * @param json - the file's text, or the value `JSON.parse` gave for it.
 * @param options.source - name used in error messages (e.g. the file name). Default `trajectory`.
 * @returns the system prompt, the goal and the turns; demonstration entries (`is_demo`) are skipped.
 * @throws SightlineError `INVALID_ARGUMENT` when the text is not JSON, does not match the SWE-agent
 *   layout (the message lists each problem with its path), has no system prompt or task, or has no
 *   assistant turn.
 * @example
 * const script = parseTrajectory(await readFile('run.traj', 'utf8'), { source: 'run.traj' });
 */
export function parseTrajectory(
  json: unknown,
  { source = 'trajectory' }: { source?: string } = {},
): ReplayScript {
  const fail = (reason: string, details: Record<string, unknown> = {}) =>
    new SightlineError({
      code: 'INVALID_ARGUMENT',
      message: `${source} is not a readable SWE-agent trajectory: ${reason}. Pass the JSON of a .traj file (with "history" and "trajectory", or mini-swe-agent's "messages").`,
      details: { source, ...details },
    });
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw fail(`invalid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const mini = miniSweAgentFile.safeParse(value);
  if (mini.success) {
    const script = miniSweAgentScript(mini.data, parseArguments);
    if ('problem' in script) throw fail(script.problem);
    return script;
  }
  const parsed = trajectoryFile.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
    );
    throw fail(problems.join('; '), { issues: parsed.error.issues });
  }
  const history = parsed.data.history.filter((entry) => !entry.is_demo);
  const system = history.find((entry) => entry.role === 'system');
  const goal = history.find((entry) => entry.role === 'user');
  if (!system || !goal) throw fail('history has no system prompt or no user task');
  const turns = readTurns(history.slice(history.indexOf(goal) + 1), parsed.data.trajectory);
  if (turns.length === 0) throw fail('history has no assistant turn');
  return { system: textOf(system), goal: textOf(goal), turns };
}

function readTurns(
  entries: readonly HistoryEntry[],
  trajectory: z.infer<typeof trajectoryStep>[],
): ReplayTurn[] {
  const turns: ReplayTurn[] = [];
  const usedIds = new Set<string>();
  entries.forEach((entry, position) => {
    if (entry.role !== 'assistant') return;
    const turnNumber = turns.length + 1;
    const answers: HistoryEntry[] = [];
    for (const next of entries.slice(position + 1)) {
      if (next.role === 'assistant') break;
      answers.push(next);
    }
    const calls = callsOf(entry, turnNumber, usedIds);
    const fallback = trajectory[turnNumber - 1]?.observation ?? '';
    turns.push({
      thought: entry.thought ?? textOf(entry),
      toolCalls: calls.map(({ recordedId, ...call }, index) => ({
        ...call,
        result: resultFor(recordedId, index, answers) ?? (index === 0 ? fallback : ''),
      })),
    });
  });
  return turns;
}

/** Calls of one assistant entry, with unique ids; `recordedId` is the id the history used. */
function callsOf(entry: HistoryEntry, turnNumber: number, usedIds: Set<string>) {
  const recorded = entry.tool_calls ?? [];
  const calls =
    recorded.length > 0
      ? recorded.map((call) => ({
          recordedId: call.id as string | undefined,
          toolName: call.function.name,
          input: parseArguments(call.function.arguments),
        }))
      : [
          {
            recordedId: undefined,
            toolName: (entry.action ?? '').trim().split(/\s+/)[0] ?? '',
            input: { command: (entry.action ?? '').trim() } as Record<string, unknown>,
          },
        ];
  return calls.map((call, index) => {
    let toolCallId = call.recordedId ?? `call_${turnNumber}${calls.length > 1 ? `_${index}` : ''}`;
    while (usedIds.has(toolCallId)) toolCallId = `${toolCallId}_${turnNumber}`;
    usedIds.add(toolCallId);
    return { ...call, toolCallId, toolName: toolNameOf(call.toolName) };
  });
}

/** The observation answering call `index`: by recorded id, else by position. */
function resultFor(
  recordedId: string | undefined,
  index: number,
  answers: readonly HistoryEntry[],
): string | undefined {
  const byId = recordedId
    ? answers.find((answer) => answer.tool_call_ids?.includes(recordedId))
    : undefined;
  const answer = byId ?? answers[index];
  return answer ? textOf(answer) : undefined;
}

function parseArguments(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { arguments: raw };
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { arguments: value };
}

/** Provider tool names allow `[A-Za-z0-9_-]{1,64}`; an empty command becomes `bash`. */
function toolNameOf(word: string): string {
  const name = word.replaceAll(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return name === '' || /^_+$/.test(name) ? 'bash' : name;
}

function textOf(entry: HistoryEntry): string {
  const { content } = entry;
  return typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('');
}
