// The conformance catalogue for generating one Playwright test per case:
//   for (const c of clientCases('frameworks')) test(c.title, async ({ page, agui }) => …)
import type { ClientCase } from '../core/client-cases/types.js';
import { casesOf } from './conformance.js';

/** The cases the picks name (`official`, `frameworks`, `all`, ids or id prefixes); all by default. */
export function clientCases(...picks: string[]): readonly ClientCase[] {
  return casesOf(picks);
}
