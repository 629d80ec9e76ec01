// `agui-inspector print` of a customer's redacted file: the findings of the masked data, each
// one redaction made marked as such, then the original's findings the file carries.
import { describe, expect, it } from 'vitest';
import { redactedSession } from '../../core/io/findings-before.test-helper.js';
import { runCli } from '../memory-io.test-helper.js';

describe('agui-inspector print of a redacted session', () => {
  it("prints the original's findings against the masked data's", async () => {
    const r = await runCli(['print', 'customer-redacted.json'], {
      files: { 'customer-redacted.json': redactedSession().text },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/note: .*a redacted export/);
    expect(r.stdout).toMatch(
      /^ {2}error tool-call\/reopen-name-mismatch stream-0 #6 .*\(not in the original: redaction made it\)$/m,
    );
    expect(r.stdout).toMatch(/^findings before redaction: 2 \(redacted file: the masked data shows 1 of them/m);
    expect(r.stdout).toMatch(
      /^ {2}error tool-call\/args-schema-mismatch stream-0 #3 \(the masked data does not show it\)$/m,
    );
  });
});
