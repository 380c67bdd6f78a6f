import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, firstChoice, inputsOf, localMoment, scheduleIso, scheduleProblem } from './schedule-time';

// Local moments are made with the Date constructor, so the tests hold in any time zone the machine has.
const NOW = new Date(2026, 10, 25, 14, 30);

describe('scheduleProblem: the moment a publication may be scheduled for', () => {
  it('takes a moment in the future within a year', () => {
    expect(scheduleProblem('2026-11-25', '14:31', NOW)).toBeNull();
    expect(scheduleProblem('2027-06-01', '09:00', NOW)).toBeNull();
  });

  it('asks for the date and the time', () => {
    expect(scheduleProblem('', '09:00', NOW)).toEqual({ field: 'date', message: SCHEDULE_MESSAGES.noDate });
    expect(scheduleProblem('2026-12-01', ' ', NOW)).toEqual({ field: 'time', message: SCHEDULE_MESSAGES.noTime });
  });

  it('refuses a date or a time that is none', () => {
    expect(scheduleProblem('1/12/2026', '09:00', NOW)).toEqual({ field: 'date', message: SCHEDULE_MESSAGES.badDate });
    expect(scheduleProblem('2026-02-30', '09:00', NOW)).toEqual({ field: 'date', message: SCHEDULE_MESSAGES.badDate });
    expect(scheduleProblem('2026-12-01', '9am', NOW)).toEqual({ field: 'time', message: SCHEDULE_MESSAGES.badTime });
    expect(scheduleProblem('2026-12-01', '24:00', NOW)).toEqual({ field: 'time', message: SCHEDULE_MESSAGES.badTime });
  });

  it('refuses the past, and now itself', () => {
    expect(scheduleProblem('2026-11-25', '14:29', NOW)).toEqual({
      field: 'time',
      message: 'The publishing time has already passed: choose a time in the future.',
    });
    expect(scheduleProblem('2026-11-25', '14:30', NOW)?.message).toBe(SCHEDULE_MESSAGES.past);
    expect(scheduleProblem('2025-12-01', '09:00', NOW)?.message).toBe(SCHEDULE_MESSAGES.past);
  });

  it('refuses more than a year ahead', () => {
    expect(scheduleProblem('2027-12-01', '09:00', NOW)).toEqual({
      field: 'date',
      message: 'The publishing time is more than a year ahead: choose a time within a year.',
    });
    expect(scheduleProblem('2027-11-25', '14:30', NOW)).toBeNull();
  });
});

describe('the moment as sent and as shown', () => {
  it('sends the local moment as UTC ISO 8601', () => {
    expect(scheduleIso('2026-12-01', '09:00')).toBe(new Date(2026, 11, 1, 9, 0).toISOString());
    expect(scheduleIso('2026-12-01', '09:00')).toMatch(/^2026-1[12]-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(scheduleIso('2026-13-01', '09:00')).toBeNull();
  });

  it('reads the inputs back from a moment', () => {
    expect(inputsOf(new Date(2026, 0, 5, 7, 3))).toEqual({ date: '2026-01-05', time: '07:03' });
    expect(localMoment('2026-01-05', '07:03')?.getTime()).toBe(new Date(2026, 0, 5, 7, 3).getTime());
  });

  it('offers a waiting schedule’s moment first, else tomorrow at 09:00', () => {
    expect(firstChoice(NOW, null)).toEqual({ date: '2026-11-26', time: '09:00' });
    expect(firstChoice(NOW, new Date(2026, 11, 24, 18, 15).toISOString())).toEqual({
      date: '2026-12-24',
      time: '18:15',
    });
    // A schedule whose moment has passed is no choice.
    expect(firstChoice(NOW, new Date(2026, 10, 1).toISOString())).toEqual({ date: '2026-11-26', time: '09:00' });
  });
});
