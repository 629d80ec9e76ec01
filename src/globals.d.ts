// Replaced at build time by scripts/build.ts (package.json version).
declare const __AGUI_VERSION__: string;
