import { describe, expect, it } from 'vitest';
import { CONTACT_OUTCOME } from './components/contact-outcome';
import { enquirySchemaIn } from './islands/contact-validation';
import { CONTACT_MESSAGES, ContactEnquirySchema } from '../../core/schemas/contact-enquiry';
import { CONTACT_FORM_WORDS, contactWordsOf, menuIn, sayIn, siteTextUnits } from '../../core/site-texts';

describe("the site's own words (docs/design.md §28)", () => {
  it("are the words the contact form's island and its schema say", () => {
    expect([CONTACT_FORM_WORDS.sent, CONTACT_FORM_WORDS.failed, CONTACT_FORM_WORDS.refused]).toEqual([
      CONTACT_OUTCOME.sent,
      CONTACT_OUTCOME.failed,
      CONTACT_OUTCOME.refused,
    ]);
    expect([
      CONTACT_FORM_WORDS.nameRequired,
      CONTACT_FORM_WORDS.emailInvalid,
      CONTACT_FORM_WORDS.mobileInvalid,
      CONTACT_FORM_WORDS.requirementsRequired,
    ]).toEqual([CONTACT_MESSAGES.name, CONTACT_MESSAGES.email, CONTACT_MESSAGES.mobile, CONTACT_MESSAGES.requirements]);
    // Every refusal the schema can say is one of the words a translator gets.
    const refusals = [
      { organization: 'a\nb', name: 'x', email: 'a@b.in', mobile: '9876543210', requirements: 'x' },
      { organization: 'o'.repeat(151), name: 'n\nn', email: 'bad', mobile: '12', requirements: '' },
      {
        organization: '',
        name: 'n'.repeat(101),
        email: 'a@b.in',
        mobile: '9876543210',
        requirements: 'r'.repeat(5001),
      },
      { organization: '', name: '', email: 'a@b.in', mobile: '9876543210', requirements: 'x' },
      { organization: '', name: 'x', email: 'a@b.in', mobile: '+49 15', requirements: 'x' },
    ].flatMap((input) =>
      // The island's schema in India and elsewhere (docs/design.md §34), and the server's body schema.
      [enquirySchemaIn(undefined), enquirySchemaIn('DE'), ContactEnquirySchema].flatMap(
        (schema) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [],
      ),
    );
    expect(refusals).toContain(CONTACT_FORM_WORDS.mobileInvalid);
    expect(refusals).toContain(CONTACT_FORM_WORDS.phoneInvalid);
    expect(refusals.length).toBeGreaterThan(6);
    for (const message of refusals) expect(Object.values(CONTACT_FORM_WORDS)).toContain(message);
  });

  it('lists the menu, the tagline and the form; a translation replaces a label or a word, a blank one leaves it', () => {
    const menu = [
      {
        id: 1,
        mainmenulabel: 'Home',
        mainmenulink: '/Home1',
        lstsubmenu: [
          {
            id: 2,
            submenulabel: 'Services',
            submenulink: '',
            lstchildmenu: [{ id: 3, submenulabel: 'Consulting', submenulink: '/Consulting1' }],
          },
        ],
      },
    ];
    const units = siteTextUnits(menu, 'Software from Pune');
    expect(units.slice(0, 4).map((u) => [u.key, u.label, u.source])).toEqual([
      ['menu.1', 'Menu: Home', 'Home'],
      ['menu.2', 'Menu: Home › Services', 'Services'],
      ['menu.3', 'Menu: Home › Services › Consulting', 'Consulting'],
      ['footer.tagline', 'Footer: the line under the company name', 'Software from Pune'],
    ]);
    expect(siteTextUnits(menu, '').some((u) => u.key === 'footer.tagline')).toBe(false);
    const german = menuIn(menu, { 'menu.1': 'Startseite', 'menu.3': '  ' });
    expect([
      german[0]!.mainmenulabel,
      german[0]!.lstsubmenu[0]!.submenulabel,
      german[0]!.lstsubmenu[0]!.lstchildmenu[0]!.submenulabel,
    ]).toEqual(['Startseite', 'Services', 'Consulting']);
    const words = contactWordsOf({ 'contact.organization': 'Organisation', 'contact.submit': '' });
    expect(words).toEqual({ Organization: 'Organisation' });
    expect([sayIn(words, 'Organization'), sayIn(words, 'Submit'), sayIn(undefined, 'Email')]).toEqual([
      'Organisation',
      'Submit',
      'Email',
    ]);
  });
});
