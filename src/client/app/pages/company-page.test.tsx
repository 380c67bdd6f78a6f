// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_MESSAGES } from '../../../core/schemas/company';
import type { SessionInfo } from '../../../core/schemas/auth';
import { buttonNamed as button, byLabel as labelled, click, type, until, withTestRoot } from '../test-support/dom';
import CompanyPage from './company-page';

/** The company details screen's tagline and logo (docs/design.md §20) against a stand-in for the server's calls. */

vi.mock('../toasts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));

const dom = withTestRoot();

const SESSION: SessionInfo = {
  authenticated: true,
  setupPending: false,
  companyName: 'Innovo Software Pvt. Ltd.',
  companyCode: 'INNOVO',
  companyLogo: '',
  iconVersion: 'v1',
  passwordResetByMail: false,
  twoFactor: false,
  user: {
    id: 1,
    username: 'admin',
    firstName: 'Admin',
    usergroupid: 1,
    landpage: '/Home',
    screens: ['companyForm'],
    twoFactor: false,
    twoFactorRequired: false,
    passwordChangeRequired: false,
  },
};

const DETAILS = {
  companyCode: 'INNOVO',
  companyName: 'Innovo Software Pvt. Ltd.',
  address: '402, Sahyog Chambers',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411005',
  country: 'India',
  countryCode: 'IN',
  websiteUrl: 'https://www.innovosoftware.in',
  contact: '2045678900',
  email: 'info@innovosoftware.in',
  tagline: 'Bespoke software, CRM and clinic software from Pune, India.',
  logo: '/demo/logo.png',
};

const saves: Record<string, unknown>[] = [];
beforeEach(() => {
  saves.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === '/api/master/saveCompanyDetails') saves.push(body);
    const data =
      url === '/api/auth/session'
        ? SESSION
        : url === '/api/master/getCompanyDetails'
          ? DETAILS
          : url === '/api/master/saveCompanyDetails'
            ? { message: 'Success' }
            : null;
    return new Response(JSON.stringify(data ?? { message: `No call ${url}` }), {
      status: data ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => labelled<HTMLInputElement>(dom.container, label);

describe('the company details screen', () => {
  it('shows the tagline and logo, and saves them changed with the other details', async () => {
    dom.renderScreen(<CompanyPage />);
    const tagline = await until(() => field('Tagline'), 'the tagline');
    expect(tagline.value).toBe(DETAILS.tagline);
    expect(tagline.maxLength).toBe(160);
    expect(field('Logo')!.value).toBe('/demo/logo.png');
    // The logo can be uploaded, like the editors' images.
    expect(field('Choose an image file (PNG or JPEG)')!.type).toBe('file');

    await type(field('Company Name')!, 'Acme Widgets');
    await type(tagline, 'Widgets for every workshop');
    await type(field('Logo')!, '');
    await click(button('Submit')!);
    await until(() => saves.length > 0, 'the save');
    expect(saves[0]).toEqual({
      ...DETAILS,
      companyName: 'Acme Widgets',
      tagline: 'Widgets for every workshop',
      logo: '',
    });
  });

  it('says at once when the logo is no image address, and saves nothing', async () => {
    dom.renderScreen(<CompanyPage />);
    const logo = await until(() => field('Logo'), 'the logo');
    await type(logo, 'javascript:alert(1)');
    await until(() => dom.container.textContent?.includes(COMPANY_MESSAGES.logo), 'the logo message');
    expect(logo.getAttribute('aria-describedby')).toContain(`${logo.id}-error`);
    expect(button('Submit')!.disabled).toBe(true);
    expect(saves).toEqual([]);
  });
});
