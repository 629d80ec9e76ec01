// The probe's own finding ids (contracts between request and answer), documented in
// docs/probe.md. Like the protocol rules' ids, they are stable and never reused.
export const PROBE_RULE_IDS = [
  'probe/no-answer',
  'probe/hang',
  'probe/http-status',
  'probe/content-type',
  'probe/run-started-echo',
  'probe/run-error',
  'probe/expectation',
  'probe/not-exercised',
  'probe/frontend-answer-rejected',
  'probe/state-round-trip',
  'probe/thread-continues',
  'probe/cancel-ignored',
  'probe/malformed-input',
  'probe/crossed-runs',
  'probe/no-run',
  'probe/run-after-cancel',
  'probe/too-large',
  'probe/no-terminal',
] as const;

export const isProbeRule = (id: string): boolean => (PROBE_RULE_IDS as readonly string[]).includes(id);
