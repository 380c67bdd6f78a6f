import { describe, expect, it } from 'vitest';
import { CreatePreviewShareSchema, editingNotice } from './preview-share';

describe('the notice of others editing a page (docs/design.md §26)', () => {
  it.each([
    [[], null],
    [['Asha'], 'Asha is editing this page too.'],
    [['Asha', 'Ravi'], 'Asha and Ravi are editing this page too.'],
    [['Asha', 'Ravi', 'Meera'], 'Asha, Ravi and Meera are editing this page too.'],
    [['Asha', 'Ravi', 'Meera', 'Kiran'], 'Asha, Ravi and 2 others are editing this page too.'],
  ])('%j: %s', (names, notice) => {
    expect(editingNotice(names)).toBe(notice);
  });
});

describe('how long a shared link works', () => {
  it.each([1, 24, 168])('takes %i hours', (hours) => {
    expect(CreatePreviewShareSchema.safeParse({ hours }).success).toBe(true);
  });
  it.each([0, 169, 1.5, -1, '24', null])('refuses %j', (hours) => {
    expect(CreatePreviewShareSchema.safeParse({ hours }).success).toBe(false);
  });
});
