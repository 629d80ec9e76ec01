// In-process CLI I/O for probe tests: captured output and written files.
import { readFile } from 'node:fs/promises';
import { main, type CliIo } from '../main.js';

export interface Captured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly files: ReadonlyMap<string, string>;
}

export async function runCli(argv: readonly string[], extraFiles: Record<string, string> = {}): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: async (path) =>
      path in extraFiles ? new TextEncoder().encode(extraFiles[path]) : new Uint8Array(await readFile(path)),
    writeFile: async (path, data) =>
      void files.set(path, typeof data === 'string' ? data : new TextDecoder().decode(data)),
    color: false,
    version: 'test',
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files };
}
