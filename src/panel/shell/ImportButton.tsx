import { useRef } from 'preact/hooks';
import { readFileBytes } from '../io/read-file.js';
import { usePanel } from '../store-context.js';

export const IMPORT_ACCEPT = '.json,.har,.sse,.txt,.jsonl,.ndjson,.bin,.pb,.proto,.event-stream';

/** Import a session, HAR, SSE, JSONL or protobuf file through the core loader. */
export function ImportButton({
  label = 'Import',
  primary = false,
}: {
  readonly label?: string;
  /** The offline viewer's main action: a filled button rather than a toolbar one. */
  readonly primary?: boolean;
}) {
  const { store } = usePanel();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        class={primary ? 'tb-btn btn primary' : 'tb-btn'}
        aria-label="Import file"
        title="Import a session, HAR, SSE, JSONL or protobuf file"
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        aria-label="Choose a file to import"
        data-testid="import-input"
        hidden
        onChange={async (e) => {
          const el = e.currentTarget as HTMLInputElement;
          const file = el.files?.[0];
          if (file) store.importFile(file.name, await readFileBytes(file));
          el.value = '';
        }}
      />
    </>
  );
}
