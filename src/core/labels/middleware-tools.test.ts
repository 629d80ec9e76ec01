import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIDDLEWARE_TOOLS, middlewareTool } from './middleware-tools.js';

const require = createRequire(import.meta.url);
/** The text of a package's built files, to check a listed name is really the one it uses. */
function packageText(name: string, files: readonly string[]): string {
  const root = dirname(require.resolve(`${name}/package.json`));
  return files.map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
}

describe('middleware tools', () => {
  it('names what the pinned middlewares really inject', () => {
    const a2ui = packageText('@ag-ui/a2ui-middleware', ['dist/index.mjs']);
    const runtime = packageText('@copilotkit/runtime', ['dist/agent/converters/aisdk.mjs']);
    for (const t of MIDDLEWARE_TOOLS) {
      if (t.source === '@ag-ui/a2ui-middleware') expect(a2ui).toContain(`"${t.name}"`);
      if (t.source === '@copilotkit/runtime') expect(runtime).toContain(`"${t.name}"`);
    }
    expect(MIDDLEWARE_TOOLS.filter((t) => t.source.startsWith('@')).length).toBe(4);
  });

  it('finds a tool by exact name only', () => {
    expect(middlewareTool('render_a2ui')?.source).toBe('@ag-ui/a2ui-middleware');
    expect(middlewareTool('AGUISendStateDelta')?.source).toBe('@copilotkit/runtime');
    expect(middlewareTool('Render_A2UI')).toBeUndefined();
    expect(middlewareTool('search_web')).toBeUndefined();
  });
});
