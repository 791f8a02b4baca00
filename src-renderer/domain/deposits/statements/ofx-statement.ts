import { StatementReadError, type ParsedStatement } from '../bank-line'
import { child, nodesAt, readOfxTree, valueAt, type OfxNode } from './ofx-tree'
import { withLineIds, type ReadLine } from './statement-line-ids'
import { currencyCode, machineAmount, machineDate } from './statement-values'

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
    where,
  }
}

export function readOfxStatement(text: string): ParsedStatement {
  const ofx = readOfxTree(text)
  const statements = STATEMENTS.flatMap((path) => nodesAt(ofx, path))
  const [statement, another] = statements
  if (!statement)
    throw new StatementReadError('the file holds no statement (<STMTRS>)', `line ${ofx.line}`)
  if (another)
    throw new StatementReadError(
      'the file holds the statements of several accounts; export one account at a time',
      `line ${another.line}`,
    )
  const where = `line ${statement.line} (<${statement.name}>)`
  const currency = currencyCode(required(statement, 'CURDEF', where), `${where} <CURDEF>`)
  const account = child(statement, 'BANKACCTFROM') ?? child(statement, 'CCACCTFROM')
  const accountRef = account && valueAt(account, 'ACCTID')
  const lines = nodesAt(statement, 'BANKTRANLIST/STMTTRN').map((node) =>
    transaction(node, currency),
  )
  return {
    format: 'ofx',
    ...(accountRef ? { accountRef } : {}),
    currency,
    lines: withLineIds(lines),
  }
}
