// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { createMemoryTransport } from '../../bridge/memory-transport.js';
import { mountPanel, type MountedPanel } from '../mount.js';
import { createManualScheduler } from '../store/scheduler.js';
import type { WorkerCounterAccess } from '../worker-counter-access.js';
import { signal } from '@preact/signals';
import type { ThemeName } from '../theme.js';

let mounted: { panel: MountedPanel; el: HTMLElement } | undefined;
afterEach(() => {
  if (mounted) act(() => mounted?.panel.unmount());
  mounted?.el.remove();
  mounted = undefined;
});

function mount(opts: { workerCounter?: WorkerCounterAccess; offline?: boolean }): HTMLElement {
  const el = document.createElement('div');
  document.body.appendChild(el);
  act(() => {
    const panel = mountPanel(el, {
      ...(opts.offline ? { offline: true } : { transport: createMemoryTransport(true) }),
      scheduler: createManualScheduler(),
      storage: null,
      theme: { theme: signal<ThemeName>('light'), dispose: () => undefined },
      ...(opts.workerCounter ? { workerCounter: opts.workerCounter } : {}),
    });
    mounted = { panel, el };
  });
  return el;
}

/** A permission the fake browser grants or refuses as told. */
function fakeAccess(grant: boolean) {
  const calls: string[] = [];
  let held = false;
  const access: WorkerCounterAccess = {
    isOn: () => Promise.resolve(held),
    turnOn: () => (calls.push('request'), (held = grant), Promise.resolve(grant)),
    turnOff: () => (calls.push('remove'), (held = false), Promise.resolve(true)),
  };
  return { access, calls };
}

/** The counter lives in the toolbar's settings (the gear): open them. */
function withSettings(el: HTMLElement) {
  const view = within(el);
  fireEvent.click(view.getByRole('button', { name: 'Settings' }));
  expect(view.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  return view;
}

describe('worker-stream counter offer', () => {
  it('is off by default, says what it costs, turns on through the prompt and off again', async () => {
    const { access, calls } = fakeAccess(true);
    const view = withSettings(mount({ workerCounter: access }));
    const offer = await view.findByRole('button', { name: 'Count worker streams' });
    expect(offer.getAttribute('aria-pressed')).toBe('false');
    expect(offer.getAttribute('title')).toMatch(/webRequest/);
    expect(offer.getAttribute('title')).toMatch(/every download of every page.*100 MB/);
    fireEvent.click(offer);
    const on = await view.findByRole('button', { name: 'Worker stream counter on' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(on);
    await view.findByRole('button', { name: 'Count worker streams' });
    expect(calls).toEqual(['request', 'remove']);
  });

  it('stays off when the prompt is refused', async () => {
    const { access, calls } = fakeAccess(false);
    const view = withSettings(mount({ workerCounter: access }));
    fireEvent.click(await view.findByRole('button', { name: 'Count worker streams' }));
    await waitFor(() => expect(calls).toEqual(['request']));
    expect(view.getByRole('button', { name: 'Count worker streams' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('is not offered where the panel cannot ask, nor in the offline viewer', async () => {
    const none = withSettings(mount({}));
    await Promise.resolve();
    expect(none.queryByRole('button', { name: /worker stream/i })).toBeNull();
    act(() => mounted?.panel.unmount());
    mounted = undefined;
    const offline = withSettings(mount({ workerCounter: fakeAccess(true).access, offline: true }));
    await Promise.resolve();
    expect(offline.queryByRole('button', { name: /worker stream/i })).toBeNull();
  });
});
