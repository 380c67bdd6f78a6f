import { startIslands } from './public/islands/islands';
import './styles/public.css';

// Public pages are server-rendered HTML; no framework runs here. The few interactive parts (header menu,
// carousel, contact form, image fallback) are islands that enhance the server's markup (decision 011).

// The server marks <html class="no-js"> so the menu works without JavaScript; from here on scripts run.
document.documentElement.classList.replace('no-js', 'js');

await startIslands(document);
// The page is interactive from here on (browser tests wait for this mark).
document.documentElement.dataset.hydrated = 'true';
