// The two timers of an armed replay: its expiry (an arm nobody takes is withdrawn) and the
// wait for the tap's confirmation. Started together by arming, stopped together by anything
// that settles the arm (a taken run, disarming, navigation, expiry itself).

export interface ArmClock {
  start(
    expiry: { readonly ms: number; readonly fire: () => void },
    ack: { readonly ms: number; readonly fire: () => void },
  ): void;
  stop(): void;
}

export function createArmClock(setTimer: (fn: () => void, ms: number) => () => void): ArmClock {
  let stopExpiry: (() => void) | undefined;
  let stopAck: (() => void) | undefined;
  const stop = (): void => {
    stopExpiry?.();
    stopExpiry = undefined;
    stopAck?.();
    stopAck = undefined;
  };
  return {
    start(expiry, ack) {
      stop();
      stopExpiry = setTimer(expiry.fire, expiry.ms);
      stopAck = setTimer(ack.fire, ack.ms);
    },
    stop,
  };
}
