/**
 * Tool names for node actions, made of `[a-zA-Z0-9_-]` only and at most 64 characters, the
 * strictest common provider limit (OpenAI and Anthropic both accept `^[a-zA-Z0-9_-]{1,64}$`).
 *
 * The declared name first: the first node (in registration order) to declare an action is given
 * the action's own name (`set_environment`), as the developer wrote it and a person would call it,
 * and keeps it while it is registered. A later node declaring the same name (a dialog whose table
 * also has `sort`) is qualified by its id, `<id>__<action>`, the id the Markdown shows in brackets,
 * so the name says which node it acts on and mounting it never renames the first. Parts have other characters replaced by `_` and are trimmed of `_`; the action keeps 40
 * characters; the id is kept whole (readable ids make readable names: `filters__reset`) unless the
 * name would pass 64 characters or the id is empty once cleaned: then it becomes a 6-character
 * hash of itself. When two actions still get the same name, the later one (in snapshot order) gets
 * `_<hash of id and action>` and, if needed, a counter. A name is stable while its node is registered,
 * and never equals `expand_node` (an action of that name is qualified).
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

/** Name of the generic tool that fetches a node's details. */
export const EXPAND_NODE_TOOL = 'expand_node';

/**
 * The tool name of one action before collisions are resolved.
 * @param id - node id.
 * @param action - action name.
 * @param qualified - whether an earlier node declares the same action name (then the id is prefixed).
 * @returns `<action>` or `<id>__<action>`, at most 64 characters of `[a-zA-Z0-9_-]`.
 */
export function baseToolName(id: string, action: string, qualified: boolean): string {
  const name = clean(action, 40) || 'action';
  if (!qualified && name !== EXPAND_NODE_TOOL) return name;
  const cleanId = clean(id, MAX_TOOL_NAME_LENGTH);
  const fits = cleanId.length > 0 && cleanId.length + 2 + name.length <= MAX_TOOL_NAME_LENGTH;
  const idPart = fits ? cleanId : shortHash(id);
  return `${idPart}__${name}`;
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
