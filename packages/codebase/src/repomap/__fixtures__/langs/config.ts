export interface Options {
  radius?: number;
}

export function readConfig(file: string): Options {
  return { radius: file.length };
}
