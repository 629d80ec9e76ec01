// Declarations (.d.ts) of the core API for the npm package, emitted by the TypeScript
// compiler itself from src/core's own tsconfig after the core library is bundled. Type
// errors fail the build. Skipped in watch mode (`npm run dev`): nothing there reads them.
import ts from 'typescript';
import type { Plugin } from 'vite';

export function coreTypes(opts: {
  readonly tsconfig: string;
  readonly outDir: string;
  readonly environment: string;
}): Plugin {
  return {
    name: 'agui:core-types',
    applyToEnvironment: (env) => env.name === opts.environment,
    writeBundle(output) {
      // Once, for the ES module output (the CommonJS one copies them: build/dual-package.ts).
      if (this.meta.watchMode || output.format !== 'es') return;
      const parsed = ts.getParsedCommandLineOfConfigFile(opts.tsconfig, undefined, {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => this.error(ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      });
      if (!parsed) this.error(`cannot read ${opts.tsconfig}`);
      const options: ts.CompilerOptions = {
        ...parsed.options,
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: opts.outDir,
      };
      const program = ts.createProgram(parsed.fileNames, options);
      const result = program.emit();
      const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
      if (diagnostics.length > 0) {
        const host: ts.FormatDiagnosticsHost = {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: ts.sys.getCurrentDirectory,
          getNewLine: () => '\n',
        };
        this.error(`core declarations:\n${ts.formatDiagnostics(diagnostics, host)}`);
      }
    },
  };
}
