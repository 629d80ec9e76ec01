// Renders one message. Everything the agent sent is rendered as text nodes: arguments,
// results and content are untrusted (AG-UI draft Tools › Security Considerations).
import type { Message } from '@ag-ui/core';

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((p: { text?: unknown }) => (typeof p.text === 'string' ? p.text : '[media]')).join(' ');
  return '';
}

export function MessageItem({ message: m }: { message: Message }) {
  if (m.role === 'tool') {
    return (
      <li class={`msg tool${m.error ? ' error' : ''}`} data-role="tool" data-tool-call-id={m.toolCallId}>
        <div class="role">tool result</div>
        <div class="content">{contentText(m.content)}</div>
        {m.error ? <div class="tool-error">error: {m.error}</div> : null}
      </li>
    );
  }
  const content = 'content' in m ? contentText(m.content) : '';
  const calls = m.role === 'assistant' ? (m.toolCalls ?? []) : [];
  return (
    <li class={`msg ${m.role}`} data-role={m.role} data-id={m.id}>
      <div class="role">{m.role}</div>
      {content ? <div class="content">{content}</div> : null}
      {calls.map((c) => (
        <div class="call" key={c.id} data-tool-call-id={c.id}>
          <span class="name">{c.function.name}</span>(<span class="args">{c.function.arguments}</span>)
        </div>
      ))}
    </li>
  );
}
