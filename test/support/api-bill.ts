/** A paid sale's summary as the Apps API sends it, for tests that vary one field. */
export const apiBillSummary = (id: unknown, number = 'A-1') => ({
  id,
  number,
  type: 'sale',
  status: 'paid',
  location_id: 'loc-1',
  register_session_id: 'rs-1',
  currency: 'USD',
  total: 1,
  total_tax: 0,
  amount_paid: 1,
  amount_due: 0,
  created_at: '2026-11-20T19:05:00+07:00',
  updated_at: '2026-11-20T19:05:00+07:00',
})
