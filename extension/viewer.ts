// Entry point of viewer.html: the panel's offline viewer as a plain web page, served by
// `agui-inspector view FILE…` (src/cli/view/). It needs no extension API, so it imports no
// webextension-polyfill (which throws outside an extension): it mounts the panel offline
// and imports the file the page names (`?file=N`, default the first) from the server.
import { importFile } from '../src/panel/io/import-actions.js';
import { mountPanel } from '../src/panel/mount.js';

interface ServedFile {
  readonly name: string;
  readonly url: string;
}

const el = document.getElementById('app') ?? document.body;
const { store } = mountPanel(el, { offline: true });

async function openServedFile(): Promise<void> {
  const listing = await fetch('./files.json');
  if (!listing.ok) throw new Error(`the server answered ${listing.status}`);
  const files = (await listing.json()) as readonly ServedFile[];
  const asked = Number(new URLSearchParams(location.search).get('file') ?? '1');
  const file = files[Number.isInteger(asked) && asked >= 1 ? asked - 1 : 0] ?? files[0];
  if (file === undefined) throw new Error('the server names no file');
  const body = await fetch(file.url);
  if (!body.ok) throw new Error(`the server answered ${body.status} for ${file.name}`);
  importFile(store, file.name, new Uint8Array(await body.arrayBuffer()));
  document.title = `${file.name} · AG-UI Inspector`;
}

openServedFile().catch((e: unknown) => {
  store.notice.value = `Could not open the file: ${e instanceof Error ? e.message : String(e)}`;
});
