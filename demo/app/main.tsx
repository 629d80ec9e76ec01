import { render } from 'preact';
import { App } from './app.js';
import { installTestHook } from './test-hook.js';
import { installRejectionGuard } from './rejection-guard.js';

const root = document.getElementById('root');
if (root) render(<App />, root);
installTestHook();
installRejectionGuard();
