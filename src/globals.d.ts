// Replaced at build time with package.json's version (the `define` in vite.config.ts).
declare const __AGUI_VERSION__: string;
