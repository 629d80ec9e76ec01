import { JsonTree } from '../widgets/JsonTree.js';
import { LargeText } from '../widgets/LargeText.js';

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  const t = text.trimStart();
  if (t[0] !== '{' && t[0] !== '[') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Result content as untrusted data: text, a JSON tree when it parses, or content parts. */
export function ResultContent({ content, name }: { readonly content: unknown; readonly name: string }) {
  if (typeof content === 'string') {
    const parsed = content.length <= 2_000_000 ? tryJson(content) : { ok: false as const };
    return (
      <>
        <LargeText text={content} name={name} label="Result text" />
        {parsed.ok && <JsonTree value={parsed.value} label="Result as JSON" />}
      </>
    );
  }
  return <JsonTree value={content} label={Array.isArray(content) ? 'Content parts' : 'Result content'} />;
}
