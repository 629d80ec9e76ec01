// The part of madge's API scripts/check-cycles.ts uses (madge ships no types).
declare module 'madge' {
  interface MadgeConfig {
    /** Paths in the results are relative to this. */
    readonly baseDir?: string;
    readonly fileExtensions?: readonly string[];
    /** A tsconfig.json whose compiler options resolve the imports (`.js` specifiers to `.ts` files). */
    readonly tsConfig?: string;
  }

  interface MadgeResult {
    /** Each circle found, as the files along it. */
    circular(): string[][];
    /** Imports madge could not resolve to a file (npm packages it does not follow, and typos). */
    warnings(): { skipped: string[] };
  }

  export default function madge(path: string | readonly string[], config?: MadgeConfig): Promise<MadgeResult>;
}
