/** What the `sightline sources` commands read and write, and the sources they know. */
import type { SourceRegistry } from '@sightline/service';

/** Where a `sources` command reads and writes. */
export interface SourcesIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  readStdin: () => Promise<Uint8Array>;
  /** True when standard input is a terminal (secrets are then refused: typing would echo them). */
  stdinIsTerminal: boolean;
  /** The source modules. Default: the built-in ones (tests point them at local fake servers). */
  registry?: SourceRegistry;
  /** HTTP client handed to sources. Default: global fetch. */
  fetch?: typeof fetch;
}
