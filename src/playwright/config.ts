// The project's agui-inspector.config.json for the fixture and the vitest matcher: found as
// lint and probe find it (the nearest one from the working directory upward, or the path in
// `aguiConfig`), its rules, failOn and profile under each matcher's own options and its
// ignoreUrls over every finding the `agui` object reports. A bad file fails the test naming the file.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SessionModel } from '../core/model/types.js';
import type { Finding } from '../core/findings.js';
import { findConfigFile, findConfigFileSync, parseSharedConfig } from '../core/policy/config-file.js';
import { withoutIgnoredUrls } from '../core/policy/ignore-urls.js';
import { findingsOf, streamUrls } from '../core/model/reads.js';
import type { AguiPolicy } from './judge.js';

export interface FixtureConfig {
  readonly policy: AguiPolicy;
  readonly ignoreUrls: readonly string[];
}

const NONE: FixtureConfig = { policy: {}, ignoreUrls: [] };

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new Error(`${path}: cannot read file: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function readTextSync(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new Error(`${path}: cannot read file: ${e instanceof Error ? e.message : String(e)}`);
  }
}

type Found = { readonly path: string; readonly text: string } | undefined;

function fixtureConfigOf(found: Found): FixtureConfig {
  if (found === undefined) return NONE;
  const parsed = parseSharedConfig(found.path, found.text);
  if (!parsed.ok) throw new Error(`agui-inspector: ${parsed.message}`);
  const { rules, failOn, profile, ignoreUrls } = parsed.config;
  return {
    policy: {
      rules: Object.fromEntries(rules),
      ...(failOn !== undefined ? { failOn } : {}),
      ...(profile !== undefined ? { profile } : {}),
    },
    ignoreUrls,
  };
}

const noSuchFile = (where: string): Error => new Error(`aguiConfig: ${where}: no such file`);

/** `where`: a config file's path, false for none, undefined to search from `cwd` upward. */
export async function loadFixtureConfig(where: string | false | undefined, cwd: string): Promise<FixtureConfig> {
  if (where === false) return NONE;
  if (where === undefined) return fixtureConfigOf(await findConfigFile(readText, resolve(cwd)));
  const text = await readText(resolve(cwd, where));
  if (text === undefined) throw noSuchFile(where);
  return fixtureConfigOf({ path: where, text });
}

/** loadFixtureConfig without a Promise, for a matcher that answers synchronously. */
export function loadFixtureConfigSync(where: string | false | undefined, cwd: string): FixtureConfig {
  if (where === false) return NONE;
  if (where === undefined) return fixtureConfigOf(findConfigFileSync(readTextSync, resolve(cwd)));
  const text = readTextSync(resolve(cwd, where));
  if (text === undefined) throw noSuchFile(where);
  return fixtureConfigOf({ path: where, text });
}

/** The model's findings but those of streams to ignored URLs. */
export function reportedFindings(model: SessionModel, ignoreUrls: readonly string[]): Finding[] {
  return withoutIgnoredUrls(findingsOf(model), streamUrls(model), ignoreUrls);
}
