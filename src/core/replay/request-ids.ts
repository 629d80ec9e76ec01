// threadId and runId of an incoming run request: from a RunAgentInput body (POST) or from
// the query string (GET, as EventSource clients send them). Read by `serve` and by the
// Playwright fixture's routing, so both answer a request with its own ids.
export interface RequestIds {
  readonly threadId?: string;
  readonly runId?: string;
}

/** The query string's parameters (URLSearchParams has this shape). */
export interface QueryParams {
  get(name: string): string | null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function requestIds(query: QueryParams, body: string): RequestIds {
  let threadId = text(query.get('threadId'));
  let runId = text(query.get('runId'));
  if (body.trim().startsWith('{')) {
    try {
      const input: unknown = JSON.parse(body);
      if (typeof input === 'object' && input !== null) {
        const record = input as Record<string, unknown>;
        threadId = text(record['threadId']) ?? threadId;
        runId = text(record['runId']) ?? runId;
      }
    } catch {
      // Not JSON: the request still gets a run in order; only thread matching needs the id.
    }
  }
  return { ...(threadId !== undefined ? { threadId } : {}), ...(runId !== undefined ? { runId } : {}) };
}
