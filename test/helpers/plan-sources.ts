/** What a saved plan was made from (app/saved-plan.ts planFileOf), for tests that write a plan file by hand. */
export const PLAN_SOURCES = {
  serviceKey: 'v3-abc',
  fingerprint: 'f00',
  records: 'f00',
  inputs: { hash: 'h', files: { 'book.xlsx': 'b00' } },
  profile: null,
  today: '2026-01-05',
};
