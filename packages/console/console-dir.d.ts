/** @returns the folder of the built console, or undefined before `npm run build` made it. */
export declare function builtConsoleDir(): string | undefined;
