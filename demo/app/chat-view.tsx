import { messages } from './state.js';
import { MessageItem } from './message-item.js';

/** Long sessions make thousands of messages; the newest ones are what a person watches. */
const SHOWN = 200;

export function ChatView() {
  const all = messages.value;
  const shown = all.slice(-SHOWN);
  return (
    <section>
      {all.length > SHOWN ? <p class="hidden-count">{all.length - SHOWN} earlier messages not shown</p> : null}
      <ul id="chat" class="chat" data-count={all.length}>
        {shown.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ul>
    </section>
  );
}
