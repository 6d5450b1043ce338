/**
 * The header PHP prints above an uncaught exception's trace (`Exception::__toString()`):
 * `PHP Fatal error:  Uncaught App\Error: message in /var/www/src/Cart.php:41` (PHP 7 and later),
 * `Uncaught exception 'App\Error' with message 'message' in /var/www/src/Cart.php:41` (PHP 5), and
 * `Next App\Error: …` (`Next exception '…'` in PHP 5) for an exception that a previous one, printed
 * above it, led to. The throw site ends the message: a message of several lines ends with it on
 * the line before `Stack trace:`. Format: php.net/manual/en/exception.tostring.php.
 */
import { joinMessage } from './error-header.js';

/**
 * `Uncaught` or `Next`, the type (PHP 5 quotes it after `exception`), then the message after `:`
 * (PHP 5: ` with message '`), or the throw site alone, or nothing.
 */
const OPENING =
  /(?:^|\s)(Uncaught|Next)\s+(?:exception '([A-Za-z_\\][\w\\]*)'|([A-Za-z_\\][\w\\]*))(?:(?::| with message ')\s*(.*)|(\s+in\s.*))?$/;
/** The throw site that ends a message: `… in /path/File.php:41` or `… in FILE on line 41`. */
const SITE = /^(.*?)(?:^|\s)in\s+(\S+\.(?:php|phtml|inc))(?::(\d+)|\s+on line (\d+))\s*$/;
/** `Stack trace:`, the line after the header. */
const STACK_TRACE = /^\s*Stack trace:\s*$/;
/** `#0 …`: a line of the trace (the header is above them). */
const NUMBERED = /^\s*#\d+\s/;
/** Lines of message read after a header's first line, at most. */
const MAX_MESSAGE_LINES = 50;

/** A header read from a report's lines. */
export interface PhpHeader {
  /** The exception's class, namespace included (`App\Error`). */
  type: string;
  /** Its message, lines joined ('' when it has none). */
  message: string;
  /** Whether it is a `Next` exception: the one the exception printed above it led to. */
  next: boolean;
  /** Where it was thrown (a 1-based line), and the line of the report that says so. */
  site?: { file: string; line: number; raw: string };
  /** Index of the first line after the header (0-based). */
  end: number;
}

/**
 * The message lines of a header whose first line names no throw site: those up to `Stack trace:`,
 * the last of them ending with the site. Stops at a trace line or another header.
 * @returns the index of the last message line, or `undefined` when no site ends them.
 */
function siteLineBelow(lines: readonly string[], start: number): number | undefined {
  for (let at = start + 1; at < lines.length && at - start <= MAX_MESSAGE_LINES; at += 1) {
    const line = lines[at] ?? '';
    if (STACK_TRACE.test(line))
      return at - 1 > start && SITE.test(lines[at - 1] ?? '') ? at - 1 : undefined;
    if (NUMBERED.test(line) || OPENING.test(line)) return undefined;
  }
  return undefined;
}

/**
 * Reads the header that starts at `lines[start]`. Without a throw site, `Next …` and `Uncaught
 * Type in …` are prose (PHP names the site in every `Next` header).
 * @param lines - a report's lines.
 * @param start - index of the header's first line.
 * @returns the header, or `null` when the line does not start one.
 */
export function readPhpHeader(lines: readonly string[], start: number): PhpHeader | null {
  const first = lines[start] ?? '';
  const opening = NUMBERED.test(first) ? null : OPENING.exec(first);
  const type = opening?.[2] ?? opening?.[3];
  if (!opening || !type) return null;
  const [, keyword, quotedType, , messageStart, siteAlone] = opening;
  const siteAt =
    messageStart === undefined || SITE.test(messageStart)
      ? start
      : (siteLineBelow(lines, start) ?? start);
  const message = [messageStart ?? siteAlone ?? '', ...lines.slice(start + 1, siteAt + 1)];
  const site = SITE.exec(message.at(-1) ?? '');
  if (!site && (keyword === 'Next' || siteAlone !== undefined)) return null;
  if (site) message[message.length - 1] = site[1] ?? '';
  const text = joinMessage(message);
  return {
    type,
    message: quotedType === undefined ? text : text.replace(/'$/, ''),
    next: keyword === 'Next',
    ...(site?.[2]
      ? { site: { file: site[2], line: Number(site[3] ?? site[4]), raw: lines[siteAt] ?? '' } }
      : {}),
    end: siteAt + 1,
  };
}
