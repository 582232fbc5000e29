'use client'

import { useEffect, useState } from 'react'
import { scrollBehavior } from './scroll-behaviour'

const THRESHOLD_PX = 300

/** A button back to the top, shown once the page has been scrolled more than 300 px. */
export function ScrollToTop({ label }: { label: string }) {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > THRESHOLD_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  if (!visible) return null
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: scrollBehavior() })
        document.getElementById('main')?.focus({ preventScroll: true })
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </button>
  )
}
