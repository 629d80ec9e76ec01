import type { ToolCallModel } from '../../core/model/types.js';

/** The advertised-schema check of a frontend call's parsed arguments. */
export function SchemaView({ call }: { readonly call: ToolCallModel }) {
  const s = call.schema;
  switch (s.state) {
    case 'not-applicable':
      return (
        <div class="section dim">
          {call.frontend ? 'No schema to check against.' : 'Backend call: no advertised schema.'}
        </div>
      );
    case 'valid':
      return <div class="section">Arguments match the advertised schema.</div>;
    case 'schema-error':
      return <div class="section sev-warning">{`The advertised schema could not be used: ${s.message}`}</div>;
    case 'invalid':
      return (
        <ul class="section sev-warning" aria-label="Schema failures">
          {s.errors.map((e, i) => (
            <li key={i}>
              <code>{e.path || '/'}</code>
              {` ${e.message}`}
            </li>
          ))}
        </ul>
      );
  }
}
