import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES, type ContentPageKey } from '../pages';
import { CONTENT_SCHEMAS, DEMO_CONTENT } from '../schemas/page-content';

const KEYS = CONTENT_PAGES.map((p) => p.key);

/** Every string anywhere inside a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const ALL_STRINGS = KEYS.flatMap((key) => strings(DEMO_CONTENT[key]));
const text = (key: ContentPageKey) => strings(DEMO_CONTENT[key]).join('\n');
const publicFile = (path: string) => new URL('../../../public' + path, import.meta.url);

/** Image paths: site paths with an image extension, whether a field's whole value or an HTML src. */
function imagePaths(): string[] {
  const found = new Set<string>();
  for (const s of ALL_STRINGS) {
    if (/^\/[^\s"'<>]+\.(svg|png|jpe?g|gif|webp)$/i.test(s)) found.add(s);
    for (const m of s.matchAll(/\ssrc="([^"]+)"/g)) if (m[1]) found.add(m[1]);
  }
  return [...found];
}

const VOID = new Set(['br', 'hr', 'img', 'wbr']);

/** Checks that tags are balanced and properly nested; returns a problem description or null. */
function htmlProblem(html: string): string | null {
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*?(\/?)>/g)) {
    const [, closing, rawName, selfClosing] = m;
    const name = (rawName ?? '').toLowerCase();
    if (VOID.has(name) || selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return `unexpected </${name}>`;
  }
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  if (/<(?![a-zA-Z/])/.test(html)) return 'stray <';
  return null;
}

describe('DEMO_CONTENT', () => {
  it('has a document for every content page and nothing else', () => {
    expect(Object.keys(DEMO_CONTENT).sort()).toEqual([...KEYS].sort());
  });

  describe.each(CONTENT_PAGES.map((p) => [p.key, p] as const))('%s', (key, page) => {
    it('passes its schema with revision 0', () => {
      const result = CONTENT_SCHEMAS[key].safeParse({ ...DEMO_CONTENT[key], revision: 0 });
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.success).toBe(true);
    });

    it('carries the page id and routing of the page registry', () => {
      expect(DEMO_CONTENT[key].menupageid).toBe(page.id);
      expect(DEMO_CONTENT[key].commonrouting).toBe(page.routing);
    });
  });

  describe('home', () => {
    const home = DEMO_CONTENT.home;
    it('has three complete slides', () => {
      expect(home.slideList).toHaveLength(3);
      for (const s of home.slideList) {
        expect(s.image).toMatch(/^\/demo\/slides\/.+\.svg$/);
        expect(s.alt && s.heading && s.caption).toBeTruthy();
      }
    });
    it('has the four block headings', () => {
      const visible = (h: string) => h.replace(/<[^>]*>/g, '');
      expect(visible(home.exprtshead)).toBe('Our Expertise');
      expect(visible(home.skillhead)).toBe('Our Skill Set');
      expect(visible(home.abouthead)).toBe('About Us');
      expect(visible(home.newshead)).toBe('News');
    });
    it('has six expertise cards in order', () => {
      expect(home.expertiseList.map((e) => e.exprtsIcon)).toEqual([
        'factory',
        'pill',
        'stethoscope',
        'cpu',
        'code',
        'rocket',
      ]);
      const headings = home.expertiseList.map((e) => e.exprtsHeading);
      expect(headings[0]).toMatch(/Manufacturing/);
      expect(headings[1]).toMatch(/Pharma/);
      expect(headings[2]).toMatch(/InnovoCare/);
      expect(headings[3]).toMatch(/Technology/);
      expect(headings[4]).toMatch(/Custom Development/);
      expect(headings[5]).toMatch(/Startup/);
    });
    it('has the skill bars of spec 000 §9', () => {
      expect(home.skillList.map((s) => s.skillName)).toEqual([
        'Web Design',
        'CRM Development',
        'Custom Development',
        'Middleware',
        'E-commerce',
        'Mobility',
      ]);
      expect(home.skillList.map((s) => s.skillValue)).toEqual([90, 85, 80, 75, 70, 65]);
    });
    it('has one or two about paragraphs', () => {
      expect(home.abtLst.length).toBeGreaterThanOrEqual(1);
      expect(home.abtLst.length).toBeLessThanOrEqual(2);
    });
    it('has the 2023 and 2022 news items', () => {
      expect(home.newsList.map((n) => n.newsTitle)).toEqual(['2023', '2022']);
      const [n2023, n2022] = home.newsList;
      expect(n2023?.newsDescription).toMatch(/agricultur/i);
      expect(n2023?.newsDescription).toMatch(/start-?up/i);
      expect(n2023?.newsDescription).toMatch(/searchable database/i);
      expect(n2022?.newsDescription).toMatch(/CRM and ERP/);
      expect(n2022?.newsDescription).toMatch(/live/);
    });
  });

  describe('about', () => {
    const about = DEMO_CONTENT.about;
    it('tells the history, leadership, customer focus and open-source approach', () => {
      expect(about.abtmainlst.length).toBeGreaterThanOrEqual(2);
      expect(about.abtmainlst.length).toBeLessThanOrEqual(3);
      const main = about.abtmainlst.map((p) => p.mainpara).join(' ');
      expect(main).toMatch(/over two decades/);
      expect(main).toMatch(/doctor of information management/);
      expect(main).toMatch(/Indian customers/);
      expect(main).toMatch(/open-source/);
    });
    it('has four content blocks and three managers', () => {
      expect(about.abtcontentlst).toHaveLength(4);
      expect(about.managementlst).toHaveLength(3);
      for (const m of about.managementlst) {
        expect(m.mngimg).toMatch(/^\/demo\/team\/[a-z-]+\.svg$/);
        expect(m.mngdetails).toMatch(/^<p>.*<\/p><p>.*<br>.*<\/p>$/s);
      }
    });
  });

  describe('bespoke', () => {
    const bespoke = DEMO_CONTENT.bespoke;
    it('has two slides: mobile and web apps', () => {
      expect(bespoke.slidelst).toHaveLength(2);
      expect(bespoke.slidelst.map((s) => s.heading)).toEqual(['Mobile apps', 'Web apps']);
    });
    it('states hosting and the annual maintenance plan', () => {
      expect(bespoke.bespokelst.length).toBeGreaterThanOrEqual(5);
      expect(bespoke.bespokelst.length).toBeLessThanOrEqual(7);
      const paras = bespoke.bespokelst.map((b) => b.bespokepara);
      expect(paras.some((p) => p.includes('99.5%') && p.includes('Tier I'))).toBe(true);
      expect(paras.some((p) => /annual maintenance/i.test(p))).toBe(true);
    });
  });

  describe('expertise', () => {
    const expertise = DEMO_CONTENT.expertise;
    it('has the seven sections with three to six items each', () => {
      expect(expertise.sectionlst.map((s) => s.heading)).toEqual([
        'Open Source',
        'Cloud',
        'COTS',
        'Mobility',
        'Middleware',
        'E-commerce',
        'Architecture Experience',
      ]);
      for (const s of expertise.sectionlst) {
        expect(s.list.length).toBeGreaterThanOrEqual(3);
        expect(s.list.length).toBeLessThanOrEqual(6);
        for (const item of s.list) expect(item.data.trim()).not.toBe('');
      }
    });
    it('has 18 industry rows with distinct segments', () => {
      expect(expertise.tablelst).toHaveLength(18);
      expect(new Set(expertise.tablelst.map((r) => r.segment)).size).toBe(18);
    });
  });

  it('language: three to five sections stating English to German', () => {
    const { sectionlst } = DEMO_CONTENT.language;
    expect(sectionlst.length).toBeGreaterThanOrEqual(3);
    expect(sectionlst.length).toBeLessThanOrEqual(5);
    expect(text('language')).toContain('English to German');
  });

  it('consulting: four to six sections with known icons', () => {
    const { sectionlst } = DEMO_CONTENT.consulting;
    expect(sectionlst.length).toBeGreaterThanOrEqual(4);
    expect(sectionlst.length).toBeLessThanOrEqual(6);
    for (const s of sectionlst) {
      expect(['compass', 'layers', 'workflow', 'shield', 'chart', 'users']).toContain(s.icon);
      expect(s.title1 && s.title2 && s.data).toBeTruthy();
    }
  });

  it('news: five to seven entries, newest first, with the 2023 and 2022 items', () => {
    const { tablelst } = DEMO_CONTENT.news;
    expect(tablelst.length).toBeGreaterThanOrEqual(5);
    expect(tablelst.length).toBeLessThanOrEqual(7);
    const years = tablelst.map((n) => Number(n.newsYear));
    expect(years.every((y) => Number.isInteger(y))).toBe(true);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(tablelst.find((n) => n.newsYear === '2023')?.newsDetails).toMatch(/agricultur/i);
    expect(tablelst.find((n) => n.newsYear === '2022')?.newsDetails).toMatch(/CRM and ERP/);
  });

  it('customers: 20 distinct organisations with logos', () => {
    const { tablelst } = DEMO_CONTENT.customers;
    expect(tablelst).toHaveLength(20);
    expect(new Set(tablelst.map((c) => c.custname)).size).toBe(20);
    expect(new Set(tablelst.map((c) => c.custImage)).size).toBe(20);
    for (const c of tablelst) expect(c.custImage).toMatch(/^\/demo\/customers\/[a-z0-9-]+\.svg$/);
  });

  it('prod1: the sales force automation and service management lists', () => {
    const p = DEMO_CONTENT.prod1;
    expect(p.descriptionlst.length).toBeGreaterThanOrEqual(1);
    expect(p.descriptionlst.length).toBeLessThanOrEqual(2);
    expect(p.section1detail).toContain('Sales Force Automation');
    expect(p.section1lst.map((s) => s.title1)).toEqual([
      'Opportunity Management',
      'Product Configurator',
      'Quotation Generation and Approval Workflow',
      'Target Management',
      'Expense Management',
    ]);
    expect(p.section2detail).toContain('Service Management');
    expect(p.section2lst.map((s) => s.title2)).toEqual([
      'Installations and Warranty',
      'Product Specifications',
      'Service Calls',
      'Material Indenting',
      'AMC Management',
      'Android Mobility',
      'Expense Management',
    ]);
    expect(p.section3lst.length).toBeGreaterThanOrEqual(3);
    expect(p.section3lst.length).toBeLessThanOrEqual(4);
    expect(p.section4lst.length).toBeGreaterThanOrEqual(4);
    expect(p.section4lst.length).toBeLessThanOrEqual(5);
  });

  it('prod2: three modules and three audiences', () => {
    const p = DEMO_CONTENT.prod2;
    expect(p.moduleslst).toHaveLength(3);
    const [m1, m2, m3] = p.moduleslst.map((m) => m.moduledata);
    expect(m1).toMatch(/^Basic work reporting with expenses/);
    expect(m2).toMatch(/^Sales target and analysis/);
    expect(m3).toMatch(/^Segmentation targeting/);
    expect(p.section2lst).toHaveLength(3);
    const audiences = p.section2lst.map((s) => s.data2).join(' ');
    for (const who of ['sales force', 'managers', 'marketing']) expect(audiences).toContain(who);
  });

  it('prod3: six benefits including 20 languages, front-office and doctor features', () => {
    const p = DEMO_CONTENT.prod3;
    expect(p.benefitslst.map((b) => b.icon)).toEqual([
      'gauge',
      'prescription',
      'wifi-off',
      'file-medical',
      'cloud',
      'languages',
    ]);
    const languages = p.benefitslst[5];
    expect(`${languages?.title} ${languages?.data}`).toMatch(/\b20\b.*languages/i);
    expect(p.benefitslst[1]?.data).toMatch(/generic and brand names/);
    const front = p.section1lst.map((s) => s.data1).join(' ');
    for (const f of [
      /appointments per clinic, doctor and specialty/i,
      /check-in/i,
      /check-out with fee collection/i,
      /no-show/i,
      /reschedule and cancel/i,
    ])
      expect(front).toMatch(f);
    expect(p.section2lst.length).toBeGreaterThanOrEqual(5);
    expect(p.section2lst.length).toBeLessThanOrEqual(6);
  });

  it('contact: Pune address, e-mail, phone and map link', () => {
    const c = DEMO_CONTENT.contact;
    expect(c.address).toContain('Pune');
    expect(c.address).toContain('\n');
    expect(c.email).toBe('info@innovosoftware.in');
    expect(c.phone).toBe('+91 20 4567 8900');
    expect(c.maplink).toBe('https://www.openstreetmap.org/?mlat=18.5204&mlon=73.8567#map=15/18.5204/73.8567');
  });

  it('references only images that exist under public/', () => {
    const paths = imagePaths();
    expect(paths.length).toBeGreaterThanOrEqual(3 + 3 + 2 + 20);
    const missing = paths.filter((p) => !p.startsWith('/') || !existsSync(fileURLToPath(publicFile(p))));
    expect(missing).toEqual([]);
  });

  it('referenced SVG images are self-contained and titled', () => {
    for (const p of imagePaths().filter((x) => x.endsWith('.svg'))) {
      const svg = readFileSync(publicFile(p), 'utf8');
      expect(svg, p).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[^"]+" role="img"><title>[^<]+<\/title>/,
      );
      expect(svg, p).not.toMatch(/<script|foreignObject|href=|<image/i);
    }
  });

  it('contains no scripts, javascript: links or inline event handlers', () => {
    for (const s of ALL_STRINGS) {
      expect(s).not.toMatch(/<script/i);
      expect(s).not.toMatch(/javascript:/i);
      expect(s).not.toMatch(/\son[a-z]+\s*=/i);
      expect(s).not.toMatch(/\sstyle\s*=/i);
    }
  });

  it('links only to site paths or https addresses', () => {
    for (const s of ALL_STRINGS) {
      for (const m of s.matchAll(/\shref="([^"]*)"/g)) expect(m[1]).toMatch(/^(\/(?!\/)|https:\/\/)/);
    }
  });

  it('has well-formed HTML and no placeholder text', () => {
    for (const s of ALL_STRINGS) {
      expect(htmlProblem(s), s).toBeNull();
      expect(s).not.toMatch(/lorem|ipsum|TODO|TBD|placeholder/i);
    }
  });
});
