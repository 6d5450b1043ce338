/**
 * Tool names for node actions: `<type>_<id>__<action>`, made of `[a-zA-Z0-9_-]` only and at most
 * 64 characters, the strictest common provider limit (OpenAI and Anthropic both accept
 * `^[a-zA-Z0-9_-]{1,64}$` for function names).
 *
 * Rule: each part has other characters replaced by `_` and is trimmed of `_`; the type keeps 24
 * characters, the action 24; an id longer than 12 characters (or empty once cleaned) is replaced by
 * a 6-character hash of itself. When two actions still get the same name, the later one (in
 * snapshot order) gets `_<hash of id and action>` and, if needed, a counter. Names are therefore
 * stable for stable ids, and never equal `expand_node` (they always contain `__`).
 */

/** Longest tool name providers accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * A 32-bit FNV-1a hash in base 36 (6 characters).
 * @param text - what to hash.
 * @returns a short stable digest (not for security).
 */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0').slice(-6);
}

function clean(text: string, maxLength: number): string {
  return text
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxLength)
    .replace(/_+$/, '');
}

/**
 * The tool name of one action before collisions are resolved.
 * @param type - node type.
 * @param id - node id.
 * @param action - action name.
 * @returns `<type>_<id>__<action>`, at most 64 characters of `[a-zA-Z0-9_-]`.
 */
export function baseToolName(type: string, id: string, action: string): string {
  const cleanId = clean(id, 64);
  const idPart = cleanId.length === 0 || cleanId.length > 12 ? shortHash(id) : cleanId;
  return `${clean(type, 24) || 'node'}_${idPart}__${clean(action, 24) || 'action'}`;
}

/**
 * Resolves collisions among tool names; call in a fixed order for stable results.
 * @param base - the name from {@link baseToolName}.
 * @param seed - what makes the action unique (node id and action name).
 * @param used - names already taken; the returned name is added to it.
 * @returns `base`, or `base` with a hash (and counter) suffix, at most 64 characters.
 */
export function uniqueToolName(base: string, seed: string, used: Set<string>): string {
  let name = base;
  if (used.has(name)) {
    const stem = `${base.slice(0, MAX_TOOL_NAME_LENGTH - 7)}_${shortHash(seed)}`;
    name = stem;
    for (let counter = 2; used.has(name); counter++) {
      const suffix = `_${counter}`;
      name = `${stem.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
    }
  }
  used.add(name);
  return name;
}
