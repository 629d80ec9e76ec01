// The one list of credential names: header, query parameter, cookie and JSON key names
// whose value is a credential. Plain data with no imports, so the page tap (which may
// import nothing else of the core) matches header names with the same list every export
// and the CLI use (./credentials.ts).

/** Names that are credentials whole (lower case). */
export const CREDENTIAL_NAMES: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/** A name containing any of these (lower case) is a credential: x-auth, apiKey, sessionId, sig… */
export const CREDENTIAL_PARTS: readonly string[] = [
  'token',
  'key',
  'secret',
  'password',
  'auth',
  'session',
  'signature',
  'sig',
  'credential',
];
