// The CLI's use of the core: one file through the whole pipeline, then its report.
import type { SessionModel } from '../core/model/types.js';
import type { Severity } from '../core/findings.js';
import { atLeast, type FileReport } from './report.js';

export { inspectBytes, type Inspected } from '../core/io/inspect-bytes.js';

export function reportFor(file: string, model: SessionModel, min: Severity): FileReport {
  return { file, findings: model.findings.filter((f) => atLeast(f.severity, min)) };
}
