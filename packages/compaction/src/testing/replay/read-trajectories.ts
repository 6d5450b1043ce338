/** Reads every trajectory (`*.traj`, `*.traj.json`) of a folder into replay scripts. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseTrajectory, type ReplayScript } from './parse-trajectory.js';

/** One trajectory file and its script. */
export interface TrajectoryFile {
  /** File name, e.g. `marshmallow-1867_default.traj`. */
  file: string;
  /** Size of the file, bytes. */
  bytes: number;
  script: ReplayScript;
}

/**
 * Reads and parses each `*.traj` or `*.traj.json` file of `dir`, sorted by name.
 * @param dir - the folder (e.g. `../shared/data/trajectories` from the repository root).
 * @returns the parsed files; `[]` when the folder does not exist.
 * @throws SightlineError `INVALID_ARGUMENT` naming the file when one is not a readable trajectory.
 */
export async function readTrajectories(dir: string): Promise<TrajectoryFile[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir))
    .filter((name) => name.endsWith('.traj') || name.endsWith('.traj.json'))
    .sort();
  return Promise.all(
    names.map(async (file) => {
      const text = await readFile(path.join(dir, file), 'utf8');
      return {
        file,
        bytes: Buffer.byteLength(text),
        script: parseTrajectory(text, { source: file }),
      };
    }),
  );
}
