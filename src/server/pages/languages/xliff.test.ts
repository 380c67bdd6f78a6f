import { describe, expect, it } from 'vitest';
import { DEMO_CONTENT } from '../../../core/schemas/page-content';
import { buildXliff, fromInline, parseXliff, toInline } from './xliff';

/** Every string of a document that holds HTML: the demo pages' rich texts. */
function htmlStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(htmlStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(htmlStrings);
  return typeof value === 'string' && /<[a-z]/i.test(value) ? [value] : [];
}

const fileOf = (units: Array<{ key: string; rich: boolean; source: string; target: string }>) =>
  buildXliff({
    srcLang: 'en-IN',
    trgLang: 'de',
    pages: [
      { routing: 'Home', original: '/Home1', units: units.map((unit) => ({ label: `Label of ${unit.key}`, ...unit })) },
    ],
  });

describe('XLIFF 2.0 inline codes (docs/design.md §34)', () => {
  it('writes rich text as <pc> and <ph> with the tags in <originalData>, never as escaped HTML', () => {
    const { content, data } = toInline(
      '<p>Fast &amp; <strong>safe</strong><br>CRM by <a href="/About1?x=1&amp;y=2">us</a></p>',
    );
    expect(content).toBe(
      '<pc id="1" dataRefStart="d1" dataRefEnd="d7">Fast &amp; <pc id="2" dataRefStart="d2" dataRefEnd="d3">safe</pc><ph id="3" dataRef="d4"/>CRM by <pc id="4" dataRefStart="d5" dataRefEnd="d6">us</pc></pc>',
    );
    expect(data.map((entry) => entry.value)).toEqual([
      '<p>',
      '<strong>',
      '</strong>',
      '<br>',
      '<a href="/About1?x=1&amp;y=2">',
      '</a>',
      '</p>',
    ]);
    const xml = fileOf([
      {
        key: 'intro',
        rich: true,
        source: '<p>Fast <em>and</em> safe</p>',
        target: '<p>Schnell <em>und</em> sicher</p>',
      },
    ]);
    expect(xml).not.toContain('&lt;p&gt;Fast');
    expect(xml).toContain('<data id="d1">&lt;p&gt;</data>');
    expect(xml).toContain(
      '<source><pc id="1" dataRefStart="d1" dataRefEnd="d4">Fast <pc id="2" dataRefStart="d2" dataRefEnd="d3">and</pc> safe</pc></source>',
    );
    // The target's codes have data of their own.
    expect(xml).toContain(
      '<target><pc id="1" dataRefStart="t1" dataRefEnd="t4">Schnell <pc id="2" dataRefStart="t2" dataRefEnd="t3">und</pc> sicher</pc></target>',
    );
    expect(xml).toContain('<data id="t2">&lt;em&gt;</data>');
  });

  it('reads every demo page’s rich text back to the very same HTML, its words apart', async () => {
    const sources = Object.values(DEMO_CONTENT).flatMap(htmlStrings);
    expect(sources.length).toBeGreaterThan(20);
    const xml = fileOf(sources.map((source, index) => ({ key: `t${index}`, rich: true, source, target: source })));
    const file = await parseXliff(xml);
    const units = file.pages[0]!.units;
    expect(units.map((unit) => unit.source.html)).toEqual(sources);
    expect(units.map((unit) => unit.target.html)).toEqual(sources);
    expect(units[0]!.source.text).not.toMatch(/<[a-z]/i);
  });

  it('keeps plain text plain, whatever it holds', async () => {
    const plain = 'Less < more & "quotes" > <b>not bold</b>';
    const file = await parseXliff(fileOf([{ key: 'title', rich: false, source: plain, target: 'Weniger < mehr' }]));
    expect(file.pages[0]!.units[0]).toMatchObject({ source: { text: plain }, target: { text: 'Weniger < mehr' } });
  });

  it('reads a tool’s inline elements: codes from the data, annotations by their words, a code without data by its content', () => {
    const data = new Map([
      ['d1', '<p>'],
      ['d2', '</p>'],
      ['d3', '<br>'],
    ]);
    expect(
      fromInline(
        '<pc id="1" dataRefStart="d1" dataRefEnd="d2">A <mrk id="m" translate="no">B</mrk><ph id="2" dataRef="d3"/>C &lt;3 <![CDATA[<&>]]></pc>',
        data,
      ),
    ).toEqual({
      text: 'A BC <3 <&>',
      html: '<p>A B<br>C &lt;3 &lt;&amp;&gt;</p>',
    });
    expect(fromInline('<pc id="1">no data</pc><ph id="2" dataRef="missing"/>', data)).toEqual({
      text: 'no data',
      html: 'no data',
    });
    expect(() => fromInline(`${'<pc id="1">'.repeat(60)}x${'</pc>'.repeat(60)}`, data)).toThrow(
      /nests its elements more than 50 deep/,
    );
  });
});
