import type { ToolResultModel } from '../../core/model/types.js';
import { formatMs } from '../derive/format.js';
import { ResultContent } from './ResultContent.js';

/** One TOOL_CALL_RESULT, framed as untrusted data. */
export function ResultView({
  result,
  index,
  t0,
}: {
  readonly result: ToolResultModel;
  readonly index: number;
  readonly t0: number;
}) {
  return (
    <div class="untrusted" aria-label={`Result ${index + 1}`}>
      <div class="dim">
        {`result ${index + 1} · message ${result.messageId} · event #${result.event} · +${formatMs(result.t - t0)}${result.beforeEnd ? ' · arrived before END' : ''} · untrusted data`}
      </div>
      <ResultContent content={result.content} name={`result-${result.messageId}.txt`} />
    </div>
  );
}
