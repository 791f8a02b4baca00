import { StatementReadError, type ParsedStatement } from '../bank-line'
import { child, nodesAt, readOfxTree, valueAt, type OfxNode } from './ofx-tree'
import { withLineIds, type ReadLine } from './statement-line-ids'
import { bankCodes, currencyCode, machineAmount, machineDate } from './statement-values'

/**
 * OFX and QFX statements (bank and credit-card accounts; OFX 1.x SGML and 2.x XML): the
 * transactions of one account's statement, each with its FITID as the line id.
 */

const STATEMENTS = [
  'BANKMSGSRSV1/STMTTRNRS/STMTRS',
  'CREDITCARDMSGSRSV1/CCSTMTTRNRS/CCSTMTRS',
] as const

function required(node: OfxNode, name: string, where: string): string {
  const value = valueAt(node, name)
  if (value === undefined || value === '')
    throw new StatementReadError(`<${name}> is missing`, where)
  return value
}

function transaction(node: OfxNode, currency: string): ReadLine {
  const where = `line ${node.line} (<STMTTRN>)`
  const foreign = valueAt(node, 'CURRENCY/CURSYM')
  if (foreign !== undefined && foreign.toUpperCase() !== currency)
    throw new StatementReadError(
      `this transaction is in ${foreign}, the statement in ${currency}`,
      where,
    )
  const userDate = valueAt(node, 'DTUSER')
  const text = [valueAt(node, 'NAME') ?? valueAt(node, 'PAYEE/NAME'), valueAt(node, 'MEMO')]
    .concat(valueAt(node, 'CHECKNUM') ? [`check ${valueAt(node, 'CHECKNUM')}`] : [])
    .filter((part): part is string => Boolean(part))
    .join(' · ')
  return {
    fileId: required(node, 'FITID', where),
    date: machineDate(required(node, 'DTPOSTED', where), `${where} <DTPOSTED>`),
    ...(userDate ? { valueDate: machineDate(userDate, `${where} <DTUSER>`) } : {}),
    amount: machineAmount(required(node, 'TRNAMT', where), currency, `${where} <TRNAMT>`),
    currency,
    text,
    ...bankCodes(valueAt(node, 'TRNTYPE')?.toUpperCase(), undefined),
    where,
  }
}

interface OfxPart {
  accountRef: string | undefined
  currency: string
  lines: ReadLine[]
  where: string
}

function readPart(statement: OfxNode): OfxPart {
  const where = `line ${statement.line} (<${statement.name}>)`
  const currency = currencyCode(required(statement, 'CURDEF', where), `${where} <CURDEF>`)
  const account = child(statement, 'BANKACCTFROM') ?? child(statement, 'CCACCTFROM')
  const lines = nodesAt(statement, 'BANKTRANLIST/STMTTRN').map((node) =>
    transaction(node, currency),
  )
  return { accountRef: account && valueAt(account, 'ACCTID'), currency, lines, where }
}

/** The file's statements, which may be several (one per period) of one account in one currency. */
export function readOfxStatement(text: string): ParsedStatement {
  const ofx = readOfxTree(text)
  const [first, ...others] = STATEMENTS.flatMap((path) => nodesAt(ofx, path)).map(readPart)
  if (!first)
    throw new StatementReadError('the file holds no statement (<STMTRS>)', `line ${ofx.line}`)
  const other = others.find(
    (part) => part.accountRef !== first.accountRef || part.currency !== first.currency,
  )
  if (other)
    throw new StatementReadError(
      'the file holds the statements of several accounts or currencies; export one account at a time',
      other.where,
    )
  return {
    format: 'ofx',
    ...(first.accountRef ? { accountRef: first.accountRef } : {}),
    currency: first.currency,
    lines: withLineIds([first, ...others].flatMap((part) => part.lines)),
  }
}
