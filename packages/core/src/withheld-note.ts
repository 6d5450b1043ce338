/**
 * The note the secret gate puts where it withheld a secret (`[withheld: looks like a secret (…)]`),
 * and its removal from a text before the text's words are weighed: the note's words (`secret`,
 * `private key`, `Stripe key`) are the gate's, not the writer's. Here, in core, because the
 * classifier (intake) reads gated reports as much as the localizer (investigator) does.
 */

/** How every note of {@link withheldLine} starts. */
export const WITHHELD_PREFIX = '[withheld: ';

/**
 * The note shown in place of a withheld line.
 * @param what - what was found on it (a rule name, from `scanSecrets`).
 * @returns `[withheld: looks like a secret (…)]`.
 */
export function withheldLine(what: string): string {
  return `${WITHHELD_PREFIX}looks like a secret (${what})]`;
}

/** A note the gate (or a key taken out of a model server's answer) put where a secret was. */
const WITHHELD_NOTE = /\[withheld: [^\]\n]*\]/g;

/**
 * A text without the notes that stand where secrets were ({@link withheldLine}'s `[withheld: …]`):
 * matching their words against code gives false evidence (a file defining `STRIPE_KEY` "named by
 * the report"), and a classifier took them for the writer's (fresh-user trial 39).
 * @param text - any text the gate has read.
 * @returns the text with each note replaced by one space.
 */
export function withoutWithheldNotes(text: string): string {
  return text.includes(WITHHELD_PREFIX) ? text.replace(WITHHELD_NOTE, ' ') : text;
}
