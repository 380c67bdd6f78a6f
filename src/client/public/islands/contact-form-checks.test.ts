import { describe, expect, it } from 'vitest';
import { checkAll, checkField, checksOn, shownError, startChecks } from './contact-form-checks';

const REQUIRED = 'Contact Person is required.';

describe('which errors the contact form shows', () => {
  it('checks a field from its first blur on, then on every change; before that, not on a change', () => {
    const start = startChecks({});
    expect(checksOn(start, 'name', 'input')).toBe(false);
    expect(checksOn(start, 'name', 'blur')).toBe(true);
    const left = checkField(start, 'name', { name: REQUIRED, email: 'Valid email is required.' }, 'blur');
    expect(checksOn(left, 'name', 'input')).toBe(true);
    expect(checksOn(left, 'email', 'input')).toBe(false);
  });

  it('shows only the checked field’s error, and clears it when the field is checked valid', () => {
    const left = checkField(startChecks({}), 'name', { name: REQUIRED, email: 'Valid email is required.' }, 'blur');
    expect(shownError(left, 'name')).toBe(REQUIRED);
    expect(shownError(left, 'email')).toBeUndefined();
    const fixed = checkField(left, 'name', { email: 'Valid email is required.' }, 'input');
    expect(shownError(fixed, 'name')).toBeUndefined();
  });

  it('shows the server’s error of a post without JavaScript until the field is checked here', () => {
    const start = startChecks({ mobile: 'Enter a valid 10-digit mobile number.' });
    expect(shownError(start, 'mobile')).toBe('Enter a valid 10-digit mobile number.');
    // A change before the first blur does not check the field: the server's sentence stays.
    expect(shownError(checkField(start, 'name', {}, 'blur'), 'mobile')).toBe('Enter a valid 10-digit mobile number.');
    expect(shownError(checkField(start, 'mobile', {}, 'blur'), 'mobile')).toBeUndefined();
  });

  it('after a send is tried, every field shows its error and every change checks it', () => {
    const tried = checkAll(startChecks({}), { name: REQUIRED, requirements: 'Requirements are required.' });
    expect(shownError(tried, 'name')).toBe(REQUIRED);
    expect(shownError(tried, 'requirements')).toBe('Requirements are required.');
    expect(checksOn(tried, 'email', 'input')).toBe(true);
  });
});
