// A2UI surfaces carried by AG-UI (an `a2ui-surface` activity, a tool's arguments or result):
// messages the official schema rejects, and surfaces a renderer cannot show as meant. None
// of these stops the AG-UI client: the damage is a surface that "parses but never mounts".
// This file is the family's rule table; its checks are in src/core/rules/a2ui.ts.
import { ruleFamily } from './rule-family.js';

export const A2UI_RULES = ruleFamily({ fatal: false, client: 'no', needs: 'stream' }, [
  {
    id: 'a2ui/schema',
    severity: 'warning',
    specRef: 'A2UI specification › Message reference; JSON Schemas (@a2ui/web_core)',
    specText:
      'Each message is an object with exactly one operation; its fields, and each component of the catalogue the surface uses, must match the published JSON Schema of the A2UI version.',
    explain:
      'Fix the message where the schema path points; renderers drop or misrender what they cannot parse, often silently.',
  },
  {
    id: 'a2ui/unknown-component',
    severity: 'warning',
    specRef: 'A2UI specification › Catalogs',
    specText:
      "A surface's components must be types its catalogue defines (the standard catalogue of the version, or the catalogue the surface names).",
    explain:
      'Use a component the catalogue has, or register the component in the catalogue the renderer uses (give the app catalogue with --a2ui-catalogue).',
  },
  {
    id: 'a2ui/missing-child',
    severity: 'warning',
    specRef: 'A2UI specification › Components (adjacency list)',
    specText:
      'Components are a flat list referring to children by id; every id a component names as a child must be a component of the surface.',
    explain: 'Send the child component in the same or an earlier update, or remove the reference.',
  },
  {
    id: 'a2ui/update-before-create',
    severity: 'warning',
    specRef: 'A2UI specification (v0.9, v1.0) › updateComponents, updateDataModel',
    specText: "A createSurface message MUST have been previously sent for the 'surfaceId' in this message.",
    explain: 'Send createSurface (with its catalogId) first; the renderer has no surface to update before it.',
  },
  {
    id: 'a2ui/never-rendered',
    severity: 'warning',
    specRef: 'A2UI specification › beginRendering, createSurface',
    specText:
      "A v0.8 surface renders once beginRendering names its root; in v0.9 and v1.0 one of the components MUST have the id 'root'.",
    explain:
      'Send beginRendering (v0.8) and make sure a component with the root id arrives: without it the surface stays empty.',
  },
  {
    id: 'a2ui/missing-data-path',
    severity: 'notice',
    specRef: 'A2UI specification › Data binding',
    specText:
      'A component bound to a data model path shows the value at that path; a path the data model lacks shows nothing.',
    explain:
      'Send the value with updateDataModel (dataModelUpdate in v0.8) before or with the components, or fix the path. Inputs bound to paths they create on typing can stay.',
  },
]);
