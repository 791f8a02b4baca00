import { StatementReadError } from '../../src-renderer/deposits/rules/bank-line'

/** The StatementReadError `read` throws; fails the test if it reads the file or throws another error. */
export function statementRefusal(read: () => unknown): StatementReadError {
  try {
    read()
  } catch (error) {
    if (error instanceof StatementReadError) return error
    throw error
  }
  throw new Error('the file was read, not refused')
}
