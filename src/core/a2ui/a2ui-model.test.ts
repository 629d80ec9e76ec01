// Recognition, the surface model and the vendored schemas, piece by piece.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasPointer, setAtPointer } from './data-model.js';
import { a2uiMessagesIn, a2uiMessagesInText } from './messages.js';
import { validateMessage } from './schemas.js';
import { childIds } from './structure.js';
import { applyA2uiMessages } from './surfaces.js';

describe('a2uiMessagesIn', () => {
  it('reads the middleware content, a bare list, one message and an a2ui_json string', () => {
    const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' } };
    expect(a2uiMessagesIn({ a2ui_operations: [create] })?.map((m) => [m.version, m.op, m.surfaceId])).toEqual([
      ['v0.9', 'createSurface', 's'],
    ]);
    expect(a2uiMessagesIn([{ beginRendering: { surfaceId: 'x', root: 'r' } }])?.[0]?.version).toBe('v0.8');
    expect(a2uiMessagesIn({ version: 'v1.0', deleteSurface: { surfaceId: 'y' } })?.[0]?.version).toBe('v1.0');
    expect(a2uiMessagesIn({ a2ui_json: JSON.stringify([create]) })?.[0]?.op).toBe('createSurface');
  });

  it('leaves what is not A2UI alone, and text without a surfaceId unparsed', () => {
    expect(a2uiMessagesIn({ status: 'building' })).toBeUndefined();
    expect(a2uiMessagesIn([{ id: 'root', component: 'Text' }])).toBeUndefined();
    expect(a2uiMessagesInText('{"createSurface": {}}')).toBeUndefined();
    expect(a2uiMessagesInText('{"surfaceId": ')).toBeUndefined();
  });
});

describe('the data model', () => {
  it('writes and removes by JSON Pointer without touching the model before', () => {
    const before = { a: { b: 1 } };
    const after = setAtPointer(before, '/a/c~1d', 2);
    expect(after).toEqual({ a: { b: 1, 'c/d': 2 } });
    expect(before).toEqual({ a: { b: 1 } });
    expect(setAtPointer(after, '/a/b', undefined)).toEqual({ a: { 'c/d': 2 } });
    expect(hasPointer(after, '/a/c~1d')).toBe(true);
    expect(hasPointer(after, '/a/x')).toBe(false);
  });
});

describe('surfaces', () => {
  it('v0.8: beginRendering names the root; typed contents become JSON', () => {
    const s = applyA2uiMessages(
      a2uiMessagesIn([
        { surfaceUpdate: { surfaceId: 's', components: [{ id: 'r', component: { Text: { text: { path: '/n' } } } }] } },
        { dataModelUpdate: { surfaceId: 's', contents: [{ key: 'n', valueNumber: 3 }] } },
        { beginRendering: { surfaceId: 's', root: 'r' } },
      ]) ?? [],
    ).get('s');
    expect(s?.root).toBe('r');
    expect(s?.begun).toBe(true);
    expect(s?.dataModel).toEqual({ n: 3 });
    expect(s?.components.get('r')?.type).toBe('Text');
  });

  it('finds children wherever the component keeps them', () => {
    const comp = {
      id: 'x',
      type: 'T',
      from: { message: 0, index: 0 },
      props: {
        child: 'a',
        children: ['b', 'c'],
        tabItems: [{ title: 't', child: 'd' }],
        entryPointChild: 'e',
        template: { componentId: 'f', dataBinding: '/list' },
        action: { event: { name: 'go', context: { child: 'not-a-child' } } },
      },
    };
    expect(childIds(comp).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('the vendored schemas', () => {
  it('are the files PROVENANCE.md names, byte for byte', () => {
    const dir = new URL('./vendor/', import.meta.url);
    const table = readFileSync(new URL('PROVENANCE.md', dir), 'utf8');
    const rows = [...table.matchAll(/^\| (v\d_\d\/[\w.]+\.json) +\| [^|]+\| ([0-9a-f]{16}) \|$/gm)];
    expect(rows.length).toBe(8);
    for (const [, file, hash] of rows) {
      const digest = createHash('sha256')
        .update(readFileSync(new URL(file as string, dir)))
        .digest('hex');
      expect(digest.slice(0, 16), file).toBe(hash);
    }
  });

  it('name what a message lacks (createSurface without its catalogId)', () => {
    const errors = validateMessage(
      a2uiMessagesIn({ version: 'v0.9', createSurface: { surfaceId: 's' } })?.[0] ?? (undefined as never),
    );
    expect(errors.map((e) => e.message).join(' ')).toContain('catalogId');
  });
});
