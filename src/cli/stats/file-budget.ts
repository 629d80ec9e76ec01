// What one file weighs and the budget notices on it: `stats` prints it, `lint --format json`
// carries it per file, so both give the same figures.
import type { BudgetNotice, BudgetThresholds } from '../../core/stats/budget-notices.js';
import type { PayloadBudget } from '../../core/stats/payload-budget.js';
import type { SessionModel } from '../../core/model/types.js';
import { budgetNotices, DEFAULT_THRESHOLDS, payloadBudget } from '../core-deps.js';

export interface FileBudget {
  readonly file: string;
  readonly budget: PayloadBudget;
  readonly notices: readonly BudgetNotice[];
}

/** `model` must keep its events (not `retain: 'findings'`), or every figure is 0. */
export function fileBudget(file: string, model: SessionModel, thresholds?: BudgetThresholds): FileBudget {
  const budget = payloadBudget(model);
  return { file, budget, notices: budgetNotices(budget, thresholds ?? DEFAULT_THRESHOLDS) };
}
