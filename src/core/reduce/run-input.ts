// Reads a RunAgentInput (the request body, or the RUN_STARTED.input echo) leniently: the
// inspector must show what was sent even when it is not quite a RunAgentInput.
import type { RunInputModel } from '../model/types.js';
import { isRecord } from './payload.js';

export function parseRunInput(raw: unknown): RunInputModel | undefined {
  if (!isRecord(raw)) return undefined;
  const threadId = typeof raw['threadId'] === 'string' ? raw['threadId'] : undefined;
  const runId = typeof raw['runId'] === 'string' ? raw['runId'] : undefined;
  const messages = Array.isArray(raw['messages']) ? (raw['messages'] as readonly unknown[]) : [];
  // Without any of the identifying fields this is some other JSON body, not a run input.
  if (threadId === undefined && runId === undefined && !Array.isArray(raw['messages'])) return undefined;
  const tools: { name: string; parameters?: unknown }[] = [];
  if (Array.isArray(raw['tools'])) {
    for (const t of raw['tools'] as readonly unknown[]) {
      if (isRecord(t) && typeof t['name'] === 'string') {
        tools.push('parameters' in t ? { name: t['name'], parameters: t['parameters'] } : { name: t['name'] });
      }
    }
  }
  // One literal with every key, no spreads: see newRun in runs.ts.
  return { threadId, runId, tools, messages, raw };
}

/** The request body is text; it may be absent, capped or not JSON at all. */
export function parseRequestBody(body: string | undefined): RunInputModel | undefined {
  if (body === undefined || body.trim() === '') return undefined;
  try {
    return parseRunInput(JSON.parse(body));
  } catch {
    return undefined;
  }
}
