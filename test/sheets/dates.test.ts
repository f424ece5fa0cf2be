import { describe, expect, test } from 'vitest';
import { calendarDayFromSerial, parseDateText } from '../../src/sheets/dates.js';

describe('dates written as text', () => {
  test('an ISO date is read as that day', () => {
    expect(parseDateText('2024-02-29')).toEqual({ date: '2024-02-29' });
  });

  test('day-month-year with dashes or dots is read day first', () => {
    expect(parseDateText('05-03-2024')).toEqual({ date: '2024-03-05' });
    expect(parseDateText('5.3.2024')).toEqual({ date: '2024-03-05' });
  });

  test('a slash date without a stated order is ambiguous only when it can be read two ways (issue 26)', () => {
    expect(parseDateText('05/03/2024')).toEqual({ error: 'ambiguous_date' });
    expect(parseDateText('25/03/2024')).toEqual({ date: '2024-03-25' });
    expect(parseDateText('1/20/2013')).toEqual({ date: '2013-01-20' });
    expect(parseDateText('05/05/2024')).toEqual({ date: '2024-05-05' });
    expect(parseDateText('13/13/2024')).toEqual({ error: 'invalid_date' });
  });

  test('a two-digit year is read under a stated order by the century rule (exports.md)', () => {
    const birthday = { today: '2025-06-01', past: true };
    const other = { today: '2025-06-01', past: false };
    // A birthday is never in the future: 30.06.25 is 1925, 01.06.25 (today) is 2025.
    expect(parseDateText('30.06.25', 'dmy', birthday)).toEqual({ date: '1925-06-30' });
    expect(parseDateText('01.06.25', 'dmy', birthday)).toEqual({ date: '2025-06-01' });
    expect(parseDateText('07/10/83', 'mdy', birthday)).toEqual({ date: '1983-07-10' });
    // Other dates: the century within 50 years of today.
    expect(parseDateText('1/20/13', 'mdy', other)).toEqual({ date: '2013-01-20' });
    expect(parseDateText('1/20/74', 'mdy', other)).toEqual({ date: '2074-01-20' });
    expect(parseDateText('1/20/76', 'mdy', other)).toEqual({ date: '1976-01-20' });
    // 29 February of a year 00 is a day only in 2000.
    expect(parseDateText('29-02-00', 'dmy', other)).toEqual({ date: '2000-02-29' });
    // Without a stated order a two-digit year is not read.
    expect(parseDateText('1/20/13', undefined, other)).toEqual({ error: 'invalid_date' });
  });

  test('a slash date follows the stated order', () => {
    expect(parseDateText('05/03/2024', 'dmy')).toEqual({ date: '2024-03-05' });
    expect(parseDateText('05/03/2024', 'mdy')).toEqual({ date: '2024-05-03' });
  });

  test('a day the calendar does not have is invalid', () => {
    expect(parseDateText('31-02-2024')).toEqual({ error: 'invalid_date' });
    expect(parseDateText('2023-02-29')).toEqual({ error: 'invalid_date' });
    expect(parseDateText('1900-02-29')).toEqual({ error: 'invalid_date' });
    expect(parseDateText('13/13/2024', 'dmy')).toEqual({ error: 'invalid_date' });
  });

  test('other text is invalid', () => {
    for (const text of ['tomorrow', '2024/03/05', '2024-03-05T', '2024-03-05T25:00', '']) {
      expect(parseDateText(text)).toEqual({ error: 'invalid_date' });
    }
  });
});

describe('date serials', () => {
  test("the 1900 system counts 1 as 1900-01-01 and keeps Lotus 1-2-3's leap day", () => {
    expect(calendarDayFromSerial(1, false)).toBe('1900-01-01');
    expect(calendarDayFromSerial(59, false)).toBe('1900-02-28');
    expect(calendarDayFromSerial(60, false)).toBeNull();
    expect(calendarDayFromSerial(61, false)).toBe('1900-03-01');
    expect(calendarDayFromSerial(45000, false)).toBe('2023-03-15');
  });

  test('the 1904 system counts 0 as 1904-01-01', () => {
    expect(calendarDayFromSerial(0, true)).toBe('1904-01-01');
    expect(calendarDayFromSerial(45000 - 1462, true)).toBe('2023-03-15');
  });

  test('the time of day never moves the date', () => {
    expect(calendarDayFromSerial(45000.99, false)).toBe('2023-03-15');
  });

  test('serials that show no day are no date', () => {
    expect(calendarDayFromSerial(0, false)).toBeNull();
    expect(calendarDayFromSerial(-1, true)).toBeNull();
    expect(calendarDayFromSerial(3_000_000, false)).toBeNull();
  });
});
