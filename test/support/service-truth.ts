/**
 * The demo service's whole truth read over HTTP, as a test outside its process sees it: every
 * bill in full through the Apps API, every expense, and the register sessions from the control
 * API. Runs in Node; read it with faults off.
 */

import { demoControl } from './demo-control'

export interface ServiceAccess {
  /** The service's root (the Apps API is under /apps-v1, the control API under /_control). */
  baseUrl: string
  appKey: string
  storeId: string
  controlToken: string
}

export interface TruthPayment {
  id: string
  method: string
  amount: number
  created_at: string
  register_session_id: string | null
  reversed_at: string | null
}

export interface TruthBill {
  id: string
  number: string
  type: string
  status: string
  location_id: string
  register_session_id: string | null
  parent_bill_id: string | null
  total: number
  total_tax: number
  amount_paid: number
  amount_due: number
  subtotal: number
  created_at: string
  updated_at: string
  lines: { id: string; quantity: number; total: number }[]
  discounts: { amount: number }[]
  fees: { amount: number }[]
  taxes: { name: string; amount: number }[]
  payments: TruthPayment[]
}

export interface TruthExpense {
  id: string
  number: string
  location_id: string
  register_session_id: string | null
  category: string
  description: string
  supplier: string | null
  amount: number
  tax_amount: number
  payment_method: string
  expense_date: string
  updated_at: string
}

export interface TruthSession {
  id: string
  location_id: string
  opened_at: string
  closed_at: string | null
  opening_cash: number
  bill_count: number
}

export interface ServiceTruth {
  bills: TruthBill[]
  expenses: TruthExpense[]
  sessions: TruthSession[]
}

const PAGE = 200
const DETAIL_CONCURRENCY = 8

async function getJson<T>(url: string, bearer: string, storeId?: string): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${bearer}` }
  if (storeId) headers['X-Service-Store'] = storeId
  const response = await fetch(url, { headers })
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function allPages<T>(access: ServiceAccess, path: string): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const { data, meta } = await getJson<{ data: T[]; meta: { last_page: number } }>(
      `${access.baseUrl}/apps-v1${path}?limit=${PAGE}&page=${page}&order_by=id:asc`,
      access.appKey,
      access.storeId,
    )
    rows.push(...data)
    if (page >= meta.last_page) return rows
  }
}

export async function readServiceTruth(access: ServiceAccess): Promise<ServiceTruth> {
  const summaries = await allPages<{ id: string }>(access, '/sales/bills/location/all')
  const bills: TruthBill[] = new Array(summaries.length)
  let next = 0
  const worker = async (): Promise<void> => {
    for (let i = next++; i < summaries.length; i = next++) {
      bills[i] = await getJson<TruthBill>(
        `${access.baseUrl}/apps-v1/sales/bills/${summaries[i]!.id}`,
        access.appKey,
        access.storeId,
      )
    }
  }
  await Promise.all(Array.from({ length: DETAIL_CONCURRENCY }, worker))
  const expenses = await allPages<TruthExpense>(access, '/expenses')
  const { data: sessions } = await demoControl(access.baseUrl, access.controlToken)<{
    data: TruthSession[]
  }>('GET', '/sessions')
  return { bills, expenses, sessions }
}
