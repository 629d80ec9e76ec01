// Recognising A2UI messages in what an AG-UI stream carries: the content of an
// `a2ui-surface` activity ({ a2ui_operations: [...] }, as @ag-ui/a2ui-middleware and
// CopilotKit's runtime send it), a tool's arguments or result (the operations object, a
// list of messages, one message, or an `a2ui_json` string holding a list).
// A2UI › Message reference: v0.8 beginRendering/surfaceUpdate/dataModelUpdate/deleteSurface;
// v0.9 and v1.0 createSurface/updateComponents/updateDataModel/deleteSurface, with `version`.
import { isRecord } from '../json-value.js';

export type A2uiVersion = 'v0.8' | 'v0.9' | 'v1.0';

export const V08_OPS = ['beginRendering', 'surfaceUpdate', 'dataModelUpdate', 'deleteSurface'] as const;
export const V09_OPS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
// v1.0 adds two operations that touch no surface.
const V10_EXTRA = ['callRendererFunction', 'agentFunctionResponse'] as const;

export type A2uiOp = (typeof V08_OPS)[number] | (typeof V09_OPS)[number] | (typeof V10_EXTRA)[number];

export interface A2uiMessage {
  readonly version: A2uiVersion;
  /** Undefined: an object in an A2UI list that carries no operation we know. */
  readonly op: A2uiOp | undefined;
  readonly surfaceId: string | undefined;
  /** The operation's object (`message[op]`). */
  readonly body: Readonly<Record<string, unknown>>;
  readonly raw: Readonly<Record<string, unknown>>;
}

/** The key the middleware wraps operations in (@ag-ui/a2ui-middleware A2UI_OPERATIONS_KEY). */
export const A2UI_OPERATIONS_KEY = 'a2ui_operations';
/** The activity type the middleware gives its surfaces. */
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface';

const ALL_OPS: readonly A2uiOp[] = [...V09_OPS, ...V08_OPS.filter((o) => o !== 'deleteSurface'), ...V10_EXTRA];

function opOf(m: Readonly<Record<string, unknown>>): A2uiOp | undefined {
  for (const op of ALL_OPS) if (isRecord(m[op])) return op;
  return undefined;
}

function versionOf(m: Readonly<Record<string, unknown>>, op: A2uiOp | undefined): A2uiVersion {
  const declared = m['version'];
  if (typeof declared === 'string') {
    if (declared.startsWith('v1.')) return 'v1.0';
    if (declared.startsWith('v0.9')) return 'v0.9';
    if (declared.startsWith('v0.8')) return 'v0.8';
  }
  // v0.8 messages carry no version; its operations have their own names.
  if (op === 'beginRendering' || op === 'surfaceUpdate' || op === 'dataModelUpdate') return 'v0.8';
  if (op === 'deleteSurface' && declared === undefined) return 'v0.8';
  return 'v0.9';
}

function toMessage(item: Readonly<Record<string, unknown>>): A2uiMessage {
  const op = opOf(item);
  const body = op === undefined ? {} : (item[op] as Record<string, unknown>);
  const surfaceId = typeof body['surfaceId'] === 'string' ? body['surfaceId'] : undefined;
  return { version: versionOf(item, op), op, surfaceId, body, raw: item };
}

const isMessage = (v: unknown): v is Record<string, unknown> => isRecord(v) && opOf(v) !== undefined;

function fromList(list: readonly unknown[]): A2uiMessage[] | undefined {
  if (list.length === 0 || !list.some(isMessage)) return undefined;
  return list.filter(isRecord).map(toMessage);
}

/** The A2UI messages `value` carries, in order; undefined when it does not look like A2UI. */
export function a2uiMessagesIn(value: unknown): A2uiMessage[] | undefined {
  if (Array.isArray(value)) return fromList(value);
  if (!isRecord(value)) return undefined;
  const ops = value[A2UI_OPERATIONS_KEY];
  if (Array.isArray(ops)) return ops.length === 0 ? [] : fromList(ops);
  const json = value['a2ui_json'];
  if (typeof json === 'string') return a2uiMessagesInText(json);
  return isMessage(value) ? [toMessage(value)] : undefined;
}

/**
 * The same for text (a tool result's content, a call's arguments). A cheap test first: every
 * A2UI operation names its surface, so text without "surfaceId" is not parsed at all.
 */
export function a2uiMessagesInText(text: string): A2uiMessage[] | undefined {
  if (!text.includes('surfaceId')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // A result whose content is the operations object serialised twice (the middleware accepts it).
  if (typeof value === 'string') return a2uiMessagesInText(value);
  return a2uiMessagesIn(value);
}
