import { useRef } from 'preact/hooks';
import { FileInput } from '../widgets/FileInput.js';
import { usePanel } from '../store-context.js';
import { importFile } from '../io/import-actions.js';

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
      <FileInput
        inputRef={input}
        label="Choose a file to import"
        testId="import-input"
        onFile={(name, bytes) => importFile(store, name, bytes)}
      />
    </>
  );
}
