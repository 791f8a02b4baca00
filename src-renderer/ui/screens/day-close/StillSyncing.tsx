/**
 * Said instead of figures that are not whole yet (the day-close figures need every record that
 * can change them): a first sync makes the last two business days whole first, older days after.
 */
export const STILL_SYNCING = 'incomplete — still arriving'

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
        : 'the first sync reads the last two business days first, then older days, and not everything that can change this session is in yet (payments taken in it on bills of earlier days included).'}{' '}
      They appear, and the drawer can be counted, once everything that can change them is in.
    </p>
  )
}
