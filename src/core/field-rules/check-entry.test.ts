import { describe, expect, it } from 'vitest';
import { checkDocumentEntries, checkEntry, imageSizeProblem } from './check-entry';
import type { FieldRule } from './field-rule';

const rule = (parameterName: string, type: string, extra: Partial<FieldRule> = {}): FieldRule => ({
  parameterName,
  type,
  minlength: null,
  maxlength: null,
  decimalplaces: null,
  currentdate: 'false',
  greatthncurrentdate: 'false',
  lessthncurrentdate: 'false',
  ...extra,
});

const fails = (message: string, field: string) => ({ ok: false, title: 'Oops', message, field });
const OK = { ok: true };
/** A fixed "today": 15 March 2024, midday local time. */
const TODAY = new Date(2024, 2, 15, 12, 0, 0);

describe('checkEntry: text fields', () => {
  const heading = rule('exprtsHeading', 'Textarea', { minlength: 3, maxlength: 10 });

  it('passes a value within the bounds, and exactly at each bound', () => {
    expect(checkEntry({ exprtsHeading: 'Cloud' }, [heading])).toEqual(OK);
    expect(checkEntry({ exprtsHeading: 'abc' }, [heading])).toEqual(OK);
    expect(checkEntry({ exprtsHeading: '0123456789' }, [heading])).toEqual(OK);
  });

  it("refuses too short with the spec's message", () => {
    expect(checkEntry({ exprtsHeading: 'ab' }, [heading])).toEqual(
      fails('Please enter at least 3 characters in exprtsHeading', 'exprtsHeading'),
    );
    expect(checkEntry({ exprtsHeading: '' }, [heading])).toEqual(
      fails('Please enter at least 3 characters in exprtsHeading', 'exprtsHeading'),
    );
  });

  it("refuses too long with the spec's message", () => {
    expect(checkEntry({ exprtsHeading: '01234567890' }, [heading])).toEqual(
      fails('Please enter less than 10 characters in exprtsHeading', 'exprtsHeading'),
    );
  });

  it('strips HTML tags before counting', () => {
    const para = rule('exprtsParagraph', 'Richtext', { minlength: 5, maxlength: 8 });
    expect(checkEntry({ exprtsParagraph: '<p><strong>Hello</strong></p>' }, [para])).toEqual(OK);
    expect(checkEntry({ exprtsParagraph: '<p><strong>Hi</strong><br></p>' }, [para])).toEqual(
      fails('Please enter at least 5 characters in exprtsParagraph', 'exprtsParagraph'),
    );
    expect(checkEntry({ exprtsParagraph: '<p class="long-attribute-value">Hello you</p>' }, [para])).toEqual(
      fails('Please enter less than 8 characters in exprtsParagraph', 'exprtsParagraph'),
    );
  });

  it('trims whitespace before counting', () => {
    expect(checkEntry({ exprtsHeading: '   ab   ' }, [heading])).toEqual(
      fails('Please enter at least 3 characters in exprtsHeading', 'exprtsHeading'),
    );
    expect(checkEntry({ exprtsHeading: '  0123456789 \n' }, [heading])).toEqual(OK);
    expect(checkEntry({ exprtsHeading: '<p>  </p>' }, [heading])).toEqual(
      fails('Please enter at least 3 characters in exprtsHeading', 'exprtsHeading'),
    );
  });

  it('treats empty bounds as no bound', () => {
    for (const empty of [null, undefined, '', 'abc']) {
      const open = rule('title', 'Textarea', { minlength: empty, maxlength: empty });
      expect(checkEntry({ title: '' }, [open])).toEqual(OK);
      expect(checkEntry({ title: 'x'.repeat(10_000) }, [open])).toEqual(OK);
    }
  });

  it('reads bounds given as numeric strings', () => {
    const r = rule('title', 'Textarea', { minlength: '2', maxlength: '4' });
    expect(checkEntry({ title: 'a' }, [r])).toEqual(fails('Please enter at least 2 characters in title', 'title'));
    expect(checkEntry({ title: 'abcde' }, [r])).toEqual(fails('Please enter less than 4 characters in title', 'title'));
  });

  it('applies the same length rules to every text type, whatever its case', () => {
    for (const type of ['Textarea', 'Richtext', 'Text', 'Character', 'textarea', 'RICHTEXT']) {
      expect(checkEntry({ f: 'a' }, [rule('f', type, { minlength: 2 })])).toEqual(
        fails('Please enter at least 2 characters in f', 'f'),
      );
    }
  });

  it('reads a number in a text field as its digits', () => {
    expect(checkEntry({ newsTitle: 2023 }, [rule('newsTitle', 'Textarea', { minlength: 4, maxlength: 10 })])).toEqual(
      OK,
    );
    expect(checkEntry({ newsTitle: 20 }, [rule('newsTitle', 'Textarea', { minlength: 4 })])).toEqual(
      fails('Please enter at least 4 characters in newsTitle', 'newsTitle'),
    );
  });

  it('asks for the field when the value is not text', () => {
    for (const value of [null, undefined, {}, ['a'], true]) {
      expect(checkEntry({ title: value }, [rule('title', 'Textarea')])).toEqual(fails('Please enter title', 'title'));
    }
  });
});

describe('checkEntry: numeric fields', () => {
  const skill = rule('skillValue', 'number', { maxlength: 3, decimalplaces: 2 });

  it('counts the digits of a number without a decimal point', () => {
    expect(checkEntry({ skillValue: 100 }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: '999' }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: 1000 }, [skill])).toEqual(
      fails('Please enter a number with less than 3 digits in skillValue', 'skillValue'),
    );
    expect(checkEntry({ skillValue: '0042' }, [skill])).toEqual(
      fails('Please enter a number with less than 3 digits in skillValue', 'skillValue'),
    );
  });

  it('does not count the sign as a digit', () => {
    expect(checkEntry({ skillValue: -100 }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: '+100' }, [skill])).toEqual(OK);
  });

  it('never reads a large number in exponent notation', () => {
    expect(checkEntry({ skillValue: 1e21 }, [rule('skillValue', 'number', { maxlength: 21 })])).toEqual(
      fails('Please enter a number with less than 21 digits in skillValue', 'skillValue'),
    );
  });

  it('requires exactly decimalplaces decimals when there is a decimal point', () => {
    expect(checkEntry({ skillValue: '12.50' }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: 12.25 }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: '12.5' }, [skill])).toEqual(
      fails('Please enter 2 decimal places in skillValue', 'skillValue'),
    );
    expect(checkEntry({ skillValue: 12.125 }, [skill])).toEqual(
      fails('Please enter 2 decimal places in skillValue', 'skillValue'),
    );
    expect(checkEntry({ skillValue: '12.' }, [skill])).toEqual(
      fails('Please enter 2 decimal places in skillValue', 'skillValue'),
    );
  });

  it('applies the digit limit only without a decimal point, and the decimal rule only with one (as the spec splits them)', () => {
    expect(checkEntry({ skillValue: '12345.67' }, [skill])).toEqual(OK);
    expect(checkEntry({ skillValue: '12' }, [rule('skillValue', 'number', { decimalplaces: 2 })])).toEqual(OK);
  });

  it('leaves the decimals free when decimalplaces is empty, and the digits free when maxlength is empty', () => {
    const open = rule('skillValue', 'number');
    expect(checkEntry({ skillValue: '3.14159' }, [open])).toEqual(OK);
    expect(checkEntry({ skillValue: '123456789012' }, [open])).toEqual(OK);
    expect(checkEntry({ skillValue: '3.5' }, [rule('skillValue', 'number', { decimalplaces: '' })])).toEqual(OK);
  });

  it('reads a zero decimalplaces as "no decimals allowed after a point"', () => {
    expect(checkEntry({ skillValue: '5.0' }, [rule('skillValue', 'number', { decimalplaces: 0 })])).toEqual(
      fails('Please enter 0 decimal places in skillValue', 'skillValue'),
    );
  });

  it('asks for the field when the value is not a number', () => {
    for (const value of [
      '',
      '  ',
      'abc',
      '12a',
      '1,000',
      '1e5',
      '.',
      '-',
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      {},
      [1],
      true,
    ]) {
      expect(checkEntry({ skillValue: value }, [skill]), String(value)).toEqual(
        fails('Please enter skillValue', 'skillValue'),
      );
    }
  });

  it('accepts the unit types Integer and Float as numeric', () => {
    expect(checkEntry({ n: 12345 }, [rule('n', 'Integer', { maxlength: 4 })])).toEqual(
      fails('Please enter a number with less than 4 digits in n', 'n'),
    );
    expect(checkEntry({ n: '1.5' }, [rule('n', 'Float', { decimalplaces: 2 })])).toEqual(
      fails('Please enter 2 decimal places in n', 'n'),
    );
  });
});

describe('checkEntry: date fields', () => {
  const today = rule('d', 'Date', { currentdate: 'true' });
  const future = rule('d', 'Date', { greatthncurrentdate: 'true' });
  const past = rule('d', 'Date', { lessthncurrentdate: 'true' });

  it("requires today's date when currentdate is 'true'", () => {
    expect(checkEntry({ d: '2024-03-15' }, [today], TODAY)).toEqual(OK);
    expect(checkEntry({ d: '2024-03-14' }, [today], TODAY)).toEqual(fails("Please enter today's date in d", 'd'));
    expect(checkEntry({ d: '2024-03-16' }, [today], TODAY)).toEqual(fails("Please enter today's date in d", 'd'));
  });

  it("requires a later date when greatthncurrentdate is 'true'", () => {
    expect(checkEntry({ d: '2024-03-16' }, [future], TODAY)).toEqual(OK);
    expect(checkEntry({ d: '2025-01-01' }, [future], TODAY)).toEqual(OK);
    expect(checkEntry({ d: '2024-03-15' }, [future], TODAY)).toEqual(fails('Please enter a future date in d', 'd'));
    expect(checkEntry({ d: '2023-12-31' }, [future], TODAY)).toEqual(fails('Please enter a future date in d', 'd'));
  });

  it("requires an earlier date when lessthncurrentdate is 'true'", () => {
    expect(checkEntry({ d: '2024-03-14' }, [past], TODAY)).toEqual(OK);
    expect(checkEntry({ d: '2024-03-15' }, [past], TODAY)).toEqual(fails('Please enter a past date in d', 'd'));
    expect(checkEntry({ d: '2024-04-01' }, [past], TODAY)).toEqual(fails('Please enter a past date in d', 'd'));
  });

  it('compares calendar days: the time of day does not matter', () => {
    const lateEvening = new Date(2024, 2, 15, 23, 59, 59);
    const earlyMorning = new Date(2024, 2, 15, 0, 0, 1);
    expect(checkEntry({ d: '2024-03-15' }, [today], lateEvening)).toEqual(OK);
    expect(checkEntry({ d: '2024-03-15' }, [today], earlyMorning)).toEqual(OK);
    expect(checkEntry({ d: new Date(2024, 2, 15, 6, 0) }, [today], lateEvening)).toEqual(OK);
    expect(checkEntry({ d: new Date(2024, 2, 16, 0, 0) }, [future], lateEvening)).toEqual(OK);
    expect(checkEntry({ d: '2024-03-15T08:30:00' }, [past], TODAY)).toEqual(
      fails('Please enter a past date in d', 'd'),
    );
  });

  it('passes any date when no flag is on, and ignores flags that are not the string true', () => {
    expect(checkEntry({ d: '1999-01-01' }, [rule('d', 'Date')], TODAY)).toEqual(OK);
    expect(
      checkEntry(
        { d: '1999-01-01' },
        [rule('d', 'Date', { currentdate: 'false', greatthncurrentdate: '', lessthncurrentdate: null })],
        TODAY,
      ),
    ).toEqual(OK);
    expect(checkEntry({ d: '2024-03-14' }, [rule('d', 'Date', { currentdate: 'TRUE' })], TODAY)).toEqual(
      fails("Please enter today's date in d", 'd'),
    );
  });

  it('checks the flags in the order currentdate, future, past', () => {
    const all = rule('d', 'Date', { currentdate: 'true', greatthncurrentdate: 'true', lessthncurrentdate: 'true' });
    expect(checkEntry({ d: '2024-03-10' }, [all], TODAY)).toEqual(fails("Please enter today's date in d", 'd'));
    expect(checkEntry({ d: '2024-03-15' }, [all], TODAY)).toEqual(fails('Please enter a future date in d', 'd'));
  });

  it('asks for the field when the value is not a date', () => {
    for (const value of [
      '',
      'tomorrow',
      '15/03/2024',
      '2024-02-30',
      '2024-13-01',
      null,
      undefined,
      20240315,
      new Date(Number.NaN),
      {},
    ]) {
      expect(checkEntry({ d: value }, [rule('d', 'Date')], TODAY), String(value)).toEqual(fails('Please enter d', 'd'));
    }
  });
});

describe('checkEntry: image fields', () => {
  const image = rule('mngimg', 'Image');

  it('accepts jpeg, jpg, png and gif in any case, as a URL, a path or a file name', () => {
    for (const value of [
      'https://example.in/uploads/photos/about/anil.jpeg',
      '/uploads/photos/about/anil.jpg',
      'logo.PNG',
      'Banner.Gif',
      'photo.JPG?v=3',
      '/uploads/photos/customer/logo.png#top',
      '  team.png  ',
    ]) {
      expect(checkEntry({ mngimg: value }, [image]), value).toEqual(OK);
    }
  });

  it("refuses anything else with 'Please upload a valid image'", () => {
    for (const value of [
      '',
      'logo.svg',
      'logo.webp',
      'report.pdf',
      'png',
      '.png',
      'photo.png.exe',
      '/uploads/photos/about/',
      'https://example.in/png',
    ]) {
      expect(checkEntry({ mngimg: value }, [image]), value).toEqual(fails('Please upload a valid image', 'mngimg'));
    }
  });

  it('takes a WebP image Folio stored (an uploaded WebP stays WebP), not any other WebP address', () => {
    expect(checkEntry({ mngimg: '/uploads/photos/page1000/0123456789abcdef01234567_40x30.webp' }, [image])).toEqual(OK);
    expect(checkEntry({ mngimg: 'https://example.in/logo.webp' }, [image])).toEqual(
      fails('Please upload a valid image', 'mngimg'),
    );
  });

  it('measures a size in KB where the file is known, and width and height from the stored name', () => {
    const sized = { width: 400, height: 300, sizeinKB: 8 };
    expect(imageSizeProblem('photo', sized, { width: 400, height: 300, bytes: 8 * 1024 })).toBeNull();
    expect(imageSizeProblem('photo', sized, { width: 401, height: 300 })).toBe(
      'Please upload an image at most 400 pixels wide in photo',
    );
    expect(imageSizeProblem('photo', sized, { width: 400, height: 301 })).toBe(
      'Please upload an image at most 300 pixels high in photo',
    );
    expect(imageSizeProblem('photo', sized, { bytes: 8 * 1024 + 1 })).toBe(
      'Please upload an image of at most 8 KB in photo (this one is 9 KB)',
    );
    // An image elsewhere has no known size: only what is known is checked.
    expect(imageSizeProblem('photo', sized, { bytes: null })).toBeNull();
    expect(
      imageSizeProblem(
        'photo',
        { width: null, height: null, sizeinKB: null },
        { width: 9999, height: 9999, bytes: 1e9 },
      ),
    ).toBeNull();
  });

  it('asks for the field when the value is not text', () => {
    expect(checkEntry({ mngimg: null }, [image])).toEqual(fails('Please enter mngimg', 'mngimg'));
    expect(checkEntry({ mngimg: undefined }, [image])).toEqual(fails('Please enter mngimg', 'mngimg'));
    expect(checkEntry({ mngimg: { name: 'a.png' } }, [image])).toEqual(fails('Please enter mngimg', 'mngimg'));
  });
});

describe('checkEntry: choice and unknown types', () => {
  it('Dropdown, Radio and Checkbox need a value', () => {
    for (const type of ['Dropdown', 'Radio', 'Checkbox']) {
      expect(checkEntry({ c: 'Y' }, [rule('c', type)])).toEqual(OK);
      expect(checkEntry({ c: 3 }, [rule('c', type)])).toEqual(OK);
      expect(checkEntry({ c: false }, [rule('c', type)])).toEqual(OK);
      expect(checkEntry({ c: '  ' }, [rule('c', type)])).toEqual(fails('Please enter c', 'c'));
      expect(checkEntry({ c: null }, [rule('c', type)])).toEqual(fails('Please enter c', 'c'));
    }
  });

  it('an unknown rule type passes a value and asks for an empty one', () => {
    const odd = rule('x', 'Colour', { minlength: 50 });
    expect(checkEntry({ x: 'red' }, [odd])).toEqual(OK);
    expect(checkEntry({ x: 7 }, [odd])).toEqual(OK);
    for (const value of ['', '   ', '<p></p>', null, undefined, []]) {
      expect(checkEntry({ x: value }, [odd]), String(value)).toEqual(fails('Please enter x', 'x'));
    }
  });
});

describe('checkEntry: order and presence', () => {
  const rules = [
    rule('newsTitle', 'Textarea', { minlength: 4, maxlength: 10 }),
    rule('newsDescription', 'Richtext', { minlength: 10 }),
    rule('skillValue', 'number', { maxlength: 3 }),
  ];
  /** The editor's words for the fields: what messages call them. */
  const labels = { newsTitle: 'News Title', newsDescription: 'News Description', skillValue: 'Skill Value' };

  it('passes an entry that meets every rule', () => {
    expect(
      checkEntry({ newsTitle: '2024', newsDescription: '<p>Ten or more characters</p>', skillValue: 90 }, rules),
    ).toEqual(OK);
  });

  it('reports only the first failing field, in the order of the rules', () => {
    expect(checkEntry({ skillValue: 1000, newsDescription: 'short', newsTitle: 'x' }, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 4 characters in News Title', 'newsTitle'),
    );
    expect(checkEntry({ skillValue: 1000, newsDescription: 'short', newsTitle: '2024' }, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 10 characters in News Description', 'newsDescription'),
    );
    expect(
      checkEntry({ skillValue: 1000, newsDescription: 'long enough now', newsTitle: '2024' }, rules, TODAY, labels),
    ).toEqual(fails('Please enter a number with less than 3 digits in Skill Value', 'skillValue'));
  });

  it('checks only fields whose key is present in the entry', () => {
    expect(checkEntry({}, rules)).toEqual(OK);
    expect(checkEntry({ skillValue: 5 }, rules)).toEqual(OK);
    expect(checkEntry({ unrelated: '' }, rules)).toEqual(OK);
  });

  it('checks a present key even when its value is undefined', () => {
    expect(checkEntry({ newsTitle: undefined }, rules, TODAY, labels)).toEqual(
      fails('Please enter News Title', 'newsTitle'),
    );
  });

  it('does not read inherited properties as fields', () => {
    const entry = Object.create({ newsTitle: 'x' }) as Record<string, unknown>;
    expect(checkEntry(entry, rules)).toEqual(OK);
  });

  it('passes anything when there are no rules', () => {
    expect(checkEntry({ anything: null }, [])).toEqual(OK);
  });

  it('uses the current date when no today is given', () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const todayText = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    expect(checkEntry({ d: todayText }, [rule('d', 'Date', { currentdate: 'true' })])).toEqual(OK);
  });
});

describe('checkDocumentEntries', () => {
  const rules = [
    rule('description', 'Richtext', { minlength: 10 }),
    rule('heading', 'Textarea', { minlength: 3 }),
    rule('data', 'Textarea', { minlength: 1 }),
    rule('segment', 'Textarea', { maxlength: 12 }),
  ];
  const expertise = () => ({
    menupageid: 4,
    commonrouting: 'Expertise',
    revision: 3,
    description: '<p>What we know well.</p>',
    sectionlst: [
      { heading: 'Cloud', list: [{ data: 'Hosting' }, { data: 'Backups' }] },
      { heading: 'COTS', list: [{ data: 'Tally' }] },
    ],
    tablelst: [{ segment: 'Pharma', product: 'Field force reporting' }],
  });
  /** The page's label tree (src/core/content/expertise.ts): each list's fields named as that list calls them. */
  const labels = {
    description: 'Description',
    sectionlst: {
      entry: 'section',
      fields: { heading: 'Heading', list: { entry: 'list item', fields: { data: 'List item' } } },
    },
    tablelst: { entry: 'table row', fields: { segment: 'Segment', product: 'Product' } },
  };

  it('passes a document whose every entry meets the rules', () => {
    expect(checkDocumentEntries(expertise(), rules)).toEqual(OK);
  });

  it("checks the document's own fields", () => {
    const doc = { ...expertise(), description: '<p>Short</p>' };
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 10 characters in Description', 'description'),
    );
  });

  it('checks every entry of every list', () => {
    const doc = expertise();
    doc.sectionlst[1]!.heading = 'IT';
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 3 characters in Heading', 'heading'),
    );
    const doc2 = expertise();
    doc2.tablelst.push({ segment: 'Engineering services', product: 'Costing' });
    expect(checkDocumentEntries(doc2, rules, TODAY, labels)).toEqual(
      fails('Please enter less than 12 characters in Segment', 'segment'),
    );
  });

  it('checks entries of lists nested in entries', () => {
    const doc = expertise();
    doc.sectionlst[1]!.list.push({ data: '   ' });
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 1 characters in List item', 'data'),
    );
  });

  it('reports the first failure in document order: own fields, then lists in order, each entry before its nested list', () => {
    const doc = expertise();
    doc.tablelst[0]!.segment = 'A segment far too long';
    doc.sectionlst[1]!.list[0]!.data = '';
    doc.sectionlst[1]!.heading = 'X';
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 3 characters in Heading', 'heading'),
    );
    doc.sectionlst[1]!.heading = 'COTS';
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 1 characters in List item', 'data'),
    );
    doc.sectionlst[1]!.list[0]!.data = 'Tally';
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter less than 12 characters in Segment', 'segment'),
    );
    doc.description = '';
    expect(checkDocumentEntries(doc, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 10 characters in Description', 'description'),
    );
  });

  it('checks only the fields an entry has: a rule for one list does not fire on another', () => {
    const doc = { tablelst: [{ segment: 'Retail' }], other: [{ product: 'x' }] };
    expect(checkDocumentEntries(doc, rules)).toEqual(OK);
  });

  it('walks an empty document and empty lists without complaint', () => {
    expect(checkDocumentEntries({}, rules)).toEqual(OK);
    expect(checkDocumentEntries({ sectionlst: [], tablelst: [] }, rules)).toEqual(OK);
  });

  it('checks a field that holds an object instead of a value', () => {
    expect(checkDocumentEntries({ description: { html: 'x' } }, rules)).toEqual(
      fails('Please enter description', 'description'),
    );
  });

  it('passes today on to the date rules', () => {
    const dated = [rule('newsDate', 'Date', { lessthncurrentdate: 'true' })];
    expect(checkDocumentEntries({ tablelst: [{ newsDate: '2024-03-14' }] }, dated, TODAY)).toEqual(OK);
    expect(checkDocumentEntries({ tablelst: [{ newsDate: '2024-03-15' }] }, dated, TODAY)).toEqual(
      fails('Please enter a past date in newsDate', 'newsDate'),
    );
  });
});

describe('field names in messages are labels (docs/design.md §24)', () => {
  const skill = rule('skillValue', 'number', { maxlength: 2 });

  it('names the field by its label, never by its property name, in every kind of message', () => {
    const labels = { skillValue: 'Skill Value', heading: 'Heading', day: 'Closing date', photo: 'Photo' };
    const said = (entry: Record<string, unknown>, r: FieldRule) => {
      const result = checkEntry(entry, [r], TODAY, labels);
      return result.ok ? null : result.message;
    };
    expect(said({ skillValue: 100 }, skill)).toBe('Please enter a number with less than 2 digits in Skill Value');
    expect(said({ skillValue: 'lots' }, skill)).toBe('Please enter Skill Value');
    expect(said({ heading: 'ab' }, rule('heading', 'Textarea', { minlength: 3 }))).toBe(
      'Please enter at least 3 characters in Heading',
    );
    expect(said({ day: '2024-03-01' }, rule('day', 'Date', { greatthncurrentdate: 'true' }))).toBe(
      'Please enter a future date in Closing date',
    );
    expect(
      said(
        { photo: '/uploads/photos/careers/0123456789abcdef01234567_900x10.png' },
        rule('photo', 'Image', { width: 800 }),
      ),
    ).toBe('Please upload an image at most 800 pixels wide in Photo');
  });

  it('keeps the parameter name where no label is given (an Autowired page: its parameter name is its label)', () => {
    expect(checkEntry({ skillValue: 100 }, [skill], TODAY, { other: 'Other' })).toEqual(
      fails('Please enter a number with less than 2 digits in skillValue', 'skillValue'),
    );
  });

  it('does not take a label from the prototype chain', () => {
    expect(checkEntry({ constructor: '' }, [rule('constructor', 'Textarea', { minlength: 1 })], TODAY, {})).toEqual(
      fails('Please enter at least 1 characters in constructor', 'constructor'),
    );
  });

  it("names a field two lists share as each list calls it, and document fields by the page's words", () => {
    const rules = [rule('heading', 'Textarea', { minlength: 3 }), rule('lead', 'Textarea', { maxlength: 5 })];
    const labels = {
      lead: 'Introduction',
      slideList: { entry: 'slide', fields: { heading: 'Slide heading' } },
      sectionlst: { entry: 'section', fields: { heading: 'Section title' } },
    };
    expect(checkDocumentEntries({ slideList: [{ heading: 'ab' }], sectionlst: [] }, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 3 characters in Slide heading', 'heading'),
    );
    expect(
      checkDocumentEntries({ slideList: [{ heading: 'abc' }], sectionlst: [{ heading: 'ab' }] }, rules, TODAY, labels),
    ).toEqual(fails('Please enter at least 3 characters in Section title', 'heading'));
    expect(checkDocumentEntries({ lead: 'Far too long', slideList: [] }, rules, TODAY, labels)).toEqual(
      fails('Please enter less than 5 characters in Introduction', 'lead'),
    );
    // A list the labels do not know: its fields keep their names.
    expect(checkDocumentEntries({ extra: [{ heading: 'ab' }] }, rules, TODAY, labels)).toEqual(
      fails('Please enter at least 3 characters in heading', 'heading'),
    );
  });
});

describe('rules from parameter configuration (docs/design.md §12)', () => {
  const rule = (extra: Partial<FieldRule>): FieldRule => ({ parameterName: 'salary', type: 'number', ...extra });
  const message = (value: unknown, r: FieldRule) => {
    const result = checkEntry({ [r.parameterName]: value }, [r]);
    return result.ok ? null : result.message;
  };

  it('refuses a blank mandatory value and accepts a blank optional one', () => {
    expect(message('', rule({ mandatory: 'Y' }))).toBe('Please enter salary');
    expect(message(null, rule({ mandatory: 'Y', type: 'Date' }))).toBe('Please enter salary');
    expect(message('', rule({ mandatory: 'N' }))).toBeNull();
    expect(message('', rule({ mandatory: 'N', type: 'Image' }))).toBeNull();
    expect(message('   ', rule({ mandatory: 'Y', type: 'Textarea' }))).toBe('Please enter salary');
    expect(message('', rule({ mandatory: 'N', type: 'Textarea' }))).toBeNull();
    // A text minimum still speaks first, as spec 000 §5 words it.
    expect(message('', rule({ mandatory: 'N', type: 'Textarea', minlength: 5 }))).toBe(
      'Please enter at least 5 characters in salary',
    );
  });

  it('refuses negative numbers unless allowed, and numbers under the minimum', () => {
    expect(message(-5, rule({ allownegative: 'N' }))).toBe('Please enter a number that is not negative in salary');
    expect(message('-5.50', rule({ allownegative: 'N' }))).toBe('Please enter a number that is not negative in salary');
    expect(message(-5, rule({ allownegative: 'Y' }))).toBeNull();
    expect(message(0, rule({ allownegative: 'N' }))).toBeNull();
    expect(message(999, rule({ min: 1000 }))).toBe('Please enter a number of at least 1000 in salary');
    expect(message(1000, rule({ min: 1000 }))).toBeNull();
  });

  it('asks for a whole number where the kind is Integer, and the configured decimal places for Float', () => {
    expect(message('12.5', rule({ unittype: 'Integer' }))).toBe('Please enter a whole number in salary');
    expect(message('12.50', rule({ unittype: 'Float', decimalplaces: 2 }))).toBeNull();
    expect(message('12.5', rule({ unittype: 'Float', decimalplaces: 2 }))).toBe(
      'Please enter 2 decimal places in salary',
    );
  });

  it('checks the width and height of a stored image from its generated name', () => {
    const image = rule({ parameterName: 'photo', type: 'Image', width: 800, height: 600 });
    expect(message('/uploads/photos/careers/0123456789abcdef01234567_800x600.jpg', image)).toBeNull();
    expect(message('/uploads/photos/careers/0123456789abcdef01234567_1200x600.jpg', image)).toBe(
      'Please upload an image at most 800 pixels wide in photo',
    );
    expect(message('/uploads/photos/careers/0123456789abcdef01234567_800x900.png', image)).toBe(
      'Please upload an image at most 600 pixels high in photo',
    );
  });
});
