// The process's CPU time, which every Node bench times with: on a shared machine it moves
// less with the neighbours' load than wall time does. Medians are in paired.ts.
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU ms that fn takes. */
export function timed(fn: () => void): number {
  const start = cpuMs();
  fn();
  return cpuMs() - start;
}
