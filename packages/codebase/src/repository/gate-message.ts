/**
 * Error messages pass the secret gate before they are shown: a message may quote what a client
 * sent (zod's `Unrecognized key: "…"`, a route's path, a header) or what a server answered (a
 * model server's error that echoes the API key it was sent), and either may hold a token. The message keeps its words and loses only the ones that hold a
 * secret, so it still says which field was wrong.
 */
import { withheldLine } from '@sightline/core';
import { gateText, gateTexts } from './secret-gate.js';

/**
 * What a message is cut into: runs of spaces, quotes, brackets and the punctuation of paths,
 * queries and field paths (`.`, `:`, `/`, `=`, `&`), kept as their own parts (odd indexes).
 */
const SEPARATORS = /([\s"'`,;()[\]{}.:/?&=#]+)/;

/**
 * A message as the secret gate lets it out: each word that holds a secret replaced by the gate's
 * note (`Unrecognized key: [withheld: looks like a secret (a GitHub token)]`, the quotes around
 * it dropped); when a secret shows only in the words together (`Bearer <token>`), every line that
 * holds it is the note instead, as `gateText` withholds lines.
 * @param message the message, any number of lines.
 * @returns the message, the same when it holds no secret. Never throws.
 */
export async function gateMessage(message: string): Promise<string> {
  const whole = await gateText(message);
  if (whole.ok && whole.withheld.size === 0) return message;
  const parts = message.split(SEPARATORS);
  const words = await gateTexts(parts.filter((_, index) => index % 2 === 0));
  for (let index = 0; index < parts.length; index += 2) {
    const gated = words.texts[index / 2] ?? '';
    if (gated === parts[index]) continue;
    parts[index] = gated;
    const before = parts[index - 1] ?? '';
    const after = parts[index + 1] ?? '';
    const quote = before.at(-1);
    if (quote !== undefined && /["'`]/.test(quote) && after.startsWith(quote)) {
      parts[index - 1] = before.slice(0, -1);
      parts[index + 1] = after.slice(1);
    }
  }
  const shown = parts.join('');
  const again = await gateText(shown);
  if (again.ok && again.withheld.size === 0) return shown;
  return whole.ok ? whole.text : withheldLine(whole.reason);
}
