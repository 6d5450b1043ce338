/** The part of madge's API (v8, untyped) that check-cycles uses. */
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[];
    tsConfig?: string;
    baseDir?: string;
  }
  interface MadgeResult {
    /** Each cycle as the files in it, relative to the folder given. */
    circular(): string[][];
    /** Files that could not be resolved (other packages' entry points, JSON). */
    warnings(): { skipped: string[] };
  }
  export default function madge(path: string, config?: MadgeConfig): Promise<MadgeResult>;
}
