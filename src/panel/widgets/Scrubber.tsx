/** A play-through control: previous / (play) / next buttons, a range and a live status line. */
export interface ScrubberProps {
  /** The group's accessible name ("Delta scrubber"). */
  readonly name: string;
  /** What one position is ("delta", "step"): the buttons' names and the range's value text. */
  readonly noun: string;
  /** The range's accessible name. */
  readonly rangeName: string;
  readonly at: number;
  readonly count: number;
  readonly status: string;
  readonly nextGlyph: string;
  /** Move by d positions (buttons, j / k). */
  readonly onStep: (d: number) => void;
  /** Jump to position i (the range). */
  readonly onPick: (i: number) => void;
  /** Play / pause, also on Enter in the range. */
  readonly play?: { readonly playing: boolean; readonly toggle: () => void };
}

export function Scrubber({ name, noun, rangeName, at, count, status, nextGlyph, onStep, onPick, play }: ScrubberProps) {
  return (
    <div class="scrubber" role="group" aria-label={name}>
      <button
        type="button"
        class="tb-btn"
        aria-label={`Previous ${noun}`}
        onClick={() => onStep(-1)}
        disabled={at <= 0}
      >
        ◀
      </button>
      {play && (
        <button
          type="button"
          class="tb-btn"
          aria-label={play.playing ? 'Pause' : `Play ${noun}s`}
          aria-pressed={play.playing}
          onClick={play.toggle}
        >
          {play.playing ? '❚❚' : '▶'}
        </button>
      )}
      <button
        type="button"
        class="tb-btn"
        aria-label={`Next ${noun}`}
        onClick={() => onStep(1)}
        disabled={at >= count - 1}
      >
        {nextGlyph}
      </button>
      <input
        type="range"
        min={0}
        max={count - 1}
        value={at}
        aria-label={rangeName}
        aria-valuetext={`${noun} ${at + 1} of ${count}`}
        aria-keyshortcuts={play ? 'j k Enter' : 'j k'}
        onKeyDown={(e) => {
          // Arrows, Home and End are the range's own; j / k (and Enter to play) match the lists.
          if (e.altKey || e.ctrlKey || e.metaKey) return;
          const act =
            e.key === 'j'
              ? () => onStep(1)
              : e.key === 'k'
                ? () => onStep(-1)
                : e.key === 'Enter'
                  ? play?.toggle
                  : undefined;
          if (!act) return;
          e.preventDefault();
          act();
        }}
        onInput={(e) => onPick(Number((e.currentTarget as HTMLInputElement).value))}
      />
      <span class="dim" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
