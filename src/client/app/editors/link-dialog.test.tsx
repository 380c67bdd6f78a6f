// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  buttonNamed as button,
  byLabel,
  choose,
  click,
  expectFocus,
  type,
  until,
  withFakeMasterApi,
  withModalDialogs,
  withTestRoot,
} from '../test-support/dom';
import LinkDialog from './link-dialog';

withModalDialogs();
const dom = withTestRoot();
const calls = withFakeMasterApi((call) =>
  call === 'sitepages'
    ? {
        status: 200,
        data: {
          items: [
            { title: 'About us', path: '/About1' },
            { title: 'Work with us', path: '/Careers1' },
          ],
        },
      }
    : undefined,
);

const field = <T extends HTMLElement>(label: string) => byLabel<T>(document, label)!;

/** The rich-text link dialog (docs/design.md §34): the site's pages by title, or an address typed, this site's included. */
describe('the link dialog', () => {
  const open = (current = '') => {
    const handlers = { onSet: vi.fn(), onRemove: vi.fn(), onClose: vi.fn() };
    dom.renderScreen(<LinkDialog current={current} {...handlers} />);
    return handlers;
  };

  it('offers the site’s pages by title; a page chosen fills the address and is the link’s words', async () => {
    const { onSet } = open();
    const picker = await until(
      () => document.querySelector<HTMLSelectElement>('dialog.link-dialog select'),
      'the picker',
    );
    await until(() => picker.options.length === 3, 'the pages');
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Choose a page…',
      'About us (/About1)',
      'Work with us (/Careers1)',
    ]);
    expect(calls.map((c) => c.call)).toEqual(['sitepages']);
    await expectFocus(() => picker);
    await choose(picker, '/Careers1');
    expect(field<HTMLInputElement>('Address').value).toBe('/Careers1');
    await click(button('Set link')!);
    expect(onSet).toHaveBeenCalledWith({ href: '/Careers1', text: 'Work with us' });
  });

  it('takes an address of this site typed by hand, refuses one of no kind with a sentence, and removes the link when emptied', async () => {
    const { onSet, onRemove } = open('https://example.com/');
    const address = field<HTMLInputElement>('Address');
    expect(address.value).toBe('https://example.com/');
    await type(address, 'javascript:alert(1)');
    await click(button('Set link')!);
    expect(document.getElementById(`${address.id}-error`)?.textContent).toBe(
      'Enter an address that starts with / (a page of this site), https://, http:// or mailto:.',
    );
    expect(onSet).not.toHaveBeenCalled();
    await type(address, '//elsewhere.example/x');
    await click(button('Set link')!);
    expect(onSet).not.toHaveBeenCalled();

    await type(address, ' /About1#team ');
    await click(button('Set link')!);
    expect(onSet).toHaveBeenCalledWith({ href: '/About1#team', text: '/About1#team' });
    // The address of a page in the list shows that page as chosen.
    await type(address, '/About1');
    expect(field<HTMLSelectElement>('A page of this site').value).toBe('/About1');

    await type(address, '');
    await click(button('Set link')!);
    expect(onRemove).toHaveBeenCalledTimes(1);
    await click(button('Remove link')!);
    expect(onRemove).toHaveBeenCalledTimes(2);
  });
});
