import { useEffect, useRef, useState } from 'react'
import type { CsvMapping, ReadFile, ReadingProgress, StatementReader } from '../../../deposits'
import { openStatementReader } from '../../../deposits'

/** A file picked and read (off the page's thread, by its reader, which keeps it). */
export interface Picked extends ReadFile {
  name: string
}

/**
 * One statement file at a time, read by a reader of its own: the file as read, how far the
 * reading is, and the reader's requests. A reader is closed when another file is picked, the file
 * is done with, or the screen leaves; answers of a closed reader are dropped.
 */
export function useStatementReader() {
  const [picked, setPicked] = useState<Picked | null>(null)
  const [progress, setProgress] = useState<ReadingProgress | null>(null)
  const reader = useRef<StatementReader | null>(null)
  useEffect(() => () => reader.current?.close(), [])

  const close = () => {
    reader.current?.close()
    reader.current = null
    setPicked(null)
  }

  /** Reads `file`; throws when it cannot be read at all (a read error is in its preview). */
  const read = async (
    file: File,
    wanted: { currency: string; remembered: CsvMapping | null },
  ): Promise<void> => {
    close()
    const opened = openStatementReader(setProgress)
    reader.current = opened
    try {
      const read = await opened.read(file, { ...wanted, thisYear: new Date().getUTCFullYear() })
      if (reader.current === opened) setPicked({ name: file.name, ...read })
    } finally {
      setProgress(null)
    }
  }

  /** The file read again with other CSV columns, or as another account's currency. */
  const remap = async (mapping: CsvMapping, currency: string): Promise<void> => {
    const opened = reader.current
    if (!picked || !opened) return
    setPicked({ ...picked, mapping })
    const read = await opened.map(mapping, currency)
    if (reader.current === opened) setPicked({ name: picked.name, ...read })
  }

  /** The statement as read for the preview, whole: the file is not read again. */
  const statement = async () => (await reader.current?.statement()) ?? null

  return { picked, progress, read, remap, statement, close }
}
