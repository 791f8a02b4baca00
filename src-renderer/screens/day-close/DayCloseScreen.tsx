import { ConnectionGate } from '../ConnectionGate'

export function DayCloseScreen(): React.JSX.Element {
  return (
    <ConnectionGate title="Day close">
      {() => <p role="status">Reading the day’s sessions…</p>}
    </ConnectionGate>
  )
}
