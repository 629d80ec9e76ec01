// Which components a surface may use: the standard (v0.8) or basic (v0.9, v1.0) catalogue
// of the A2UI version when the surface names it (or, in v0.8, names none), or the
// application's own catalogue when the user gives one (lint --a2ui-catalogue, config key
// "a2uiCatalogue"). Any other catalogue id: unknown, so no component is judged against it.
import { isRecord } from '../json-value.js';
import type { A2uiVersion } from './messages.js';
import { BASIC_CATALOGUE_SCHEMA } from './schema-sources.js';

export interface A2uiCatalogue {
  /** Undefined: the catalogue applies to every surface that does not use a standard one. */
  readonly catalogId: string | undefined;
  readonly components: ReadonlySet<string>;
  /** Where it came from, for messages ("the basic catalogue of A2UI v0.9", a file name). */
  readonly label: string;
  readonly standard: boolean;
}

const V08_STANDARD_ID = 'https://a2ui.org/specification/v0_8/standard_catalog_definition.json';

// The ids a surface names its version's standard catalogue by: the catalogue's own id, and
// the shorter one @ag-ui/a2ui-middleware 0.0.10 sends by default for v0.9.
const STANDARD_IDS: Readonly<Record<A2uiVersion, readonly string[]>> = {
  'v0.8': [V08_STANDARD_ID],
  'v0.9': [
    'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
    'https://a2ui.org/specification/v0_9/basic_catalog.json',
  ],
  'v1.0': ['https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json'],
};

const standardCache = new Map<A2uiVersion, A2uiCatalogue>();

export function standardCatalogue(version: A2uiVersion): A2uiCatalogue {
  const hit = standardCache.get(version);
  if (hit) return hit;
  const schema = BASIC_CATALOGUE_SCHEMA[version];
  const made: A2uiCatalogue = {
    catalogId: STANDARD_IDS[version][0],
    components: new Set(Object.keys(schema.components)),
    label: `the ${version === 'v0.8' ? 'standard' : 'basic'} catalogue of A2UI ${version}`,
    standard: true,
  };
  standardCache.set(version, made);
  return made;
}

export function isStandardCatalogueId(version: A2uiVersion, catalogId: string | undefined): boolean {
  // v0.8: "If omitted, the client MUST default to the standard catalog for this A2UI version".
  if (catalogId === undefined) return version === 'v0.8';
  return STANDARD_IDS[version].includes(catalogId);
}

/** The catalogue a surface's components are judged against, or undefined when unknown. */
export function catalogueFor(
  version: A2uiVersion,
  catalogId: string | undefined,
  custom: A2uiCatalogue | undefined,
): A2uiCatalogue | undefined {
  if (custom !== undefined && custom.catalogId !== undefined && custom.catalogId === catalogId) return custom;
  if (isStandardCatalogueId(version, catalogId)) return standardCatalogue(version);
  return custom !== undefined && custom.catalogId === undefined ? custom : undefined;
}

/**
 * An application catalogue from its JSON: an A2UI catalogue document (`components` an object
 * keyed by component name, `catalogId` optional) or `{ "components": ["Name", ...] }`.
 */
export function parseA2uiCatalogue(value: unknown, label: string): A2uiCatalogue | string {
  if (!isRecord(value)) return `${label}: an A2UI catalogue is a JSON object with "components"`;
  const components = value['components'];
  const names = Array.isArray(components) ? components : isRecord(components) ? Object.keys(components) : undefined;
  if (names === undefined || names.length === 0 || !names.every((n) => typeof n === 'string'))
    return `${label}: "components" must be an object keyed by component name or a list of names`;
  const id = value['catalogId'] ?? value['$id'];
  return {
    catalogId: typeof id === 'string' ? id : undefined,
    components: new Set(names as string[]),
    label,
    standard: false,
  };
}
