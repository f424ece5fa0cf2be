import { afterEach, expect, test } from 'vitest';
import { readAll, writeWorkbook } from './fixtures.js';

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

for (const zone of ['Pacific/Kiritimati', 'America/Anchorage']) {
  test(`dates keep their calendar day in a process running in ${zone}`, async () => {
    process.env.TZ = zone;
    // Proves the zone change took effect, so the test would catch a local-time computation.
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).not.toBe(0);
    const birthday = { t: 'n', v: 32874, z: 'yyyy-mm-dd' };
    const file1900 = writeWorkbook({
      Employees: [
        ['Employee ID', 'Name', 'Email', 'Birthday'],
        [1, 'Ann', 'a@x.dk', birthday],
      ],
    });
    const file1904 = writeWorkbook(
      {
        Employees: [
          ['Employee ID', 'Name', 'Email', 'Birthday'],
          [1, 'Ann', 'a@x.dk', { ...birthday, v: 32874 - 1462 }],
        ],
      },
      { date1904: true },
    );
    for (const file of [file1900, file1904]) {
      const { sheets } = await readAll([file]);
      expect(sheets[0]?.rows[0]?.cells.birthday?.date).toBe('1990-01-01');
    }
  });
}
