import { describe, expect, it } from 'vitest';
import type { AutowiredDocument } from '../../../core/page-defs/autowired-document';
import type { PublicParameter } from '../../../core/public-page';
import { renderPublicBody } from '../../entry-server';

/** Visitors read content (docs/design.md §34): a field's name shows only where it is asked for, and a heading is a heading. */

const SITE = {
  menu: [],
  company: {
    name: 'Innovo Software Pvt. Ltd.',
    email: 'info@example.in',
    phone: '+91 20 1234 5678',
    tagline: 'Software',
    logo: '',
  },
  copyrightYear: 2026,
};

const parameter = (
  name: string,
  type: string,
  level: 'Header' | 'Detail',
  more: Partial<PublicParameter> = {},
): PublicParameter => ({
  name,
  type,
  unittype: type === 'number' ? 'Integer' : 'Character',
  level,
  yes: '',
  no: '',
  decimalplaces: null,
  showName: false,
  heading: false,
  ...more,
});

const render = (parameters: PublicParameter[], content: Omit<AutowiredDocument, 'revision'>) =>
  renderPublicBody({
    ...SITE,
    pageKey: 'autowired',
    path: '/Welcome1',
    pageName: 'Welcome',
    content: { ...content, revision: 1 },
    autowired: { title: 'Welcome', parameters },
  });

describe('the public page of a page made without code', () => {
  const header = { Heading: 'Willkommen in Berlin', Introduction: 'We build software for firms of every size.' };

  it('shows only the content of fields whose names visitors do not see, a heading as an h2', async () => {
    const html = await render(
      [parameter('Heading', 'Textarea', 'Header', { heading: true }), parameter('Introduction', 'Textarea', 'Header')],
      { header, rows: [] },
    );
    expect(html).toContain('<h2 class="autowired-heading">Willkommen in Berlin</h2>');
    expect(html).toContain('<p class="autowired-text">We build software for firms of every size.</p>');
    expect(html).not.toContain('autowired-field__name');
    expect(html).not.toMatch(/>\s*(Heading|Introduction)\s*</);
  });

  it('shows the name above the value where "Show its name to visitors" is on', async () => {
    const html = await render(
      [
        parameter('Heading', 'Textarea', 'Header', { heading: true, showName: true }),
        parameter('Introduction', 'Textarea', 'Header', { showName: true }),
      ],
      {
        header,
        rows: [],
      },
    );
    expect(html).toContain(
      '<p class="autowired-field__name">Heading</p><h2 class="autowired-heading">Willkommen in Berlin</h2>',
    );
    expect(html).toContain('<dt class="autowired-field__name">Introduction</dt>');
  });

  it('shows entries as cards, a heading as an h3, when a column’s name is not shown (a table needs its headings)', async () => {
    const columns = [
      parameter('Service', 'Textarea', 'Detail', { heading: true }),
      parameter('Price', 'number', 'Detail', { showName: true }),
    ];
    const html = await render(columns, { header: {}, rows: [{ Service: 'Audits', Price: 90 }] });
    expect(html).not.toContain('<table');
    expect(html).toContain('<h3 class="autowired-heading">Audits</h3>');
    expect(html).toContain('<dt class="autowired-field__name">Price</dt>');
    const table = await render([parameter('Service', 'Textarea', 'Detail', { showName: true }), columns[1]!], {
      header: {},
      rows: [{ Service: 'Audits', Price: 90 }],
    });
    expect(table).toContain('<th scope="col">Service</th>');
  });
});
