import { useEffect, useRef } from 'react'
import { usePageTitle } from '../../hooks/page-title'
import { hashOf } from '../../app/screen-routes'
import { useOpenItem } from '../../hooks/use-hash-route'
import { SETTINGS_SECTIONS, settingsSection } from './settings-sections'

/** Settings, one section at a time, each at its own address (`#/settings/live-updates`). */
export function SettingsScreen(): React.JSX.Element {
  const [item, openSection] = useOpenItem()
  const section = settingsSection(item)
  const body = useRef<HTMLDivElement>(null)
  usePageTitle(`${section.label} · Settings`, 1)
  // A section chosen from the list takes the focus to it; one reached by address keeps the page's.
  const chosen = useRef(false)
  useEffect(() => {
    if (chosen.current) body.current?.focus()
    chosen.current = false
  }, [section.id])

  return (
    <section aria-labelledby="screen-title" className="settings">
      <h1 id="screen-title">Settings</h1>
      <div className="settings-layout">
        <nav aria-label="Settings sections" className="settings-nav">
          <ul>
            {SETTINGS_SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={hashOf({ route: 'settings', item: s.id })}
                  aria-current={s.id === section.id ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault()
                    chosen.current = true
                    openSection(s.id)
                  }}
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-section" ref={body} tabIndex={-1}>
          <section.Panel />
        </div>
      </div>
    </section>
  )
}
