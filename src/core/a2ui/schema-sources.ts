// The official A2UI JSON Schemas (vendored byte-exact under ./vendor, see PROVENANCE.md),
// with the ids they are registered under. Two adjustments, made on copies here rather than in
// the vendored files:
// - A message schema refers to its catalogue as the sibling "catalog.json"; a catalogue is
//   registered under that id (the basic one, or a lenient stand-in for any other).
// - Catalogue functions are referred to as "#/functions/NAME", and one is named `required`:
//   @cfworker/json-schema indexes subschemas by keyword and never indexes one under a key
//   named like a keyword, so "#/functions/required" would not resolve. The functions are
//   copied under $defs and the references pointed there.
import v08Message from './vendor/v0_8/server_to_client.json' with { type: 'json' };
import v08Standard from './vendor/v0_8/standard_catalog_definition.json' with { type: 'json' };
import v09Basic from './vendor/v0_9/basic_catalog.json' with { type: 'json' };
import v09Common from './vendor/v0_9/common_types.json' with { type: 'json' };
import v09Message from './vendor/v0_9/server_to_client.json' with { type: 'json' };
import v10Message from './vendor/v1_0/agent_to_renderer.json' with { type: 'json' };
import v10Basic from './vendor/v1_0/basic_catalog.json' with { type: 'json' };
import v10Common from './vendor/v1_0/common_types.json' with { type: 'json' };
import type { A2uiVersion } from './messages.js';

export type SchemaDoc = Readonly<Record<string, unknown>>;
export type CatalogueDoc = SchemaDoc & { readonly components: Readonly<Record<string, unknown>> };

const base = (version: A2uiVersion): string =>
  `https://a2ui.org/specification/${version === 'v0.8' ? 'v0_8' : version === 'v0.9' ? 'v0_9' : 'v1_0'}/`;

/** The id a message schema resolves "catalog.json" to. */
export const catalogueAlias = (version: A2uiVersion): string => `${base(version)}catalog.json`;
/** The id the message schema is registered under (v0.8's has none of its own). */
export const messageSchemaId = (version: A2uiVersion): string =>
  version === 'v0.8' ? `${base(version)}server_to_client.json` : (MESSAGE_SCHEMA[version]['$id'] as string);

export const MESSAGE_SCHEMA: Readonly<Record<A2uiVersion, SchemaDoc>> = {
  'v0.8': v08Message as SchemaDoc,
  'v0.9': v09Message as SchemaDoc,
  'v1.0': v10Message as SchemaDoc,
};

export const COMMON_TYPES: Readonly<Record<A2uiVersion, SchemaDoc | undefined>> = {
  'v0.8': undefined,
  'v0.9': v09Common as SchemaDoc,
  'v1.0': v10Common as SchemaDoc,
};

export const BASIC_CATALOGUE_SCHEMA: Readonly<Record<A2uiVersion, CatalogueDoc>> = {
  'v0.8': v08Standard as unknown as CatalogueDoc,
  'v0.9': v09Basic as unknown as CatalogueDoc,
  'v1.0': v10Basic as unknown as CatalogueDoc,
};

/** A catalogue document ready to register under `id`: functions reachable (see above). */
export function registrableCatalogue(doc: CatalogueDoc, id: string): SchemaDoc {
  const functions = doc['functions'];
  const defs: Record<string, unknown> = { ...(doc['$defs'] as Record<string, unknown> | undefined) };
  if (typeof functions === 'object' && functions !== null)
    for (const [name, schema] of Object.entries(functions)) defs[`function-${name}`] = schema;
  const text = JSON.stringify({ ...doc, $id: id, $defs: defs }).replaceAll('"#/functions/', '"#/$defs/function-');
  return JSON.parse(text) as SchemaDoc;
}

/**
 * What a message schema's "catalog.json" refers to when the surface's catalogue is not one we
 * hold: any component with an id and a type name, any theme. The components themselves are
 * then judged only structurally (ids, children, bindings), not against a schema.
 */
export function lenientCatalogue(version: A2uiVersion): SchemaDoc {
  return {
    $id: catalogueAlias(version),
    $defs: {
      anyComponent: {
        type: 'object',
        properties: { id: { type: 'string' }, component: { type: 'string' } },
        required: ['id', 'component'],
        // Counts every property as evaluated: v1.0 wraps components in unevaluatedProperties: false.
        additionalProperties: true,
      },
      anyFunction: { type: 'object' },
      theme: { type: 'object' },
    },
  };
}
