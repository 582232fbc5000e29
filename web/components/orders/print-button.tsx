'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** Prints the page (its print stylesheet shows the label and slip). Shown only where scripts run. */
export function PrintButton({ label }: { label: string }) {
  // False in the server's HTML and until hydration, true once scripts run: no button that does nothing.
  const scripted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  if (!scripted) return null
  return (
    <button type="button" className="button button--primary" onClick={() => window.print()}>
      {label}
    </button>
  )
}
