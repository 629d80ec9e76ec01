// Sums a V8 .cpuprofile's self time by function (and by file), heaviest first, so a
// profile of the bench can be read without DevTools.
// Run: BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/run.ts bench/profile-feed.ts
//      npx tsx bench/profile-summary.ts /tmp/prof/<file>.cpuprofile [top=40]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

// Every file given is summed (tsx runs its loader in a worker, which writes its own profile).
const args = process.argv.slice(2);
const top = /^\d+$/.test(args[args.length - 1] ?? '') ? Number(args.pop()) : 40;
if (args.length === 0) throw new Error('usage: profile-summary.ts <file.cpuprofile>... [top]');

const short = (url: string): string => url.replace(/^.*\/(src|node_modules|bench)\//, '$1/');
const byFn = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  addSelf(byId, selfUs);
}
function addSelf(byId: ReadonlyMap<number, ProfileNode>, selfUs: ReadonlyMap<number, number>): void {
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const fn = `${functionName || '(anonymous)'} ${short(url)}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    const f = short(url) || '(native)';
    byFile.set(f, (byFile.get(f) ?? 0) + us);
    total += us;
  }
}
const print = (title: string, m: Map<string, number>): void => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
print('self time by function', byFn);
print('self time by file', byFile);
