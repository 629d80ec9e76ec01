import type { StreamModel } from '../../core/model/types.js';
import { failedBody } from '../core-deps.js';

/**
 * What a run request got instead of an AG-UI stream: the start of the body as text (an HTML
 * page reduced to its title and text), never as markup.
 */
export function FailedAnswer({ stream }: { readonly stream: StreamModel }) {
  const body = failedBody(stream);
  const end = stream.end;
  return (
    <section aria-label="Failed answer">
      <h3>Answer (no AG-UI stream)</h3>
      {stream.info.status === 0 ? (
        <div class="section">
          {end === undefined
            ? 'No answer yet.'
            : end.reason === 'aborted' || end.reason === 'cancelled'
              ? 'The page aborted the request before any answer came.'
              : `No answer: ${end.error ?? 'the request failed'} (refused, DNS, CORS or TLS; the browser console names the cause).`}
        </div>
      ) : (
        <>
          {body.title !== undefined && (
            <div class="section">
              <span class="dim">page title </span>
              <span>{body.title}</span>
            </div>
          )}
          {body.text === '' ? (
            <div class="section dim">The body was empty (or not read yet).</div>
          ) : (
            <pre class="failed-body mono" aria-label="Body start">
              {body.text}
              {body.cut ? '…' : ''}
            </pre>
          )}
        </>
      )}
    </section>
  );
}
