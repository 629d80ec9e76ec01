// The surfaces an ordered list of A2UI messages builds, as a renderer holds them: per surface
// id its components by id, its root, its data model, and whether it was begun (v0.8
// beginRendering, v0.9/v1.0 createSurface). Pure: each call returns new surfaces.
import { isRecord } from '../json-value.js';
import type { A2uiMessage, A2uiVersion } from './messages.js';
import { componentType } from './schemas.js';
import { setAtPointer } from './data-model.js';

export interface A2uiComponent {
  readonly id: string;
  /** Undefined when the component names no type the version's shape allows. */
  readonly type: string | undefined;
  /** The component's properties (v0.8: the object under its type name). */
  readonly props: Readonly<Record<string, unknown>>;
  /** Where the last definition was: message index in its list, component index in it. */
  readonly from: { readonly message: number; readonly index: number };
}

export interface A2uiSurface {
  readonly surfaceId: string;
  readonly version: A2uiVersion;
  readonly catalogId: string | undefined;
  /** beginRendering (v0.8) or createSurface (v0.9, v1.0) seen. */
  readonly begun: boolean;
  /** The root component id: beginRendering's `root` (v0.8), "root" (v0.9, v1.0). */
  readonly root: string | undefined;
  readonly components: ReadonlyMap<string, A2uiComponent>;
  readonly dataModel: unknown;
  readonly deleted: boolean;
  /** Message indexes that updated the surface before v0.9/v1.0 createSurface. */
  readonly updatedBeforeCreate: readonly number[];
}

export type Surfaces = ReadonlyMap<string, A2uiSurface>;

function empty(surfaceId: string, version: A2uiVersion): A2uiSurface {
  return {
    surfaceId,
    version,
    catalogId: undefined,
    begun: false,
    root: version === 'v0.8' ? undefined : 'root',
    components: new Map(),
    dataModel: {},
    deleted: false,
    updatedBeforeCreate: [],
  };
}

function propsOf(version: A2uiVersion, raw: Readonly<Record<string, unknown>>, type: string | undefined) {
  if (version !== 'v0.8') return raw;
  const wrapper = raw['component'];
  const inner = type !== undefined && isRecord(wrapper) ? wrapper[type] : undefined;
  return isRecord(inner) ? inner : {};
}

/** v0.8 typed entries ({ key, valueString | valueNumber | valueBoolean | valueMap }) as JSON. */
function v08Contents(contents: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(contents)) return out;
  for (const entry of contents) {
    if (!isRecord(entry) || typeof entry['key'] !== 'string') continue;
    const map = entry['valueMap'];
    out[entry['key']] =
      map !== undefined
        ? v08Contents(map)
        : (entry['valueString'] ?? entry['valueNumber'] ?? entry['valueBoolean'] ?? null);
  }
  return out;
}

function withComponents(s: A2uiSurface, list: unknown, message: number): A2uiSurface {
  if (!Array.isArray(list)) return s;
  const components = new Map(s.components);
  list.forEach((raw, index) => {
    if (!isRecord(raw) || typeof raw['id'] !== 'string') return;
    const type = componentType(s.version, raw);
    components.set(raw['id'], { id: raw['id'], type, props: propsOf(s.version, raw, type), from: { message, index } });
  });
  return { ...s, components };
}

function step(s: A2uiSurface, m: A2uiMessage, index: number): A2uiSurface {
  const b = m.body;
  const path = typeof b['path'] === 'string' ? b['path'] : '/';
  const catalogId = typeof b['catalogId'] === 'string' ? b['catalogId'] : undefined;
  const early = (): A2uiSurface =>
    s.version !== 'v0.8' && !s.begun ? { ...s, updatedBeforeCreate: [...s.updatedBeforeCreate, index] } : s;
  switch (m.op) {
    case 'createSurface':
      // Creating again after a delete starts over, as a renderer does.
      return { ...(s.deleted ? empty(s.surfaceId, m.version) : s), begun: true, catalogId, deleted: false };
    case 'beginRendering':
      return { ...s, begun: true, catalogId, root: typeof b['root'] === 'string' ? b['root'] : s.root };
    case 'surfaceUpdate':
    case 'updateComponents':
      return withComponents(early(), b['components'], index);
    case 'updateDataModel':
      return { ...early(), dataModel: setAtPointer(s.dataModel, path, 'value' in b ? b['value'] : undefined) };
    case 'dataModelUpdate':
      return { ...s, dataModel: setAtPointer(s.dataModel, path, v08Contents(b['contents'])) };
    case 'deleteSurface':
      return { ...s, deleted: true };
    default:
      return s;
  }
}

/** The surfaces after `messages`, applied in order onto `from`. */
export function applyA2uiMessages(messages: readonly A2uiMessage[], from: Surfaces = new Map()): Surfaces {
  const out = new Map(from);
  messages.forEach((m, index) => {
    if (m.surfaceId === undefined || m.op === undefined) return;
    const before = out.get(m.surfaceId) ?? empty(m.surfaceId, m.version);
    out.set(m.surfaceId, step(before, m, index));
  });
  return out;
}
