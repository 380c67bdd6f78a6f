import { hydrateRoot } from 'react-dom/client';
import { PAGE_LOADERS } from './public/page-components';
import { PublicApp } from './public/public-app';
import type { PublicPageData } from '../core/public-page';
import './styles/public.css';

// The server marks <html class="no-js"> so the menu works without JavaScript; from here on scripts run.
document.documentElement.classList.replace('no-js', 'js');

const dataElement = document.getElementById('folio-data');
const root = document.getElementById('root');
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PublicPageData;
  const { default: Page } = await PAGE_LOADERS[data.pageKey]();
  hydrateRoot(
    root,
    <PublicApp data={data}>
      <Page content={data.content} autowired={data.autowired} contactForm={data.contactForm} />
    </PublicApp>,
  );
}
