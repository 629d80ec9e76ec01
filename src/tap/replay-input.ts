// The run a replayed request asks for, as fetch and XMLHttpRequest replays both read it: a
// body that is a RunAgentInput (own data properties threadId and runId, both strings; no
// getter of the page's is run), and the JSON literals of those two ids, which a replay that
// rewrites ids puts in place of the recorded ones.
import type { Intrinsics } from './intrinsics.js';

export interface RunInputs {
  /** The parsed RunAgentInput, or undefined for any other body (or none). */
  input(text: string | undefined): object | undefined;
  /** [threadId, runId] as JSON literals, quotes included. */
  ids(input: object): Uint8Array[];
}

export function runInputs(
  I: Intrinsics,
  parse: (text: string) => unknown,
  stringify: (value: unknown) => string,
): RunInputs {
  const enc = new I.TextEncoder();
  const own = (o: unknown, key: string): unknown => {
    if (typeof o !== 'object' || o === null) return undefined;
    const d = I.getOwnPropertyDescriptor(o, key);
    return d && 'value' in d ? d.value : undefined;
  };
  return {
    input(text) {
      if (text === undefined) return undefined;
      try {
        const v: unknown = parse(text);
        return typeof own(v, 'threadId') === 'string' && typeof own(v, 'runId') === 'string'
          ? (v as object)
          : undefined;
      } catch {
        return undefined;
      }
    },
    ids(input) {
      return [I.encode(enc, stringify(own(input, 'threadId'))), I.encode(enc, stringify(own(input, 'runId')))];
    },
  };
}
