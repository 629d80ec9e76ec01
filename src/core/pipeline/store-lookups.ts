// What the rules may ask the store (RuleContext.run / .call): the reducer's records,
// found through the store's indexes, never copied. Module-level functions called on an
// object holding the store (see create-inspector.ts on why not closures).
import type { RunModel, ToolCallModel } from '../model/types.js';
import type { Store } from '../reduce/store.js';

export interface StoreLookups {
  readonly run: (key: string) => RunModel | undefined;
  readonly call: (key: string, id: string) => ToolCallModel | undefined;
}

interface HasStore {
  readonly store: Store;
}

export function storeRun(this: HasStore, key: string): RunModel | undefined {
  return this.store.runs.get(key)?.run;
}

export function storeCall(this: HasStore, key: string, id: string): ToolCallModel | undefined {
  return this.store.runs.get(key)?.calls.get(id)?.call;
}

export function storeLookups(store: Store): StoreLookups & HasStore {
  return { store, run: storeRun, call: storeCall };
}
