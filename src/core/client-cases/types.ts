// A client conformance case: one answer to a run request, played into the app under test,
// with what the official client (@ag-ui/client's HttpAgent) does with it and what a good
// client does. Plain data, so the CLI's `serve --cases`, the Playwright fixture and the
// panel's replay all play the same bytes.

/** One write of the answer's body, `at` ms after the response head. */
export type CasePart =
  /** An AG-UI event, sent as one SSE `data:` frame; lifecycle events get the request's ids. */
  | { readonly at: number; readonly event: Readonly<Record<string, unknown>> }
  /** Bytes as they are: an SSE comment (keep-alive), an error page, a frame cut off. */
  | { readonly at: number; readonly raw: string };

export interface CaseAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly parts: readonly CasePart[];
}

/** What the official client does with the stream (for official cases, the corpus's `expect`). */
export interface OfficialOutcome {
  /** `completed`: runAgent() resolves; `failed`: it rejects; `hangs`: it is still running when the body stays open. */
  readonly outcome: 'completed' | 'failed' | 'hangs';
  /** Text the rejection's message contains. */
  readonly errorContains?: string;
  /** Warnings the client logs (substrings), when the corpus names them. */
  readonly warnings?: readonly string[];
  /** How many messages the client holds afterwards, when known. */
  readonly messageCount?: number;
  /** Why the released client differs from what the specification requires, when it does. */
  readonly differs?: string;
}

export type CaseGroup = 'official' | 'frameworks';

export interface ClientCase {
  /** Stable: `official/<version>/<name>` or `frameworks/<name>`. */
  readonly id: string;
  readonly group: CaseGroup;
  readonly title: string;
  /** The AG-UI protocol version the stream speaks ("1.0", "1.1", "draft"). */
  readonly protocolVersion: string;
  /** Where the case comes from: the corpus file, or the framework and its report. */
  readonly source: string;
  /** What a good client does with it, in a sentence. */
  readonly goodClient: string;
  /** The client is expected to end in an error the user can see (failed run, transport error). */
  readonly shouldShowError: boolean;
  /** What the specification (the corpus's `expect`) requires; for framework cases, what a good client does. */
  readonly required: OfficialOutcome;
  /** What the released official client (@ag-ui/client's HttpAgent) does, measured. */
  readonly official: OfficialOutcome;
  readonly answer: CaseAnswer;
}
