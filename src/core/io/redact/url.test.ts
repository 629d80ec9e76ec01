import { describe, expect, it } from 'vitest';
import { isCredentialName } from './credentials.js';
import { createReport } from './options.js';
import { redactUrl, type Mode } from './url.js';

const plain: Mode = { full: false };
const full: Mode = { full: true, options: { hideLengths: false } };

describe('credential names', () => {
  it.each([
    'Authorization',
    'Proxy-Authorization',
    'Cookie',
    'Set-Cookie',
    'X-Api-Key',
    'access_token',
    'client_secret',
    'password',
    'X-Session-Id',
    'X-Amz-Signature',
    'sig',
    'X-Auth',
  ])('%s is a credential', (name) => expect(isCredentialName(name)).toBe(true));
  it.each(['content-type', 'accept', 'q', 'page', 'user-agent'])('%s is not', (name) =>
    expect(isCredentialName(name)).toBe(false),
  );
});

describe('redactUrl', () => {
  it('removes credentials from every export and says where', () => {
    const report = createReport();
    const url = 'https://ann:pw@host.example:8443/a/b?q=Lisbon&access_token=T0K&x#id_token=J&state=s';
    expect(redactUrl(url, 'u', plain, report)).toBe(
      'https://host.example:8443/a/b?q=Lisbon&access_token=[redacted]&x#id_token=[redacted]&state=s',
    );
    expect(report.credentials).toEqual([
      'u user info',
      'u query parameter access_token',
      'u fragment parameter id_token',
    ]);
  });

  it('masks every query value and the fragment in a redacted export, without normalising', () => {
    const report = createReport();
    expect(redactUrl('http://h/p%20q?q=Lisbon&a=&b#frag', 'u', full, report)).toBe('http://h/p%20q?q=******&a=&b#****');
    expect(report.counts).toEqual({ 'query-value': 1, 'url-fragment': 1 });
  });

  it('leaves a URL without credentials as it was', () => {
    const report = createReport();
    expect(redactUrl('/relative?x=1', 'u', plain, report)).toBe('/relative?x=1');
    expect(report.credentials).toEqual([]);
  });
});
