import { describe, expect, it } from 'vitest';
import type { TranslationDocument } from '../../../../core/schemas/locale';
import { TranslationSaveSchema } from '../../../../core/schemas/locale';
import {
  copyOf,
  isUntranslated,
  publishingStateOf,
  textsToSend,
  translatedCount,
  translationSave,
  unitInputId,
  unitKind,
  unitPathOf,
  withText,
} from './translation-copy';

const unit = (path: string, source: string, target = '', richText = false) => ({
  path,
  label: path,
  source,
  target,
  richText,
});

const document: TranslationDocument = {
  locale: 'de',
  revision: 4,
  status: 'draft',
  publishAt: null,
  savedAt: '2026-11-27T09:00:00.000Z',
  published: 3,
  scheduled: null,
  sourceRevision: 12,
  translatedFrom: 11,
  units: [
    unit('slideList.0.heading', 'Welcome', 'Willkommen'),
    unit('skillhead', 'Our skills'),
    unit('about', '<p>We <strong>build</strong></p>', '', true),
  ],
  publicPath: '/de/Home1',
};

describe('the working copy of a translation', () => {
  it('holds every text of the page by path, the untranslated ones empty', () => {
    expect(copyOf(document)).toEqual({
      locale: 'de',
      revision: 4,
      texts: { 'slideList.0.heading': 'Willkommen', skillhead: '', about: '' },
    });
  });

  it('takes where the translation stands from the document', () => {
    expect(publishingStateOf(document)).toEqual({
      status: 'draft',
      publishAt: null,
      published: 3,
      scheduled: null,
      savedAt: '2026-11-27T09:00:00.000Z',
    });
  });

  it('sends the texts of the page as it is now: a text it no longer has is left out, one missing is sent empty', () => {
    const draft = {
      locale: 'de',
      revision: 4,
      texts: { 'slideList.0.heading': 'Hallo', gone: 'Weg', about: '<p>Wir bauen</p>' },
    };
    expect(textsToSend(draft, document.units)).toEqual({
      locale: 'de',
      revision: 4,
      texts: { 'slideList.0.heading': 'Hallo', skillhead: '', about: '<p>Wir bauen</p>' },
    });
  });

  it('builds the TranslationSave the server takes, with the revision read and the publishing mode', () => {
    const copy = withText(copyOf(document), 'skillhead', 'Unsere Stärken');
    const body = translationSave(textsToSend(copy, document.units), 'draft');
    expect(body).toEqual({
      locale: 'de',
      revision: 4,
      texts: { 'slideList.0.heading': 'Willkommen', skillhead: 'Unsere Stärken', about: '' },
      publish: 'draft',
    });
    expect(TranslationSaveSchema.parse(body)).toEqual(body);
  });

  it('counts the texts translated, blank and empty rich text counting as left to the source', () => {
    const copy = {
      locale: 'de',
      revision: 4,
      texts: { 'slideList.0.heading': 'Willkommen', skillhead: '   ', about: '<p></p>' },
    };
    expect(translatedCount(copy, document.units)).toBe(1);
    expect(isUntranslated('<p> <br></p>')).toBe(true);
    expect(isUntranslated('<p>Ja</p>')).toBe(false);
  });
});

describe('fields and their rows', () => {
  it('finds the unit a refusal (texts.<path>) or a click in the preview (<path>) names', () => {
    expect(unitPathOf('texts.slideList.0.heading', document.units)).toBe('slideList.0.heading');
    expect(unitPathOf('skillhead', document.units)).toBe('skillhead');
    expect(unitPathOf('texts.nothing', document.units)).toBeNull();
    expect(unitPathOf('locale', document.units)).toBeNull();
  });

  it('edits rich text in the rich-text editor, long or several-line text in a textarea, else one line', () => {
    expect(unitKind({ richText: true, source: '<p>x</p>' })).toBe('richtext');
    expect(unitKind({ richText: false, source: 'Line one\nLine two' })).toBe('textarea');
    expect(unitKind({ richText: false, source: 'x'.repeat(120) })).toBe('textarea');
    expect(unitKind({ richText: false, source: 'Our skills' })).toBe('text');
  });

  it('gives each unit an input id without dots', () => {
    expect(unitInputId('translation-home', 'slideList.0.heading')).toBe('translation-home-slideList_0_heading');
  });
});
