// Opens a URL in the user's default browser, as `npx`-started tools do: the platform's
// opener, detached, so the command keeps running and the browser outlives nothing of ours.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

export function openUrl(url: string): Promise<void> {
  const [command, args] = opener(url);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

/** dist-viewer/ beside the built CLI (dist-cli/cli.js) or the sources (src/cli/), if built. */
export function findViewerDir(from: string): string | undefined {
  for (const up of ['../dist-viewer/', '../../dist-viewer/']) {
    const dir = fileURLToPath(new URL(up, from));
    if (existsSync(`${dir}viewer.html`)) return dir;
  }
  return undefined;
}
