// `serve` refuses what could leak a customer's recording: other origins, forged Hosts
// (DNS rebinding), paths in headers, oversized or over-nested bodies.
import { afterEach, describe, expect, it } from 'vitest';
import { closeServed, rawRequest, runsOf, serve } from './serve.test-helper.js';

afterEach(closeServed);

describe('serve refuses what could leak a recording', () => {
  it('refuses a non-loopback origin (403, no CORS headers) and its preflight, without using up a run', async () => {
    const { server, journal } = await serve(runsOf('backend-tool.sse'));
    for (const origin of ['https://evil.example', 'http://192.168.1.5:3000', 'null']) {
      const pre = await rawRequest(`${server.url}/agent`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(pre.status, origin).toBe(403);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const post = await rawRequest(`${server.url}/agent`, { headers: { Origin: origin }, body: '{}' });
      expect(post.status, origin).toBe(403);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
      expect(post.body).toContain('--allow-origin');
    }
    // The one recorded run is still there for a loopback page.
    const ok = await fetch(`${server.url}/agent`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:1' },
      body: '{}',
    });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(journal.map((e) => e.status)).toEqual([403, 403, 403, 403, 403, 403, 200]);
  });

  it('--allow-origin lets a named origin in, with the private-network grant it asks for', async () => {
    const { server } = await serve(runsOf('backend-tool.sse'), { allowOrigins: ['https://staging.example'] });
    const pre = await rawRequest(`${server.url}/agent`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://staging.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://staging.example');
    expect(pre.headers['access-control-allow-private-network']).toBe('true');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await rawRequest(`${server.url}/agent`, { headers: { Origin: 'https://other.example' }, body: '{}' });
    expect(other.status).toBe(403);
  });

  it('refuses a Host that is not a loopback address (DNS rebinding)', async () => {
    const { server } = await serve(runsOf('backend-tool.sse'));
    for (const host of ['evil.example', 'evil.example:4010', '10.0.0.2']) {
      const res = await rawRequest(`${server.url}/agent`, { headers: { Host: host }, body: '{}' });
      expect(res.status, host).toBe(403);
      expect(res.body).toContain('not a loopback address');
    }
    const port = new URL(server.url).port;
    const ok = await rawRequest(`${server.url}/agent`, { headers: { Host: `localhost:${port}` }, body: '{}' });
    expect(ok.status).toBe(200);
  });

  it('names the recording by file name and index, never its path', async () => {
    const runs = runsOf('backend-tool.sse').map((r) => ({
      ...r,
      file: '/home/support/customers/acme/backend-tool.sse',
      label: '/home/support/customers/acme/backend-tool.sse#1',
    }));
    const { server } = await serve(runs);
    const res = await fetch(`${server.url}/agent`, { method: 'POST', body: '{}' });
    expect(res.headers.get('x-agui-recorded-run')).toBe('backend-tool.sse#1');
    await res.arrayBuffer();
  });

  it('answers 413 to a body over 16 MB and 400 to JSON nested past the bound', async () => {
    const { server, journal } = await serve(runsOf('backend-tool.sse'));
    const big = await rawRequest(`${server.url}/agent`, { body: new Uint8Array(16 * 1024 * 1024 + 1).fill(0x20) });
    expect(big.status).toBe(413);
    const deep = await rawRequest(`${server.url}/agent`, { body: `{"threadId":"t","x":${'['.repeat(100_000)}` });
    expect(deep.status).toBe(400);
    expect(deep.body).toContain('nests deeper than');
    expect(journal.map((e) => e.status)).toEqual([413, 400]);
  });
});
