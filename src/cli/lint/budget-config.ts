// The "budget" object of agui-inspector.config.json: the thresholds of the payload budget's
// notices (`stats`, `lint --format json`). Each is optional; the core's defaults fill in.
import type { BudgetThresholds } from '../../core/stats/budget-notices.js';
import { DEFAULT_THRESHOLDS, isRecord } from '../core-deps.js';

const KEYS: readonly (keyof BudgetThresholds)[] = ['snapshotChangedBelow', 'requestGrowthKb', 'runMb'];

/** The thresholds, or a message naming what is wrong. */
export function parseBudget(path: string, value: unknown): BudgetThresholds | string {
  if (value === undefined) return DEFAULT_THRESHOLDS;
  if (!isRecord(value)) return `${path}: "budget" must be an object of ${KEYS.join(', ')}`;
  const unknown = Object.keys(value).find((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown !== undefined)
    return `${path}: unknown budget setting ${JSON.stringify(unknown)} (known: ${KEYS.join(', ')})`;
  const out: Record<keyof BudgetThresholds, number> = { ...DEFAULT_THRESHOLDS };
  for (const k of KEYS) {
    const v = value[k];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || (k === 'snapshotChangedBelow' && v > 1))
      return `${path}: budget.${k} must be a number${k === 'snapshotChangedBelow' ? ' from 0 to 1' : ' ≥ 0'}, not ${JSON.stringify(v)}`;
    out[k] = v;
  }
  return out;
}
