/** Where the training scripts write the localizer's shipped model files. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The path of a shipped model file of the localizer.
 * @param name - its file name, e.g. `tie-model.json`.
 * @returns packages/investigator/src/localize/model/<name>, absolute.
 */
export function localizeModelPath(name: string): string {
  return path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'src',
    'localize',
    'model',
    name,
  );
}
