import type { Ref } from 'preact';
import { readFileBytes } from '../io/read-file.js';

/** Every format the panel's loader opens (session, HAR, SSE, JSONL, protobuf). */
export const IMPORT_ACCEPT = '.json,.har,.sse,.txt,.jsonl,.ndjson,.bin,.pb,.proto,.event-stream';

/**
 * The hidden file input behind a panel button (the button calls `inputRef.current.click()`):
 * hands over the picked file's name and bytes, then forgets it, so picking the same file
 * again loads it again.
 */
export function FileInput({
  inputRef,
  label,
  testId,
  onFile,
}: {
  readonly inputRef: Ref<HTMLInputElement>;
  /** The input's accessible name. */
  readonly label: string;
  readonly testId?: string;
  readonly onFile: (name: string, bytes: Uint8Array) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      hidden
      accept={IMPORT_ACCEPT}
      aria-label={label}
      data-testid={testId}
      onChange={async (e) => {
        const el = e.currentTarget as HTMLInputElement;
        const file = el.files?.[0];
        if (file) onFile(file.name, await readFileBytes(file));
        el.value = '';
      }}
    />
  );
}
