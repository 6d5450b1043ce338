/**
 * Counterparts of a trace's files in the repository's other languages (failure class 4 of issue
 * #33). A React Native or Flutter component, a JNI or Python extension, is one component written
 * twice: `android/…/ImageViewManager.java` and `ios/RNSVGImage.m` on the native side,
 * `src/elements/Image.tsx` (or `lib/image.dart`) on the side that drives it. A native crash often
 * comes from what the other side handed over (a prop, a channel argument), and the fix lands there;
 * a localizer reading only the trace never leaves its language.
 *
 * The link is the component's name: a file's stem, read with the naming habits of such bridges
 * stripped — an upper-case class prefix (`RNSVG`, `RCT`, `FLT`) and platform role words at the end
 * (`View`, `Manager`, `Module`, `Plugin`, …) — gives keys from the most to the least specific
 * (`RNSVGImageView` → `rnsvgimageview`, `imageview`, `image`, …). A file of another language family
 * than every in-app frame is a counterpart of a frame's file when they share a key; for each frame
 * the most specific key that any such file shares is used, and its credit (the frame's weight) is
 * shared among the files sharing it, as a name defined in several files is
 * (`definerShares`). The role words are the suffixes of React Native's view managers, native
 * modules and shadow nodes and of Flutter's plugins and platform channels (their documentation's
 * naming); the prefix is Objective-C's class-prefix convention (Apple, "Programming with
 * Objective-C: Conventions").
 */
import type { RepositoryIndex } from '@sightline/codebase';
import { codeFoldersOf, fileRole } from '@sightline/codebase/internal';

/** Language families by extension: files of one family are one side of a bridge. */
const FAMILIES: Record<string, string> = {
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'js',
  ts: 'js',
  tsx: 'js',
  mts: 'js',
  cts: 'js',
  dart: 'dart',
  java: 'jvm',
  kt: 'jvm',
  kts: 'jvm',
  m: 'apple',
  mm: 'apple',
  swift: 'apple',
  c: 'c',
  h: 'c',
  cc: 'c',
  cpp: 'c',
  cxx: 'c',
  hpp: 'c',
  py: 'python',
  rs: 'rust',
  go: 'go',
  cs: 'dotnet',
  rb: 'ruby',
  php: 'php',
};

/** Words a bridge adds around a component's name at the end of a class or file name. */
const ROLE_WORDS = new Set([
  'view',
  'views',
  'manager',
  'module',
  'plugin',
  'package',
  'delegate',
  'impl',
  'shadow',
  'node',
  'spec',
  'native',
  'component',
  'bridge',
  'channel',
  'handler',
  'android',
  'ios',
  'platform',
  'interface',
]);

/** Keys shorter than this (`ui`, `db`) name no component. */
const MIN_KEY_LENGTH = 3;

/**
 * The language family of a path, by its extension.
 * @param path - repository-relative path.
 * @returns the family (`js`, `jvm`, `apple`, `dart`, …), or `undefined` for a file that is not code.
 */
export function languageFamily(path: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension ? FAMILIES[extension] : undefined;
}

/** A stem's words with their case (`RNSVGImageView` → `RNSVG`, `Image`, `View`). */
function stemWords(stem: string): string[] {
  return stem
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * The component keys of a file, most specific first: its stem's words, then without an upper-case
 * class prefix, each also with role words dropped from the end one at a time.
 * @param path - repository-relative path.
 * @returns lower-case keys of at least {@link MIN_KEY_LENGTH} characters, deduplicated, in order.
 * @example componentKeys('ios/Elements/RNSVGImageView.m'); // ['rnsvgimageview', 'rnsvgimage', 'imageview', 'image']
 */
export function componentKeys(path: string): string[] {
  const base = path.split('/').at(-1) ?? '';
  const words = stemWords(base.slice(0, base.indexOf('.') > 0 ? base.indexOf('.') : undefined));
  const [first] = words;
  const prefixed = first && words.length > 1 && /^[A-Z]{2,}$/.test(first);
  const keys: string[] = [];
  for (const variant of prefixed ? [words, words.slice(1)] : [words]) {
    const kept = [...variant];
    while (kept.length > 0) {
      keys.push(kept.join('').toLowerCase());
      const last = kept.at(-1)?.toLowerCase() ?? '';
      if (!ROLE_WORDS.has(last)) break;
      kept.pop();
    }
  }
  return [...new Set(keys)].filter((key) => key.length >= MIN_KEY_LENGTH);
}

/** A weighted in-app frame, as far as counterparts need. */
export interface CounterpartFrame {
  path: string;
  /** The frame's weight (`frameWeights`). */
  weight: number;
}

/** A file credited as the counterpart of a frame's file. */
export interface Counterpart {
  /** The frame's weight times this file's share of the key, in (0, 1]. */
  score: number;
  /** The frame's file it is the counterpart of. */
  of: string;
  /** The shared component key. */
  key: string;
}

/**
 * Files of the repository's other language families that share a component's name with the files
 * of the trace (see the module's header).
 * @param index - the repository index.
 * @param frames - the in-app frames with their weights.
 * @returns per counterpart file, its best credit; empty when every frame's family is the only one
 *   with a file of that name.
 */
export function crossLanguageCounterparts(
  index: RepositoryIndex,
  frames: readonly CounterpartFrame[],
): Map<string, Counterpart> {
  const found = new Map<string, Counterpart>();
  if (frames.length === 0) return found;
  const traceFamilies = new Set(frames.map((frame) => languageFamily(frame.path)));
  const byKey = new Map<string, string[]>();
  const codeFolders = codeFoldersOf(index);
  for (const file of index.files.values()) {
    const family = languageFamily(file.path);
    if (!family || traceFamilies.has(family)) continue;
    // Tests, examples and declarations of the other side are not where its component lives; a
    // file the index does not parse (Dart, Swift) is still code by its extension.
    if (!['source', 'other'].includes(fileRole(file.path, file.language, codeFolders))) continue;
    for (const key of componentKeys(file.path))
      byKey.set(key, [...(byKey.get(key) ?? []), file.path]);
  }
  if (byKey.size === 0) return found;
  for (const frame of frames) {
    const key = componentKeys(frame.path).find((candidate) => byKey.has(candidate));
    const files = key ? (byKey.get(key) ?? []) : [];
    for (const path of files) {
      const score = frame.weight / files.length;
      if (key && score > (found.get(path)?.score ?? 0))
        found.set(path, { score, of: frame.path, key });
    }
  }
  return found;
}
