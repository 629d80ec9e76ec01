// Firefox MV3 differs from Chrome's: it wants background scripts (no service worker
// before 121 and not from a DevTools-only extension), a gecko id, and world:"MAIN"
// content scripts need Firefox 128+. Firefox always structure-clones extension messages, so
// Chrome's opt-in key (`message_serialization`) is left out.
export function firefoxManifest(chrome: Record<string, unknown>): Record<string, unknown> {
  const { minimum_chrome_version: _unused, message_serialization: _always, ...rest } = chrome;
  return {
    ...rest,
    background: { scripts: ['background.js'], type: 'module' },
    browser_specific_settings: {
      gecko: {
        id: 'agui-inspector@agui-inspector.dev',
        strict_min_version: '128.0',
        data_collection_permissions: { required: ['none'] },
      },
    },
  };
}
