import { ConnectionGate } from '../ConnectionGate'

export function BillsScreen(): React.JSX.Element {
  return <ConnectionGate title="Bills">{() => <p role="status">Loading bills…</p>}</ConnectionGate>
}
