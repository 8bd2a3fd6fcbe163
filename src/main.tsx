import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setupIonicReact } from '@ionic/react';
import { z } from 'zod';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import './app/theme.css';

import { App } from './app/app';

// zod probes `new Function` to decide on compiled parsers; under CSP script-src 'self' that probe
// is blocked and reported. Interpreted parsing is plenty for our payloads.
z.config({ jitless: true });
setupIonicReact();

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html has no #root element');
}
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
