import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { StatementReadError, type ParsedStatement } from '../bank-line'
import { withLineIds, type ReadLine } from './statement-line-ids'
import {
  bankCodes,
  checkChained,
  currencyCode,
  machineAmount,
  machineDate,
} from './statement-values'

/**
 * CAMT.053 (ISO 20022 BankToCustomerStatement, any version): the booked entries of one account's
 * statements, each signed by its CdtDbtInd, its id the AcctSvcrRef, else the NtryRef. Where the
 * file gives an opening and a closing booked balance, the entries must add up from one to the
 * other, or the file is refused as incomplete; each statement that gives its opening balance must
 * open where the one before it closed. Pending entries (Sts PDNG, INFO) are left out:
 * they come again, booked, in a later statement.
 */

type XmlValue = string | XmlElement | XmlValue[] | undefined
interface XmlElement {
  [name: string]: XmlValue
}

const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
})

function element(value: XmlValue): XmlElement | undefined {
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined
}

function at(value: XmlValue, path: string): XmlValue {
  return path.split('/').reduce<XmlValue>((found, name) => element(found)?.[name], value)
}

function textAt(value: XmlValue, path: string): string | undefined {
  const found = at(value, path)
  if (typeof found === 'string') return found
  const text = element(found)?.['#text']
  return typeof text === 'string' ? text : undefined
}

function list(value: XmlValue): XmlValue[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value]
}

/** A signed amount: Amt (with its Ccy) and CdtDbtInd of `node`. Amt is never negative in
 *  CAMT (the sign is CdtDbtInd's alone): one written so is refused, never let flip a DBIT. */
function signedAmount(node: XmlValue, currency: string, where: string): number {
  const amount = textAt(node, 'Amt')
  if (amount === undefined) throw new StatementReadError('Amt is missing', where)
  const ccy = textAt(node, 'Amt/@Ccy')
  if (ccy !== undefined && ccy.toUpperCase() !== currency)
    throw new StatementReadError(
      `this amount is in ${ccy}, the statement in ${currency}`,
      `${where}/Amt`,
    )
  if (amount.trim().startsWith('-'))
    throw new StatementReadError(
      `“${amount}” is written negative: CAMT gives the sign in CdtDbtInd`,
      `${where}/Amt`,
    )
  const magnitude = machineAmount(amount, currency, `${where}/Amt`)
  const indicator = textAt(node, 'CdtDbtInd')
  if (indicator === 'CRDT') return magnitude
  if (indicator === 'DBIT') return -magnitude
  throw new StatementReadError(
    `CdtDbtInd is “${indicator ?? ''}”, not CRDT or DBIT`,
    `${where}/CdtDbtInd`,
  )
}

function dateAt(node: XmlValue, path: string, where: string): string | undefined {
  const text = textAt(node, `${path}/Dt`) ?? textAt(node, `${path}/DtTm`)
  return text === undefined ? undefined : machineDate(text, `${where}/${path}`)
}

function entryText(entry: XmlValue): string {
  const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')))
  const parts = details.flatMap((tx) => [
    textAt(tx, 'RltdPties/Dbtr/Nm') ?? textAt(tx, 'RltdPties/Dbtr/Pty/Nm'),
    textAt(tx, 'RltdPties/Cdtr/Nm') ?? textAt(tx, 'RltdPties/Cdtr/Pty/Nm'),
    ...list(at(tx, 'RmtInf/Ustrd')).map((u) => (typeof u === 'string' ? u : undefined)),
  ])
  parts.push(textAt(entry, 'AddtlNtryInf'))
  return [...new Set(parts.filter((part): part is string => Boolean(part)))].join(' · ')
}

/** BkTxCd as `Domn/Fmly/SubFmly` (`PMNT/CNTR/CDPT`), else its proprietary code. */
function entryKind(entry: XmlValue): string | undefined {
  const domain = ['Domn/Cd', 'Domn/Fmly/Cd', 'Domn/Fmly/SubFmlyCd'].map((path) =>
    textAt(entry, `BkTxCd/${path}`),
  )
  if (domain.every(Boolean)) return domain.join('/')
  return textAt(entry, 'BkTxCd/Prtry/Cd')
}

/** The payer's end-to-end reference of the entry's first transaction. */
function entryReference(entry: XmlValue): string | undefined {
  const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')))
  return details.length > 0 ? textAt(details[0], 'Refs/EndToEndId') : undefined
}

function entryStatus(entry: XmlValue): string {
  return textAt(entry, 'Sts/Cd') ?? textAt(entry, 'Sts') ?? 'BOOK'
}

function balance(statement: XmlValue, codes: readonly string[], currency: string, where: string) {
  const index = list(at(statement, 'Bal')).findIndex((bal) =>
    codes.includes(textAt(bal, 'Tp/CdOrPrtry/Cd') ?? ''),
  )
  if (index < 0) return undefined
  return signedAmount(list(at(statement, 'Bal'))[index], currency, `${where}/Bal[${index + 1}]`)
}

function statementLines(statement: XmlValue, currency: string, where: string): ReadLine[] {
  const lines = list(at(statement, 'Ntry')).flatMap((entry, index): ReadLine[] => {
    if (entryStatus(entry) !== 'BOOK') return []
    const at = `${where}/Ntry[${index + 1}]`
    const date = dateAt(entry, 'BookgDt', at)
    if (!date) throw new StatementReadError('BookgDt is missing', at)
    const valueDate = dateAt(entry, 'ValDt', at)
    const fileId = textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef')
    return [
      {
        ...(fileId ? { fileId } : {}),
        date,
        ...(valueDate ? { valueDate } : {}),
        amount: signedAmount(entry, currency, at),
        currency,
        text: entryText(entry),
        ...bankCodes(entryKind(entry), entryReference(entry)),
        where: at,
      },
    ]
  })
  const opening = balance(statement, ['OPBD', 'PRCD'], currency, where)
  const closing = balance(statement, ['CLBD'], currency, where)
  if (opening !== undefined && closing !== undefined) {
    const moved = lines.reduce((sum, line) => sum + line.amount, 0)
    if (opening + moved !== closing)
      throw new StatementReadError(
        `the booked entries do not add up from the opening balance to the closing one (${moved} of ${closing - opening} minor units): the file is incomplete`,
        where,
      )
  }
  return lines
}

function accountOf(statement: XmlValue): string | undefined {
  return textAt(statement, 'Acct/Id/IBAN') ?? textAt(statement, 'Acct/Id/Othr/Id')
}

/** The parsed document; the parser refuses some XML its validator lets through. */
function parsedXml(text: string): XmlValue {
  try {
    return parser.parse(text) as XmlValue
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new StatementReadError(`not well-formed XML: ${reason}`, 'Document')
  }
}

export function readCamt053Statement(text: string): ParsedStatement {
  const valid = XMLValidator.validate(text)
  if (valid !== true)
    throw new StatementReadError(`not well-formed XML: ${valid.err.msg}`, `line ${valid.err.line}`)
  const statements = list(at(parsedXml(text), 'Document/BkToCstmrStmt/Stmt'))
  if (statements.length === 0)
    throw new StatementReadError('the file holds no statement', 'Document/BkToCstmrStmt/Stmt')
  const accountRef = accountOf(statements[0])
  const firstEntry = list(at(statements[0], 'Ntry'))[0]
  const declared = textAt(statements[0], 'Acct/Ccy') ?? textAt(firstEntry, 'Amt/@Ccy')
  if (declared === undefined)
    throw new StatementReadError('the statement names no currency', 'Stmt[1]/Acct/Ccy')
  const currency = currencyCode(declared, 'Stmt[1]/Acct/Ccy')
  let closedAt: number | undefined
  const lines = statements.flatMap((statement, index) => {
    const where = `Stmt[${index + 1}]`
    if (accountOf(statement) !== accountRef)
      throw new StatementReadError(
        'the file holds the statements of several accounts; export one account at a time',
        `${where}/Acct`,
      )
    const own = textAt(statement, 'Acct/Ccy')
    if (own !== undefined && own.toUpperCase() !== currency)
      throw new StatementReadError(
        `this statement is in ${own}, the first in ${currency}`,
        `${where}/Acct/Ccy`,
      )
    checkChained(balance(statement, ['OPBD', 'PRCD'], currency, where), closedAt, `${where}/Bal`)
    closedAt = balance(statement, ['CLBD'], currency, where)
    return statementLines(statement, currency, where)
  })
  return {
    format: 'camt053',
    ...(accountRef ? { accountRef } : {}),
    currency,
    lines: withLineIds(lines),
  }
}
