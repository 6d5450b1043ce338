/**
 * bench:grouping's timed case for a huge report (issue #28): CPU time of the grouping steps that
 * read a report's whole text — its content words (`contentWords`, which `groupKey` runs on title
 * and body) and a boilerplate learning over a project's sample holding it (`learnBoilerplate`) —
 * for 10 MiB (UTF-8) of text without a space: a pasted log of ASCII tokens and a Chinese text.
 * A timing, not a test: the bound's behaviour is tested beside the code (`GROUPING_TEXT_CHARS`).
 */
import {
  contentWords,
  GROUPING_TEXT_CHARS,
  learnBoilerplate,
  MIN_LEARNING_SAMPLE,
} from '@sightline/service/internal';

const MIB = 2 ** 20;

/** The texts timed: name → 10 MiB of UTF-8 without a space. */
const LARGE_TEXTS: [string, string][] = [
  // ASCII tokens joined by `_` and `.`: 1 byte a character.
  ['10 MiB ASCII log without spaces', 'ioTimeoutAt_19.'.repeat(Math.ceil((10 * MIB) / 15))],
  // Chinese: 3 bytes a character, split into words by ICU word boundaries.
  ['10 MiB Chinese text without spaces', '终端无法输入中文'.repeat(Math.ceil((10 * MIB) / 24))],
];

/** CPU ms (user and system) of `task`. */
function cpuMs(task: () => unknown): number {
  const before = process.cpuUsage();
  task();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

/** One timed row: the text's name, its characters, CPU ms of each grouping step. */
export interface LargeReportTiming {
  name: string;
  characters: number;
  contentWordsMs: number;
  learnBoilerplateMs: number;
}

/**
 * Times each large text once: its content words, then a boilerplate learning over the least
 * sample (`MIN_LEARNING_SAMPLE` reports: the large one and short ones).
 */
export function timeLargeReports(): LargeReportTiming[] {
  return LARGE_TEXTS.map(([name, text]) => {
    const short = Array.from(
      { length: MIN_LEARNING_SAMPLE - 1 },
      (_, i) => `Report ${i}\nThe export stops at step ${i} with a timeout`,
    );
    return {
      name,
      characters: text.length,
      contentWordsMs: cpuMs(() => contentWords(`A title\n${text}`)),
      learnBoilerplateMs: cpuMs(() =>
        learnBoilerplate([text, ...short], (value) => contentWords(value)),
      ),
    };
  });
}

/** The timings as a sentence for bench/README.md. */
export function describeLargeReports(timings: readonly LargeReportTiming[]): string {
  const rows = timings.map(
    (t) =>
      `${t.name} (${t.characters.toLocaleString('en')} characters): content words ${t.contentWordsMs.toFixed(0)} ms CPU, a boilerplate learning with it ${t.learnBoilerplateMs.toFixed(0)} ms CPU`,
  );
  return `A huge report, grouping reading its first ${GROUPING_TEXT_CHARS.toLocaleString('en')} characters: ${rows.join('; ')}.`;
}
