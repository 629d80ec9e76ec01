import { useEffect, useRef, useState } from 'preact/hooks';
import type { ToolCallModel } from '../../core/model/types.js';
import { usePanel } from '../store-context.js';
import { ArgsText } from './ArgsText.js';
import { FinalArgs } from './FinalArgs.js';
import { JsonTree } from '../widgets/JsonTree.js';
import { Scrubber } from '../widgets/Scrubber.js';

const PLAY_MS = 120;

/** Arguments accumulating: delta-marked text, a scrubber with play/step, the partial tree as of the delta, the final value. */
export function ArgsView({ call }: { readonly call: ToolCallModel }) {
  const { store } = usePanel();
  const n = call.deltas.length;
  // undefined = follow the latest delta (live calls keep growing).
  const [pos, setPos] = useState<number | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const at = pos === undefined ? n - 1 : Math.min(pos, n - 1);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    setPos(undefined);
    setPlaying(false);
  }, [call.toolCallId]);
  useEffect(() => {
    if (!playing) return;
    timer.current = setInterval(() => {
      setPos((p) => {
        const next = (p ?? -1) + 1;
        if (next >= n - 1) {
          setPlaying(false);
          return undefined;
        }
        return next;
      });
    }, PLAY_MS);
    return () => clearInterval(timer.current);
  }, [playing, n]);

  if (n === 0)
    return (
      <div class="section dim">
        {call.args ? 'Arguments without deltas.' : 'No ARGS: the call carried no arguments.'}
      </div>
    );
  const delta = call.deltas[at];
  const partial = at >= 0 ? store.core.partialArgsAt(call, at) : undefined;
  const step = (d: number): void => {
    setPlaying(false);
    setPos(Math.max(0, Math.min(n - 1, at + d)));
  };
  const togglePlay = (): void => {
    if (!playing && at >= n - 1) setPos(0);
    setPlaying(!playing);
  };
  return (
    <div>
      <Scrubber
        name="Delta scrubber"
        noun="delta"
        rangeName="Delta"
        at={at}
        count={n}
        nextGlyph="▶▏"
        status={`delta ${at + 1} / ${n}${delta ? ` · event #${delta.event}${delta.segment > 0 ? ` · reopen #${delta.segment}` : ''}` : ''}`}
        onStep={step}
        onPick={(v) => {
          setPlaying(false);
          setPos(v >= n - 1 ? undefined : v);
        }}
        play={{ playing, toggle: togglePlay }}
      />
      <ArgsText call={call} current={at} />
      {partial && (
        <>
          <div class="section dim">{`As of delta ${at + 1}: ${partial.text.length} chars${partial.segment > 0 ? `, reopen #${partial.segment}` : ''}`}</div>
          {partial.error !== undefined ? (
            <div class="section sev-warning">{partial.error}</div>
          ) : (
            <JsonTree value={partial.value} label={`Partial arguments as of delta ${at + 1}`} open={3} />
          )}
        </>
      )}
      <FinalArgs call={call} />
    </div>
  );
}
