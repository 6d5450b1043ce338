/**
 * The console's real pages for `npm run bench:page-context`: a real `sightline serve` (SQLite,
 * offline investigations over the investigator's fake repository) serving a Vite build of
 * packages/console, seeded with {@link INBOX_GROUPS} distinct groups through `POST /api/reports`.
 * Pages: the inbox (every group on one page) and the group page of the `cartTotal` crash with its
 * diagnosis. The facts an agent must answer are derived from the seeded data as the API returns it
 * (never from what the page happens to show).
 */
import type { Diagnosis } from '@sightline/investigator';
import type { GroupDetail, InboxPageView } from '@sightline/service';
import type { Page } from 'playwright-core';
import {
  buildConsole,
  type ConsoleService,
  CRASH,
  type StartConsoleServiceOptions,
  startConsoleService,
} from '../../packages/console/src/e2e/start-console-service.js';
import { location, percent } from '../../packages/console/src/ui/format.js';

/**
 * Loads the tokenizer in the tab: the console fetches it only when the assistant opens (a read
 * starts it, counting with an estimate meanwhile), and the benchmark's exact renderings need it.
 */
async function loadTokenizerIn(tab: Page): Promise<void> {
  await tab.evaluate(() => window.__sightline?.read());
  await tab.waitForFunction(
    () => {
      try {
        window.__sightline?.textSnapshot();
        return true;
      } catch {
        return false;
      }
    },
    undefined,
    { polling: 200, timeout: 60_000 },
  );
}

/** Groups seeded into the inbox. */
export const INBOX_GROUPS = 200;

/** A declared console page: what {@link import('./page-context-capture.js').capturePage} opens. */
export interface ConsolePage {
  name: string;
  hash: string;
  optedIn: true;
  facts: { question: string; answer: string; unit?: string }[];
  tasks: [];
  /** Resolves once the page shows its data. */
  ready(tab: Page): Promise<void>;
}

const ERRORS = ['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError'] as const;
const AREAS = ['cart', 'checkout', 'search', 'profile', 'orders'] as const;

/** A name made of letters only for `index` (`a`, `b`, …, `ba`, …): grouping masks numbers in
 * messages and function names, so a number alone would not keep two crashes apart. */
function letters(index: number): string {
  let name = '';
  let rest = index;
  do {
    name = String.fromCharCode(97 + (rest % 26)) + name;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return name;
}

/**
 * A distinct crash: its error type, message and in-app frames differ from every other index in
 * more than numbers (the fake repository has no such files, so the frames are not in-app and the
 * grouping key is the type, the masked message and the first function), so each one forms its own
 * group. `i` reports of index `i % 4` make counts differ.
 */
function syntheticCrash(index: number): string {
  const error = ERRORS[index % ERRORS.length];
  const area = AREAS[index % AREAS.length];
  const step = `${area}Step${letters(index).replace(/^./, (first) => first.toUpperCase())}`;
  return `${error}: ${area} step ${letters(index)} failed: value ${index * 7} out of bounds
    at ${step} (/srv/shop/src/${area}/step-${index}.ts:${10 + (index % 30)}:${5 + (index % 9)})
    at run${area}Flow (/srv/shop/src/${area}/flow.ts:${20 + (index % 11)}:3)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;
}

/** The seeded service and the pages to capture in it. */
export interface ConsoleBench {
  /** Console URL with the API token in its fragment (open it once per tab to sign in). */
  token: string;
  url: string;
  pages: ConsolePage[];
  close(): Promise<void>;
}

/**
 * Builds the console, starts the service (`chatModel`: the assistant's, default none), seeds it (one `cartTotal` crash investigated to a
 * diagnosis, then {@link INBOX_GROUPS} − 1 other groups), waits for every job, and derives the facts.
 * @returns the pages with their facts; `close()` stops the service and removes the build.
 */
export async function startConsoleBench(
  options: Pick<StartConsoleServiceOptions, 'chatModel'> = {},
): Promise<ConsoleBench> {
  const { rm } = await import('node:fs/promises');
  const consoleDir = await buildConsole();
  let running: ConsoleService | undefined;
  try {
    running = await startConsoleService({ consoleDir, ...options });
    const t0 = Date.parse('2026-11-01T08:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    await running.ingest([{ id: 'cart-total', text: CRASH, receivedAt: at(0) }]);
    const reports = [];
    for (let index = 1; index < INBOX_GROUPS; index++) {
      for (let copy = 0; copy <= index % 4; copy++) {
        reports.push({
          id: `crash-${index}-${copy}`,
          text: syntheticCrash(index),
          receivedAt: at(index * 5 + copy),
        });
      }
    }
    for (let start = 0; start < reports.length; start += 100) {
      await running.ingest(reports.slice(start, start + 100));
    }
    await running.service.queue.drain({ timeoutMs: 600_000 });
    const inbox = await running.get<InboxPageView>(`/api/groups?limit=${INBOX_GROUPS}`);
    if (inbox.total !== INBOX_GROUPS) {
      throw new Error(`seeded ${INBOX_GROUPS} groups but the inbox has ${inbox.total}`);
    }
    const cart = inbox.groups.find((group) => group.title.includes("reading 'price'"));
    if (!cart) throw new Error('the cartTotal group is missing from the inbox');
    const detail = await running.get<GroupDetail>(`/api/groups/${cart.id}`);
    const diagnosis = detail.diagnoses[0]?.diagnosis as Diagnosis | undefined;
    const cause = diagnosis?.affectedFiles[0];
    if (!diagnosis || !cause) throw new Error('the cartTotal group has no diagnosis');
    const [first, second, third] = inbox.groups;
    const pages: ConsolePage[] = [
      {
        name: `console inbox (${INBOX_GROUPS} groups)`,
        hash: '#/',
        optedIn: true,
        tasks: [],
        facts: [
          { question: 'How many groups are in the inbox?', answer: String(inbox.total) },
          ...[first, second, third].map((group, rank) => ({
            question: `Which group is row ${rank + 1}?`,
            answer: group?.title ?? '',
          })),
        ],
        ready: async (tab) => {
          await tab.waitForFunction(
            (rows) => document.querySelectorAll('table.inbox tbody tr').length === rows,
            INBOX_GROUPS,
          );
          await loadTokenizerIn(tab);
        },
      },
      {
        name: 'console group with diagnosis',
        hash: `#/groups/${cart.id}`,
        optedIn: true,
        tasks: [],
        facts: [
          { question: 'Which group is open?', answer: detail.group.title },
          { question: 'What is its status?', answer: detail.group.status, unit: 'status' },
          { question: 'What is the root cause?', answer: diagnosis.rootCause.summary },
          { question: 'Where is the fault?', answer: location(cause) },
          {
            question: 'How confident is the diagnosis?',
            answer: percent(diagnosis.rootCause.confidence),
          },
        ],
        ready: async (tab) => {
          await tab.getByRole('heading', { name: /^Diagnosis/ }).waitFor();
          await loadTokenizerIn(tab);
        },
      },
    ];
    const service = running;
    return {
      token: service.service.token,
      url: service.service.url,
      pages,
      async close() {
        await service.close();
        await rm(consoleDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await running?.close();
    await rm(consoleDir, { recursive: true, force: true });
    throw error;
  }
}
