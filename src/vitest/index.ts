// `agui-inspector/vitest`: `toBeValidAgui`, a matcher for unit tests of an AG-UI server
// without a browser, for Vitest's or Jest's `expect.extend`:
//   import { aguiMatchers } from 'agui-inspector/vitest';
//   expect.extend(aguiMatchers);
//   expect(events).toBeValidAgui();                  an array of AG-UI events
//   expect(sseBody).toBeValidAgui({ failOn: 'warning' });  a body as text or bytes
//   await expect(response).toBeValidAgui();          a fetch Response (its body is read)
// Importing this module extends nothing and loads neither runner: the types below tell
// both what `expect.extend` added.
import type { ResponseLike } from './received.js';
import type { ValidAguiOptions } from './matcher.js';

export { aguiMatchers, toBeValidAgui } from './matcher.js';
export type { AguiMatcherContext, AguiMatcherResult, ValidAguiOptions } from './matcher.js';
export type { ResponseLike } from './received.js';
export type { AguiPolicy, FindingQuery } from '../playwright/judge.js';
export type { ClientProfile, Finding, Severity } from '../core/findings.js';

// One declaration types both runners without needing either installed: Vitest's assertions
// extend Jest's global `jest.Matchers<void, T>` (@vitest/expect), and Jest's are that
// interface (@types/jest). A `declare module 'vitest'` augmentation would instead fail to
// compile (TS2664) for a Jest user without Vitest and without skipLibCheck.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // Declared as @types/jest and @vitest/expect declare it, so the declarations merge.
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> {
      /**
       * Passes when the events, body or Response hold AG-UI runs with no failing findings.
       * A Response makes it a Promise: `await expect(response).toBeValidAgui()`.
       */
      toBeValidAgui(options?: ValidAguiOptions): T extends ResponseLike ? Promise<R> : R;
    }
  }
}
