import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Rendered as a transition: React draws the first page in short slices instead of one long task
// (the page loader in index.html shows meanwhile), which keeps a slow phone's main thread responsive.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
