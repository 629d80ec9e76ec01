// An event-stream entry a HAR names but holds no body for: a finding of its file
// (capture/body-not-recorded), not a reason to refuse the file, so `lint` still judges the
// other entries and files. The advice names each recorder that writes HARs users bring.
import type { Finding } from '../findings.js';
import { ruleOf } from '../catalogue/catalogue.js';
import type { BodilessRequest } from './types.js';

export const RECORD_BODIES =
  'To record bodies: in Chrome DevTools, Network → right-click → "Save all as HAR with content" (Chrome keeps no body ' +
  "of a stream still open or very large; the AG-UI panel's export keeps every byte); in Playwright, recordHar with " +
  "content 'embed' or 'attach' (not 'omit'; with 'attach' keep the body files next to the HAR), closing the context " +
  'only after the streams ended; or let `agui-inspector probe URL --har FILE` call the agent and record its answers.';

function why(b: BodilessRequest): string {
  if (b.sidecar !== undefined) return `its body file ${b.sidecar} is not next to the HAR (or in its zip)`;
  switch (b.reason) {
    case 'eventsource':
      return 'an EventSource response, whose body Chrome does not save';
    case 'cut-off':
      return `the response was cut off${b.error !== undefined ? ` (${b.error})` : ''} before the recorder kept it`;
    case 'not-saved':
      return 'the recorder did not keep its body';
  }
}

/** The stream id a body-less entry's finding names (no stream of the model has it). */
export const bodilessStreamId = (index: number): string => `bodiless:${index}`;

export function bodilessFindings(bodiless: readonly BodilessRequest[]): Finding[] {
  const rule = ruleOf('capture/body-not-recorded');
  return bodiless.map((b, i) => ({
    rule: rule.id,
    severity: rule.severity,
    message: `${b.method} ${b.url}: the HAR holds no body for this event-stream response: ${why(b)}; nothing of it was checked`,
    streamId: bodilessStreamId(i),
    events: [],
    t: b.startedAt,
  }));
}
