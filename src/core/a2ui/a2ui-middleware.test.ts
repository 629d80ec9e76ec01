// The real @ag-ui/a2ui-middleware (as CopilotKit's runtime installs it with `a2ui` on) in
// front of a scripted agent that calls render_a2ui, the way a model does: the events it emits
// go through the core as a recorded stream. Surfaces the middleware builds from a correct
// call lint clean; a call naming a component the basic catalogue lacks (which the middleware,
// given no catalogue, passes on) is caught. A child no component has the middleware catches
// itself: it sends a "retrying" status instead of the surface.
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { from, lastValueFrom, toArray, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { WEATHER_SURFACE } from '../../cli/probe/weather-surface.test-helper.js';
import { inspectBytes } from '../io/inspect-bytes.js';

class ScriptedAgent extends AbstractAgent {
  constructor(private readonly script: (input: RunAgentInput) => BaseEvent[]) {
    super();
  }
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return from(this.script(input));
  }
}

function renderCall(args: unknown): (input: RunAgentInput) => BaseEvent[] {
  const text = JSON.stringify(args);
  // The model streams its arguments in pieces; the middleware reads them as they come.
  const pieces = text.match(/.{1,40}/gs) ?? [];
  return (input) => [
    { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
    { type: EventType.TOOL_CALL_START, toolCallId: 'call-1', toolCallName: 'render_a2ui' } as BaseEvent,
    ...pieces.map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'call-1', delta }) as BaseEvent),
    { type: EventType.TOOL_CALL_END, toolCallId: 'call-1' } as BaseEvent,
    { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
  ];
}

async function throughMiddleware(args: unknown): Promise<BaseEvent[]> {
  const agent = new ScriptedAgent(renderCall(args));
  const input: RunAgentInput = {
    threadId: 'thread-a2ui',
    runId: 'run-1',
    state: {},
    messages: [{ id: 'u1', role: 'user', content: 'Show me the weather' }],
    tools: [],
    context: [],
    forwardedProps: {},
  };
  return lastValueFrom(new A2UIMiddleware({ injectA2UITool: true }).run(input, agent).pipe(toArray()));
}

function lint(events: readonly BaseEvent[]) {
  const jsonl = events.map((e, i) => JSON.stringify({ ...e, timestamp: 1764800000000 + i * 10 })).join('\n');
  const r = inspectBytes('middleware.jsonl', new TextEncoder().encode(jsonl + '\n'));
  if (!r.ok) throw new Error(r.error);
  return r.model;
}

const WEATHER = WEATHER_SURFACE;

describe('@ag-ui/a2ui-middleware surfaces', () => {
  it('lint clean when the call is correct, and arrive as a2ui-surface activities', async () => {
    const events = await throughMiddleware(WEATHER);
    const activities = events.filter((e) => e.type === EventType.ACTIVITY_SNAPSHOT);
    // The middleware's own shape, which the checks rely on.
    expect(activities.length).toBeGreaterThan(0);
    expect(activities.at(-1)).toMatchObject({
      activityType: 'a2ui-surface',
      content: { a2ui_operations: [{ createSurface: { surfaceId: 'weather' } }, {}, {}] },
    });
    const model = lint(events);
    expect(model.findings).toEqual([]);
  });

  it('reports a component the basic catalogue lacks (the middleware passes it on)', async () => {
    const broken = {
      ...WEATHER,
      components: [
        { id: 'root', component: 'Card', child: 'col' },
        { id: 'col', component: 'Column', children: ['title', 'temp'] },
        { id: 'title', component: 'Title', text: 'Weather' },
        { id: 'temp', component: 'Metric', label: 'Now', value: { path: '/weather/temperature' } },
      ],
    };
    const model = lint(await throughMiddleware(broken));
    expect(model.findings.map((f) => f.rule)).toEqual(['a2ui/unknown-component']);
    expect(model.findings[0]?.message).toContain(`'title' is "Title", 'temp' is "Metric"`);
    expect(model.findings[0]?.messageId).toBe('a2ui-surface-call-1');
  });
});
