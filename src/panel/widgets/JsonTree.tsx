import { useState } from 'preact/hooks';

const PAGE = 100;
const LONG_STRING = 2000;

export interface JsonTreeProps {
  readonly value: unknown;
  readonly label?: string;
  /** Levels expanded initially. */
  readonly open?: number;
}

function Leaf({ value }: { readonly value: unknown }) {
  const [full, setFull] = useState(false);
  if (typeof value === 'string') {
    const long = value.length > LONG_STRING && !full;
    return (
      <>
        {/* Verbatim between quotes (no escaping): untrusted text is shown exactly as sent. */}
        <span class="s">{`"${long ? value.slice(0, LONG_STRING) : value}"`}</span>
        {long && (
          <button type="button" class="link" onClick={() => setFull(true)}>
            {`… show all (${value.length} chars)`}
          </button>
        )}
      </>
    );
  }
  if (typeof value === 'number' || typeof value === 'bigint') return <span class="n">{String(value)}</span>;
  if (value === null || typeof value === 'boolean' || value === undefined)
    return <span class="l">{String(value)}</span>;
  return <span>{String(value)}</span>;
}

/** A JSON value as an expandable tree; every key and string is rendered as text. */
export function JsonTree({ value, label, open = 2 }: JsonTreeProps) {
  return (
    <div class="tree" role="tree" aria-label={label ?? 'JSON value'}>
      <Node value={value} depth={0} open={open} />
    </div>
  );
}

function Node({
  value,
  name,
  depth,
  open,
}: {
  readonly value: unknown;
  readonly name?: string;
  readonly depth: number;
  readonly open: number;
}) {
  const [expanded, setExpanded] = useState(depth < open);
  const [shown, setShown] = useState(PAGE);
  const key = name !== undefined ? <span class="k">{`${name}: `}</span> : null;
  if (typeof value !== 'object' || value === null) {
    return (
      <div role="treeitem">
        {key}
        <Leaf value={value} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray
    ? (value as unknown[]).map((v, i) => [String(i), v])
    : Object.entries(value);
  const summary = isArray ? `Array(${entries.length})` : `{…} ${entries.length} key${entries.length === 1 ? '' : 's'}`;
  return (
    <div role="treeitem" aria-expanded={expanded}>
      <button
        type="button"
        class="toggle"
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name ?? 'value'}`}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? '▾' : '▸'}
      </button>
      {key}
      <span class="dim">{summary}</span>
      {expanded && (
        <ul role="group">
          {entries.slice(0, shown).map(([k, v]) => (
            <li key={k}>
              <Node value={v} name={k} depth={depth + 1} open={open} />
            </li>
          ))}
          {entries.length > shown && (
            <li>
              <button type="button" class="link" onClick={() => setShown(shown + PAGE * 10)}>
                {`show ${Math.min(PAGE * 10, entries.length - shown)} more of ${entries.length - shown}`}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
