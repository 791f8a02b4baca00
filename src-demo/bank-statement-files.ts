/**
 * The demo bank's statement of the shop's account, in the files a bank gives: CSV (the layout of
 * a US checking export), CAMT.053 (ISO 20022 XML) and MT940. Written here from the deposits
 * (bank-deposits.ts), sharing nothing with Till's readers but the formats.
 */

import { formatMinorUnits } from '../src-shared/domain/money'
import { bankDeposits, type BankDeposit } from './bank-deposits'
import type { Shop } from './shop'

export const BANK_STATEMENT_FORMATS = ['csv', 'camt053', 'mt940'] as const
export type BankStatementFormat = (typeof BANK_STATEMENT_FORMATS)[number]

export interface BankStatementFile {
  filename: string
  contentType: string
  text: string
}

const ACCOUNT = '0012345678'

interface StatementData {
  currency: string
  exponent: number
  opening: number
  deposits: BankDeposit[]
  from: string
  to: string
}

const major = (data: StatementData, minor: number): string => formatMinorUnits(minor, data.exponent)

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function csvText(data: StatementData): string {
  const rows = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #']
  let balance = data.opening
  for (const deposit of data.deposits) {
    balance += deposit.amount
    const [year, month, day] = deposit.bookingDate.split('-')
    rows.push(
      [
        deposit.amount >= 0 ? 'CREDIT' : 'DEBIT',
        `${month}/${day}/${year}`,
        csvField(deposit.text),
        major(data, deposit.amount),
        deposit.method === 'cash' ? 'DEPOSIT' : 'ACH_CREDIT',
        major(data, balance),
        '',
      ].join(','),
    )
  }
  return `${rows.join('\r\n')}\r\n`
}

const xml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function camtAmount(data: StatementData, minor: number): string {
  return `<Amt Ccy="${data.currency}">${major(data, Math.abs(minor))}</Amt><CdtDbtInd>${minor < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`
}

function camtBalance(data: StatementData, code: string, minor: number, date: string): string {
  return `      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${camtAmount(data, minor)}<Dt><Dt>${date}</Dt></Dt></Bal>`
}

function camtText(data: StatementData): string {
  const closing = data.deposits.reduce((sum, deposit) => sum + deposit.amount, data.opening)
  const entries = data.deposits.map(
    (deposit) =>
      `      <Ntry>${camtAmount(data, deposit.amount)}<Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${deposit.bookingDate}</Dt></BookgDt><ValDt><Dt>${deposit.bookingDate}</Dt></ValDt>` +
      `<AcctSvcrRef>${deposit.ref}</AcctSvcrRef><AddtlNtryInf>${xml(deposit.text)}</AddtlNtryInf></Ntry>`,
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
    '  <BkToCstmrStmt>',
    `    <GrpHdr><MsgId>DEMO-${data.to}</MsgId><CreDtTm>${data.to}T23:59:00</CreDtTm></GrpHdr>`,
    '    <Stmt>',
    `      <Id>DEMO-${data.from}-${data.to}</Id>`,
    `      <Acct><Id><Othr><Id>${ACCOUNT}</Id></Othr></Id><Ccy>${data.currency}</Ccy></Acct>`,
    camtBalance(data, 'OPBD', data.opening, data.from),
    camtBalance(data, 'CLBD', closing, data.to),
    ...entries,
    '    </Stmt>',
    '  </BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n')
}

const yymmdd = (date: string): string => date.slice(2).replace(/-/g, '')

function mtAmount(data: StatementData, minor: number): string {
  const text = major(data, Math.abs(minor))
  return text.includes('.') ? text.replace('.', ',') : `${text},`
}

function mtBalance(data: StatementData, tag: string, minor: number, date: string): string {
  return `:${tag}:${minor < 0 ? 'D' : 'C'}${yymmdd(date)}${data.currency}${mtAmount(data, minor)}`
}

/** :86: text in lines of at most 65 characters, as SWIFT wraps it. */
function mtInformation(text: string): string[] {
  const lines = text.match(/.{1,65}/g) ?? ['']
  return [`:86:${lines[0]}`, ...lines.slice(1)]
}

function mt940Text(data: StatementData): string {
  const closing = data.deposits.reduce((sum, deposit) => sum + deposit.amount, data.opening)
  const lines = [
    `:20:DEMO${yymmdd(data.to)}`,
    `:25:${ACCOUNT}`,
    ':28C:1/1',
    mtBalance(data, '60F', data.opening, data.from),
    ...data.deposits.flatMap((deposit) => [
      `:61:${yymmdd(deposit.bookingDate)}${deposit.bookingDate.slice(5).replace('-', '')}` +
        `${deposit.amount < 0 ? 'D' : 'C'}${mtAmount(data, deposit.amount)}NTRFNONREF//${deposit.ref}`,
      ...mtInformation(deposit.text),
    ]),
    mtBalance(data, '62F', closing, data.to),
    '-',
  ]
  return `${lines.join('\r\n')}\r\n`
}

/** The statement of every deposit booked by `today` (YYYY-MM-DD), in one of the formats. */
export function bankStatementFile(
  shop: Shop,
  today: string,
  format: BankStatementFormat,
): BankStatementFile {
  const deposits = bankDeposits(shop, today)
  const { currency } = shop.config
  const data: StatementData = {
    currency: currency.code,
    exponent: currency.exponent,
    opening: currency.priceFromUsd(2500),
    deposits,
    from: deposits[0]?.bookingDate ?? today,
    to: today,
  }
  const name = `demo-bank-statement-${today}`
  switch (format) {
    case 'csv':
      return { filename: `${name}.csv`, contentType: 'text/csv', text: csvText(data) }
    case 'camt053':
      return { filename: `${name}.xml`, contentType: 'application/xml', text: camtText(data) }
    case 'mt940':
      return { filename: `${name}.sta`, contentType: 'text/plain', text: mt940Text(data) }
  }
}
