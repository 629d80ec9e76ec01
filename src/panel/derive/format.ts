// Small display formatters shared by the views.

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  const a = Math.abs(ms);
  if (a < 1) return `${ms.toFixed(2)} ms`;
  if (a < 1000) return `${Math.round(ms)} ms`;
  if (a < 60_000) return `${(ms / 1000).toFixed(a < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((a % 60_000) / 1000)} s`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

// How a run ended: the core's words, so the CLI's `print` says what the panel shows.
export { runOutcome } from '../core-deps.js';
