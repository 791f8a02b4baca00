/** Said instead of figures that are not whole yet (the day-close figures need every bill). */
export const STILL_SYNCING = 'incomplete — still syncing'

export function StillSyncingNotice({
  billsAwaitingDetail,
}: {
  billsAwaitingDetail: number
}): React.JSX.Element {
  return (
    <p className="notice still-syncing" role="note">
      <strong>Figures {STILL_SYNCING}:</strong>{' '}
      {billsAwaitingDetail > 0
        ? `${billsAwaitingDetail} bills of this session are still being fetched.`
        : 'the first sync has not yet read everything that can change them (payments taken in this session on bills of earlier days come last).'}{' '}
      They appear, and the drawer can be counted, once the sync has every bill.
    </p>
  )
}
