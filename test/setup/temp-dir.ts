// vitest globalSetup (and the e2e global setups): the run's temporary files in one directory
// of its own, removed when the run ends. Tests make their own with mkdtemp(tmpdir()) and many leave them (a viewer
// stand-in, a redacted copy, a CLI project): hundreds of directories a run in /tmp. Set
// before any worker starts, TMPDIR reaches the workers and the CLI processes they spawn.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Points TMPDIR at a new directory; the returned function restores it and removes the directory. */
export function tempDirOfTheRun(prefix: string): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A Playwright global setup's shape: `work` runs with the run's TMPDIR; the teardown removes it. */
export async function withRunTempDir(prefix: string, work: () => Promise<void>): Promise<() => void> {
  const removeTemp = tempDirOfTheRun(prefix);
  try {
    await work();
  } catch (err) {
    removeTemp();
    throw err;
  }
  return removeTemp;
}

export default function unitRunTempDir(): () => void {
  return tempDirOfTheRun('agui-unit-');
}
