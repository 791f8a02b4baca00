import type { ComponentType } from 'react'
import { ConnectionsSection } from './ConnectionsSection'
import { LocationsPanel } from './LocationsPanel'
import { WebhookReceiverPanel } from './WebhookReceiverPanel'
import { SyncSchedulePanel } from './SyncSchedulePanel'
import { AccountMappingPanel } from './AccountMappingPanel'
import { ScheduledExportPanel } from './ScheduledExportPanel'
import { DestinationsPanel } from './DestinationsPanel'
import { RecordsBackupPanel } from './RecordsBackupPanel'
import { DenominationsPanel } from './DenominationsPanel'
import { SharedBooksPanel } from './SharedBooksPanel'

export interface SettingsSection {
  /** Its address: `#/settings/<id>`. */
  id: string
  /** The link's name in the section list. */
  label: string
  Panel: ComponentType
}

/** Settings, a section at a time, in this order; adding a section is adding its line here. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'connections', label: 'Connections', Panel: ConnectionsSection },
  { id: 'locations', label: 'Locations', Panel: LocationsPanel },
  { id: 'live-updates', label: 'Live updates', Panel: WebhookReceiverPanel },
  { id: 'sync-schedule', label: 'Sync schedule', Panel: SyncSchedulePanel },
  { id: 'notes-and-coins', label: 'Notes and coins', Panel: DenominationsPanel },
  { id: 'account-mapping', label: 'Account mapping', Panel: AccountMappingPanel },
  { id: 'destinations', label: 'Destinations', Panel: DestinationsPanel },
  { id: 'scheduled-export', label: 'Scheduled export', Panel: ScheduledExportPanel },
  { id: 'shared-books', label: 'Shared books', Panel: SharedBooksPanel },
  { id: 'backup', label: 'Till’s records', Panel: RecordsBackupPanel },
]

/** The section an address names; the first for none or one Till does not know. */
export function settingsSection(id: string | null): SettingsSection {
  return SETTINGS_SECTIONS.find((s) => s.id === id) ?? SETTINGS_SECTIONS[0]!
}
