// Where a served body's lifecycle events carry their ids, held compactly: a 500 MB body has
// hundreds of thousands of id literals, and an object per literal cost tens of MB where
// these typed arrays cost 17 bytes each. Offsets are doubles: files over 4 GiB fit.
import type { IdField, IdPatch } from '../../core/replay/types.js';

const FIELDS: readonly IdField[] = ['threadId', 'runId'];

export interface PatchTable {
  readonly length: number;
  start(i: number): number;
  end(i: number): number;
  field(i: number): IdField;
  /** Every patch as an object (tests and small bodies). */
  list(): IdPatch[];
}

export interface PatchTableBuilder {
  push(patch: IdPatch): void;
  done(): PatchTable;
}

export function patchTableBuilder(): PatchTableBuilder {
  let bounds = new Float64Array(1024);
  let fields = new Uint8Array(512);
  let n = 0;
  return {
    push(p) {
      if (n === fields.length) {
        const b = new Float64Array(bounds.length * 2);
        b.set(bounds);
        bounds = b;
        const f = new Uint8Array(fields.length * 2);
        f.set(fields);
        fields = f;
      }
      bounds[2 * n] = p.start;
      bounds[2 * n + 1] = p.end;
      fields[n++] = FIELDS.indexOf(p.field);
    },
    done() {
      const b = bounds.slice(0, 2 * n);
      const f = fields.slice(0, n);
      const table: PatchTable = {
        length: n,
        start: (i) => b[2 * i]!,
        end: (i) => b[2 * i + 1]!,
        field: (i) => FIELDS[f[i]!]!,
        list: () =>
          Array.from({ length: n }, (_, i) => ({ start: table.start(i), end: table.end(i), field: table.field(i) })),
      };
      return table;
    },
  };
}

/** A list of patches as a table (a body held whole). */
export function tableOf(patches: readonly IdPatch[]): PatchTable {
  const builder = patchTableBuilder();
  for (const p of patches) builder.push(p);
  return builder.done();
}
