#!/usr/bin/env bash
# Installs the packed npm tarball (artifacts/agui-inspector-<version>.tgz, from
# `npm run package`) into an empty temporary project, as a user would, and runs what it
# ships: the CLI's --version, --help and documented lint exit codes, the core API by import
# and by require(), with types for both, the agui-inspector/vitest matchers the same ways
# and under Jest's expect, and the Playwright fixture typed and at work in the project's own
# Playwright (scripts/smoke-fixture.ts).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version=$(node -p "require('$root/package.json').version")
tgz="$root/artifacts/agui-inspector-$version.tgz"
[ -f "$tgz" ] || { echo "smoke-package: $tgz is missing: run npm run package" >&2; exit 1; }

project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
cd "$project"
npm init -y >/dev/null
# The tarball's dependencies at the versions it names; --prefer-offline takes them from the
# cache `npm ci` just filled instead of asking the registry about each (26 -> 11 s wall).
npm install --prefer-offline --no-audit --no-fund --loglevel=error "$tgz"

expect_exit() { # expected-code command...  (its output in $out, else out.txt)
  local want=$1; shift
  local file="${out:-$project/out.txt}"
  set +e; "$@" >"$file" 2>&1; local got=$?; set -e
  if [ "$got" != "$want" ]; then echo "smoke-package: '$*' exited $got, expected $want:" >&2; cat "$file" >&2; exit 1; fi
  echo "smoke-package: ok ($got) $*"
}
[ "$(npx --no-install agui-inspector --version)" = "$version" ] || { echo "smoke-package: --version is not $version" >&2; exit 1; }
# npx found the installed bin above; the rest run that same link, without npx's own start-up
# (about 0.75 CPU-s a call).
cli="$project/node_modules/.bin/agui-inspector"
expect_exit 0 "$cli" --help
grep -q "agui-inspector lint" "$project/out.txt"
expect_exit 0 "$cli" lint "$root/test/fixtures/backend-tool.sse"
expect_exit 1 "$cli" lint "$root/test/fixtures/renamed-reopen.sse"
grep -q "tool-call/reopen-name-mismatch" "$project/out.txt"
expect_exit 2 "$cli" lint "$project/no-such-file.sse"
cat >"$project/api.mjs" <<'JS'
import { createInspector, printModel, RULES } from 'agui-inspector';
const inspector = createInspector();
if (typeof printModel !== 'function' || RULES.length < 50 || typeof inspector.appendBytes !== 'function') process.exit(1);
JS
expect_exit 0 node "$project/api.mjs"
# The same API by require(), as a default (`npm init -y`, CommonJS) project loads it.
cat >"$project/api.cjs" <<'JS'
const { createInspector, printModel, RULES } = require('agui-inspector');
if (typeof printModel !== 'function' || RULES.length < 50 || typeof createInspector().appendBytes !== 'function') process.exit(1);
JS
expect_exit 0 node "$project/api.cjs"
# The declarations resolve for a TypeScript consumer (the repo's own compiler, strict).
cat >"$project/api.mts" <<'TS'
import { createInspector, type Inspector } from 'agui-inspector';
const inspector: Inspector = createInspector();
export const streams: number = inspector.model.streams ? 1 : 0;
TS
cp "$project/api.mts" "$project/api.cts"
# The Playwright subpath typed for TypeScript users of every resolution: node10 (through
# "typesVersions"; without it TS2307) and nodenext (through "exports"). @playwright/test,
# which the project would install itself, is taken from this checkout.
mkdir -p "$project/node_modules/@types"
for dep in @playwright playwright playwright-core; do ln -s "$root/node_modules/$dep" "$project/node_modules/$dep"; done
ln -s "$root/node_modules/@types/node" "$project/node_modules/@types/node"
cat >"$project/fixture.ts" <<'TS'
import { test, expect, type AguiInspector, type Finding } from 'agui-inspector/playwright';
import { createInspector, type Inspector } from 'agui-inspector';
export async function errors(agui: AguiInspector): Promise<Finding[]> {
  return agui.findings({ minSeverity: 'error' });
}
export const inspector: Inspector = createInspector();
test('types only', async ({ agui }) => {
  await expect(agui).toHaveNoAguiErrors({ failOn: 'warning', allow: ['run/thread-changed'] });
  await expect(agui).toHaveAguiFinding({ rule: 'tool-call/reopen-name-mismatch' });
});
TS
cp "$project/fixture.ts" "$project/fixture.mts"
# A wrong severity must not compile: the types are real, not `any`.
sed -e "s/minSeverity: 'error'/minSeverity: 'fatal'/" "$project/fixture.ts" >"$project/wrong.ts"
# The vitest matchers by require() and import, judging a clean run and a truncated one
# without any test runner: the plain matcher function Vitest's and Jest's expect.extend call.
cat >"$project/matchers.cjs" <<'JS'
const { aguiMatchers } = require('agui-inspector/vitest');
const run = [{ type: 'RUN_STARTED', threadId: 't', runId: 'r' }, { type: 'RUN_FINISHED', threadId: 't', runId: 'r' }];
const clean = aguiMatchers.toBeValidAgui.call({}, run);
const cut = aguiMatchers.toBeValidAgui.call({}, run.slice(0, 1));
if (!clean.pass || cut.pass || !cut.message().includes('run/truncated')) process.exit(1);
JS
expect_exit 0 node "$project/matchers.cjs"
sed -e "s#^const { aguiMatchers } = require('agui-inspector/vitest');#import { aguiMatchers } from 'agui-inspector/vitest';#" "$project/matchers.cjs" >"$project/matchers.mjs"
expect_exit 0 node "$project/matchers.mjs"
# Under Jest's own expect (the npm package `expect`, from this checkout) from CommonJS, as a
# Jest user extends it: a good SSE body passes, a cut-off one throws naming its rule.
ln -s "$root/node_modules/expect" "$project/node_modules/expect"
cat >"$project/with-jest.cjs" <<'JS'
const { expect } = require('expect');
const { aguiMatchers } = require('agui-inspector/vitest');
expect.extend(aguiMatchers);
const sse = (events) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
const start = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const end = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };
expect(sse([start, end])).toBeValidAgui();
let message = 'the assertion passed';
try {
  expect(sse([start])).toBeValidAgui();
} catch (e) {
  message = e.message;
}
if (!/^expected a valid AG-UI stream, found 1 error findings/.test(message) || !message.includes('run/truncated')) {
  console.error(`not the expected failure: ${message}`);
  process.exit(1);
}
JS
expect_exit 0 node "$project/with-jest.cjs"
# Typed under node10 (through "typesVersions") and nodenext, with neither Vitest nor Jest
# installed: the matcher extends the `jest.Matchers` both runners' assertions are made of.
cat >"$project/matchers.ts" <<'TS'
import { aguiMatchers, type ValidAguiOptions } from 'agui-inspector/vitest';
const options: ValidAguiOptions = { failOn: 'warning', allow: [{ rule: 'run/truncated', run: 'r' }], profile: '1.0' };
declare const events: jest.Matchers<void, object[]>;
declare const response: jest.Matchers<void, Response>;
export async function check(): Promise<void> {
  events.toBeValidAgui(options);
  await response.toBeValidAgui();
}
export const matchers: { toBeValidAgui: unknown } = aguiMatchers;
TS
cp "$project/matchers.ts" "$project/matchers.mts"
# And with Vitest (from this checkout, as @playwright/test above): its own expect, extended
# (skipLibCheck: Vitest's own declarations are not this package's to check).
ln -s "$root/node_modules/vitest" "$project/node_modules/vitest"
cat >"$project/with-vitest.mts" <<'TS'
import { expect } from 'vitest';
import { aguiMatchers } from 'agui-inspector/vitest';
expect.extend(aguiMatchers);
export async function check(body: string, response: Response): Promise<void> {
  expect(body).toBeValidAgui({ rules: { 'run/truncated': 'off' } });
  await expect(response).toBeValidAgui();
}
TS
# One compiler run per resolution (each file is checked the same as alone): node10 (through
# "typesVersions"; without it TS2307) and nodenext (through "exports", .ts files as the
# project's CommonJS, .mts and .cts by their extension). The nodenext run also holds wrong.ts
# (its options are the same): it must exit 2 with the 'fatal' error in wrong.ts and no error
# anywhere else, which proves both what a run of its own proved and that the rest compiles
# (a compiler run costs about 11 CPU-s, most of it loading @playwright/test's types).
# The compiler runs and the fixture's run in the project's own Playwright (CommonJS and ES
# module specs) need nothing of each other: they run side by side, each with its own output,
# and the smoke fails if any of them does (one after another they took 45 s of the smoke's 49).
pids=()
side() { # name expected-code command...
  local name=$1; shift
  (out="$project/$name.txt" expect_exit "$@") &
  pids+=($!)
}
tsc="$root/node_modules/.bin/tsc"
side tsc-node10 0 "$tsc" --noEmit --strict --module commonjs --moduleResolution node10 --target es2022 "$project/fixture.ts" "$project/matchers.ts"
side tsc-nodenext 2 "$tsc" --noEmit --strict --module nodenext --moduleResolution nodenext --target es2022 "$project/api.mts" "$project/api.cts" "$project/fixture.ts" "$project/fixture.mts" "$project/matchers.ts" "$project/matchers.mts" "$project/wrong.ts"
side tsc-vitest 0 "$tsc" --noEmit --strict --skipLibCheck --module nodenext --moduleResolution nodenext --target es2022 "$project/with-vitest.mts"
side fixture 0 env -C "$root" node --import tsx scripts/smoke-fixture.ts "$project"
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
[ "$failed" = 0 ] || exit 1
grep -q "^wrong\.ts(.*'\"fatal\"' is not assignable" "$project/tsc-nodenext.txt"
if grep "error TS" "$project/tsc-nodenext.txt" | grep -v "^wrong\.ts("; then echo "smoke-package: errors outside wrong.ts (above)" >&2; exit 1; fi
echo "smoke-package: the packed tarball installs and runs"
