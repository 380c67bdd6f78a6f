// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { until, withModalDialogs, withTestRoot } from './test-support/dom';
import { notify, Toasts } from './toasts';

withModalDialogs();
const dom = withTestRoot();

const toastNamed = (text: string) =>
  [...document.querySelectorAll('.Toastify__toast')].find((toast) => toast.textContent?.includes(text));

/**
 * A toast never hides under a dialog (docs/design.md §34): a modal dialog is in the browser's top layer and makes the rest of
 * the page inert, so the toasts' node moves into the modal dialog on top while one is open, and back after.
 */
describe('the toasts and modal dialogs', () => {
  it('shows a toast inside the modal dialog on top while one is open, and in the body once it closes or goes', async () => {
    const outer = document.createElement('dialog');
    const inner = document.createElement('dialog');
    outer.append(inner);
    dom.render(<Toasts />);
    dom.container.append(outer);
    const host = await until(() => document.querySelector('.app-toasts-host'), 'the toasts’ node');
    expect(host.parentElement).toBe(document.body);

    act(() => outer.showModal());
    await until(() => host.parentElement === outer, 'the node in the open dialog');
    act(() => notify.success('Saved while the dialog was open.', 'Saved'));
    const toast = await until(() => toastNamed('Saved while the dialog was open.'), 'the toast');
    expect(outer.contains(toast)).toBe(true);

    // A question asked from the dialog is the one on top.
    act(() => inner.showModal());
    await until(() => host.parentElement === inner, 'the node in the question');
    expect(inner.contains(toastNamed('Saved while the dialog was open.')!)).toBe(true);

    act(() => inner.close());
    await until(() => host.parentElement === outer, 'the node back in the dialog');
    // The dialog taken out of the page while open (a screen that closes its detail by unmounting it).
    act(() => outer.remove());
    await until(() => host.parentElement === document.body, 'the node back in the body');
    expect(document.body.contains(toastNamed('Saved while the dialog was open.')!)).toBe(true);
  });
});
