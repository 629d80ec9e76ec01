// `agui-inspector view`: the panel's offline viewer on the given files, from a loopback
// server, opened in the default browser (or its URL printed) until the user stops it.
import { EXIT_OK, EXIT_USAGE, parsedOrExit, readError, type CliIo } from '../io.js';
import { readRecordingInput } from '../har-bundle.js';
import { startViewerServer, type ViewedFile } from '../view/viewer-server.js';
import { parseViewArgs, VIEW_USAGE } from './view-args.js';

export async function runView(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parsedOrExit(io, parseViewArgs(argv), VIEW_USAGE);
  if (typeof parsed === 'number') return parsed;
  if (io.viewerDir === undefined) {
    io.stderr('agui-inspector: the viewer is not built here (run `npm run build`: dist-viewer/)\n');
    return EXIT_USAGE;
  }
  const files: ViewedFile[] = [];
  for (const name of parsed.files) {
    // Playwright's HAR variants (a .zip, bodies in files beside it) reach the viewer whole.
    const bytes = await readRecordingInput(io, name);
    if (bytes === undefined) return EXIT_USAGE;
    files.push({ name, bytes });
  }
  const stopped = io.untilStopped?.() ?? new Promise<never>(() => undefined);
  let server;
  try {
    server = await startViewerServer(io.viewerDir, files, { host: '127.0.0.1', port: parsed.port });
  } catch (e) {
    io.stderr(`agui-inspector: cannot listen on 127.0.0.1:${parsed.port}: ${readError(e)}\n`);
    return EXIT_USAGE;
  }
  const urls = files.map((_, i) => (i === 0 ? server.url : `${server.url}?file=${i + 1}`));
  io.stdout(files.map((f, i) => `${urls[i]}  ${f.name}\n`).join(''));
  if (parsed.open && io.openUrl !== undefined) {
    try {
      await io.openUrl(urls[0]!);
    } catch (e) {
      io.stderr(`agui-inspector: could not open a browser (${readError(e)}); open the URL above\n`);
    }
  }
  io.stderr('agui-inspector: viewer running (Ctrl+C to stop)\n');
  await stopped;
  await server.close();
  io.stderr('agui-inspector: stopped\n');
  return EXIT_OK;
}
