// CopilotKit's real runtime (@copilotkit/runtime v2) with its `a2ui` option on, serving its
// BuiltInAgent over the AI SDK's mock model on 127.0.0.1: the runtime installs
// @ag-ui/a2ui-middleware, injects `render_a2ui`, and turns the model's call into
// `a2ui-surface` activities. Its wire bytes go through the core as a recorded stream: the
// surfaces are recognised and built, a correct call raises no finding, a component the basic
// catalogue lacks does (so the checks did read the runtime's output), and `render_a2ui` is
// known as the middleware's tool rather than an unadvertised one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCopilotKitServer, type CopilotKitServer } from '../../cli/probe/copilotkit-server.test-helper.js';
import { WEATHER_SURFACE, weatherRunInput } from '../../cli/probe/weather-surface.test-helper.js';
import { inspectBytes } from '../io/inspect-bytes.js';
import { middlewareTool } from '../labels/middleware-tools.js';
import type { SessionModel } from '../model/types.js';
import { a2uiMessagesIn } from './messages.js';
import { applyA2uiMessages } from './surfaces.js';

const WEATHER = WEATHER_SURFACE;
const UNKNOWN_COMPONENT = {
  ...WEATHER,
  components: [...WEATHER.components.slice(0, 3), { id: 'temp', component: 'Gauge', value: 21 }],
};

interface Served {
  readonly server: CopilotKitServer;
  readonly sse: string;
  readonly model: SessionModel;
}

async function serve(surface: unknown): Promise<Served> {
  const server = await startCopilotKitServer({ a2ui: { injectA2UITool: true }, toolInputs: { render_a2ui: surface } });
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(weatherRunInput('thread-a2ui')),
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const sse = await res.text();
  const r = inspectBytes('copilotkit-a2ui.sse', new TextEncoder().encode(sse));
  if (!r.ok) throw new Error(r.error);
  return { server, sse, model: r.model };
}

/** The events as the runtime sent them, read apart from the core. */
const wireEvents = (sse: string) =>
  sse
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);

// Filled once by beforeAll (src/core allows no module-level let).
const served: { clean?: Served; unknown?: Served } = {};
function get(which: keyof typeof served): Served {
  const s = served[which];
  if (!s) throw new Error(`the ${which} run was not served`);
  return s;
}
beforeAll(async () => {
  // The AI SDK warns that the runtime passes context as a system message: expected.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  served.clean = await serve(WEATHER);
  served.unknown = await serve(UNKNOWN_COMPONENT);
}, 60_000);
afterAll(async () => {
  for (const s of Object.values(served)) {
    s.server.mock.release();
    await s.server.close();
  }
  vi.restoreAllMocks();
});

describe('CopilotKit runtime with a2ui on', () => {
  it('sends the surface as a2ui-surface activity snapshots, which the core holds as the client does', () => {
    const snapshots = wireEvents(get('clean').sse).filter((e) => e.type === 'ACTIVITY_SNAPSHOT');
    // "building" progress first, then the operations as the arguments stream in.
    expect(snapshots.length).toBeGreaterThan(1);
    expect(snapshots.every((e) => e.activityType === 'a2ui-surface')).toBe(true);
    const run = get('clean').model.runs[0];
    expect(get('clean').model.runs).toHaveLength(1);
    expect(run?.activities).toHaveLength(1);
    const activity = run?.activities[0];
    expect(activity?.activityType).toBe('a2ui-surface');
    expect(activity?.marks).toHaveLength(snapshots.length);
    expect(activity?.content).toEqual(snapshots.at(-1)?.content);
  });

  it('builds the surface from the last snapshot: tree, root and data model', () => {
    const messages = a2uiMessagesIn(get('clean').model.runs[0]?.activities[0]?.content);
    expect(messages?.map((m) => m.version)).toEqual(['v0.9', 'v0.9', 'v0.9']);
    const weather = applyA2uiMessages(messages ?? []).get('weather');
    expect(weather).toMatchObject({ begun: true, root: 'root', deleted: false, updatedBeforeCreate: [] });
    expect([...(weather?.components.values() ?? [])].map((c) => `${c.id} ${c.type ?? '?'}`)).toEqual([
      'root Card',
      'col Column',
      'title Text',
      'temp Text',
    ]);
    expect(weather?.dataModel).toEqual(WEATHER.data);
  });

  it('raises no A2UI or activity finding on a correct surface, and names a component the catalogue lacks', () => {
    // The one finding is true and not the middleware's: the runtime's AI SDK converter
    // (dist/agent/converters/aisdk) adds `finishReason` to RUN_FINISHED, which neither
    // @ag-ui/core 1.0 nor the runtime's own @ag-ui/core 0.0.59 describes (the client strips it).
    const rules = (m: SessionModel) => m.findings.map((f) => f.rule).sort();
    expect(rules(get('clean').model)).toEqual(['event/unknown-property']);
    expect(get('clean').model.findings[0]?.message).toContain('RUN_FINISHED carries "finishReason"');
    expect(rules(get('unknown').model)).toEqual(['a2ui/unknown-component', 'event/unknown-property']);
    expect(get('unknown').model.findings.find((f) => f.rule.startsWith('a2ui/'))?.message).toContain('"Gauge"');
  });

  it('knows render_a2ui as the a2ui middleware tool, though the request did not advertise it', () => {
    const call = get('clean').model.runs[0]?.toolCalls.find((c) => c.name === 'render_a2ui');
    expect(call?.advertised).toBe(false);
    expect(middlewareTool('render_a2ui')?.source).toBe('@ag-ui/a2ui-middleware');
  });
});
