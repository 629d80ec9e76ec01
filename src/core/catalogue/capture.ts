// The capture/ family: what a recording lacks, so nothing of it could be checked. Raised by
// the file loaders (src/core/io/har-no-body.ts), not by the stream rules.
import { ruleFamily } from './rule-family.js';

export const CAPTURE_RULES = ruleFamily(
  { severity: 'error', fatal: false, client: 'no', needs: 'stream', specRef: 'HAR 1.2 › content (text)' },
  [
    {
      id: 'capture/body-not-recorded',
      specText:
        'The response content object holds the body in its text field; a recorder may leave it out, and then the events cannot be read.',
      explain:
        "Record the HAR again with bodies: Chrome DevTools' \"Save all as HAR with content\", Playwright's recordHar with content 'embed' or 'attach' (its body files next to the HAR), or `agui-inspector probe --har`.",
    },
  ],
);
