import { useEffect, useState } from 'react'

/** The time now (epoch ms), read again each minute, for what a screen shows as of now. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
