import type { AccountRole, MappedAccount } from '../../../exports'
import { accountInFormats } from '../../../exports'
import { BUILT_IN_NAMES } from '../../../exports'

/** The account a mapping row as typed posts to, as each format writes it, before saving. */
export function AccountFormatsPreview({
  role,
  label,
  value,
}: {
  role: AccountRole
  label: string
  value: MappedAccount
}) {
  const typed = { code: value.code.trim(), name: value.name.trim() }
  if (typed.name === '') return null
  return (
    <ul className="muted" aria-label={`Where ${label} posts`}>
      {accountInFormats(role, typed).map((a) => (
        <li key={a.format}>
          {BUILT_IN_NAMES[a.format]}: <code>{a.account}</code>
          {a.note && ` (${a.note})`}
        </li>
      ))}
    </ul>
  )
}
