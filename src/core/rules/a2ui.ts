// A2UI surfaces in a run: the messages each source carries (an `a2ui-surface` activity's
// content as the client holds it, a tool call's arguments, a tool result), judged when the run
// ends, on what the renderer was finally given. Work per event only on ACTIVITY_* events and
// on tool calls and results whose text names a surfaceId (docs/performance.md).
import { catalogueFor, type A2uiCatalogue } from '../a2ui/catalogues.js';
import { a2uiMessagesIn, a2uiMessagesInText, type A2uiMessage } from '../a2ui/messages.js';
import { componentType, validateMessage, validateStandardComponent } from '../a2ui/schemas.js';
import { surfaceProblems, type SurfaceProblem } from '../a2ui/structure.js';
import { applyA2uiMessages, type A2uiSurface } from '../a2ui/surfaces.js';
import { isRecord } from '../json-value.js';
import { callFor } from './calls.js';
import type { A2uiSource as Source } from './a2ui-state.js';
import type { EventCheck } from './check-types.js';
import type { At, Out } from './out.js';
import { str } from './payload.js';

const MAX_SCHEMA_FINDINGS = 5;
const MAX_LISTED = 5;

function remember(
  c: EventCheck,
  key: string,
  label: string,
  activity: boolean,
  messages: A2uiMessage[],
  extra: Partial<At>,
): void {
  const state = (c.run.a2ui ??= new Map());
  // The engine reuses `c.at` and its event list: keep a copy.
  const at: At = { events: [...c.at.events], t: c.at.t, ...extra };
  const known = state.get(key);
  if (known) {
    known.messages = messages;
    known.at = at;
  } else state.set(key, { label, activity, messages, at });
}

export function onA2uiActivity(c: EventCheck): void {
  const id = str(c.p, 'messageId');
  if (id === undefined) return;
  // onActivityPatch ran first: this is the content the client holds now.
  const content = c.run.patches?.activities.get(id);
  const messages = a2uiMessagesIn(content);
  if (messages === undefined) return;
  remember(c, `activity ${id}`, `activity '${id}'`, true, messages, { messageId: id });
}

export function onA2uiToolResult(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  const content = c.p['content'];
  if (id === undefined || typeof content !== 'string') return;
  const messages = a2uiMessagesInText(content);
  if (messages === undefined) return;
  remember(c, `result ${id}`, `the result of call '${id}'`, false, messages, { toolCallId: id });
}

export function onA2uiToolEnd(c: EventCheck): void {
  const id = str(c.p, 'toolCallId');
  const call = id === undefined ? undefined : callFor(c, id);
  if (id === undefined || call === undefined) return;
  const messages = a2uiMessagesInText(call.args);
  if (messages === undefined) return;
  remember(c, `args ${id}`, `the arguments of call '${id}'`, false, messages, { toolCallId: id });
}

function describeMessage(m: A2uiMessage, index: number, source: Source): string {
  const what = m.op === undefined ? 'an object with no A2UI operation' : m.op;
  const surface = m.surfaceId === undefined ? '' : ` for surface '${m.surfaceId}'`;
  return `A2UI ${m.version} ${what}${surface} (message ${index} of ${source.label})`;
}

function checkSchemas(
  source: Source,
  surfaces: ReadonlyMap<string, A2uiSurface>,
  custom: A2uiCatalogue | undefined,
  out: Out,
): void {
  let reported = 0;
  source.messages.forEach((m, index) => {
    if (reported >= MAX_SCHEMA_FINDINGS) return;
    let errors = validateMessage(m);
    if (errors.length === 0 && (m.op === 'updateComponents' || m.op === 'surfaceUpdate')) {
      const surface = m.surfaceId === undefined ? undefined : surfaces.get(m.surfaceId);
      const catalogue = surface && catalogueFor(m.version, surface.catalogId, custom);
      const list = m.body['components'];
      if (catalogue?.standard && Array.isArray(list)) {
        errors = list.flatMap((raw, i) => {
          const type = componentType(m.version, raw);
          if (!isRecord(raw) || type === undefined || !catalogue.components.has(type)) return [];
          return validateStandardComponent(m.version, raw, type, `/${m.op}/components/${i}`);
        });
      }
    }
    if (errors.length === 0) return;
    reported++;
    const shown = [...new Set(errors.map((e) => `${e.path || '/'}: ${e.message.replace(/\.$/, '')}`))].slice(0, 3);
    out.add(
      'a2ui/schema',
      `${describeMessage(m, index, source)} does not match the schema: ${shown.join('; ')}`,
      source.at,
    );
  });
}

function listed<T>(items: readonly T[], show: (item: T) => string): string {
  const head = items.slice(0, MAX_LISTED).map(show).join(', ');
  return items.length > MAX_LISTED ? `${head} and ${items.length - MAX_LISTED} more` : head;
}

function reportProblem(
  p: SurfaceProblem,
  s: A2uiSurface,
  where: string,
  catalogue: A2uiCatalogue | undefined,
  out: Out,
  at: At,
): void {
  const surface = `A2UI ${s.version} surface '${s.surfaceId}' (${where})`;
  switch (p.kind) {
    case 'never-rendered':
      out.add('a2ui/never-rendered', `${surface} is never rendered: ${p.reason}.`, at);
      return;
    case 'unknown-component':
      out.add(
        'a2ui/unknown-component',
        `${surface} uses component types ${catalogue?.label ?? 'its catalogue'} does not define: ${listed(p.items, (i) => `'${i.id}' is ${JSON.stringify(i.type)}`)}.`,
        at,
      );
      return;
    case 'missing-child':
      out.add(
        'a2ui/missing-child',
        `${surface} refers to children no component has: ${listed(p.items, (i) => `'${i.id}' → '${i.child}'`)}.`,
        at,
      );
      return;
    case 'missing-data-path':
      out.add(
        'a2ui/missing-data-path',
        `${surface} binds data model paths it lacks: ${listed(p.items, (i) => `'${i.id}' → ${JSON.stringify(i.path)}`)}.`,
        at,
      );
      return;
  }
}

function judgeSource(source: Source, custom: A2uiCatalogue | undefined, out: Out): void {
  const surfaces = applyA2uiMessages(source.messages);
  checkSchemas(source, surfaces, custom, out);
  for (const s of surfaces.values()) {
    if (s.updatedBeforeCreate.length > 0) {
      const first = source.messages[s.updatedBeforeCreate[0] as number];
      out.add(
        'a2ui/update-before-create',
        `A2UI ${s.version} surface '${s.surfaceId}' (${source.label}) gets ${first?.op ?? 'an update'} (message ${s.updatedBeforeCreate[0]}) before any createSurface${s.begun ? '' : ', and none follows'}.`,
        source.at,
      );
    }
    const catalogue = catalogueFor(s.version, s.catalogId, custom);
    for (const p of surfaceProblems(s, catalogue)) reportProblem(p, s, source.label, catalogue, out, source.at);
  }
}

/** At RUN_FINISHED / RUN_ERROR: every source's final messages. */
export function onA2uiRunEnd(c: EventCheck): void {
  const state = c.run.a2ui;
  if (state === undefined) return;
  // With the middleware, a tool's operations reach the client as an activity: judge that one.
  const hasActivity = [...state.values()].some((s) => s.activity);
  for (const source of state.values()) if (source.activity || !hasActivity) judgeSource(source, c.a2uiCatalogue, c.out);
  c.run.a2ui = undefined;
}
