// A scenario is data: a pure function from the run input to the events the demo agent
// sends, plus what the reference client is expected to make of them. The server, the
// app, the fixture recorder and the tests all read the same objects.
import type { AGUIEvent, RunAgentInput } from '@ag-ui/core';

/** How the app reaches the scenario: HttpAgent over SSE, HttpAgent asking for protobuf, or a GET EventSource. */
export type ScenarioTransport = 'sse' | 'proto' | 'eventsource';

export interface Scenario {
  readonly name: string;
  readonly title: string;
  /** One line shown in the app under the picker. */
  readonly description: string;
  /** The user message the app sends with the first run. */
  readonly prompt: string;
  readonly transport: ScenarioTransport;
  /** What transformChunks + verifyEvents of @ag-ui/client 1.0 do with the event list. */
  readonly verdict: 'accepted' | 'rejected';
  /** A substring of the client's error when the verdict is 'rejected'. */
  readonly clientError?: string;
  /** The server destroys the socket instead of sending this many final events (a cut-off stream). */
  readonly cutTail?: number;
  /** Events written per delay tick, so a long session streams in seconds, not minutes. */
  readonly burst?: number;
  readonly events: (input: RunAgentInput) => AGUIEvent[];
}
