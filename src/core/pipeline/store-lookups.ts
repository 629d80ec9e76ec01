// What the rules may ask the store (RuleContext.run / .call): the reducer's records,
// found through the store's indexes, never copied.
import type { RunModel, ToolCallModel } from '../model/types.js';
import type { Store } from '../reduce/store.js';

export interface StoreLookups {
  readonly run: (key: string) => RunModel | undefined;
  readonly call: (key: string, id: string) => ToolCallModel | undefined;
}

export function storeLookups(store: Store): StoreLookups {
  return {
    run: (key) => store.runs.get(key)?.run,
    call: (key, id) => store.runs.get(key)?.calls.get(id)?.call,
  };
}
