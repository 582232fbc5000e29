'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'
import { scrollBehavior } from './scroll-behaviour'

// Only navigations slower than this show the loading screen, so fast ones never flash it.
const SHOW_AFTER_MS = 300
const GIVE_UP_MS = 15000
const RELOAD_KEY = 'chunk-reload-at'

type Props = { loadingText: string; loadingLabel: string }

/**
 * What happens around a route change: a smooth scroll to the top when it lands, a full-screen
 * loading screen while a slow one is pending, and one reload if a code chunk fails to load.
 */
export function NavigationEffects({ loadingText, loadingLabel }: Props) {
  const pathname = usePathname()
  const [pending, setPending] = useState(false)
  const [visible, setVisible] = useState(false)
  const first = useRef(true)
  const [landedOn, setLandedOn] = useState(pathname)
  if (landedOn !== pathname) {
    setLandedOn(pathname)
    setPending(false)
  }

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: scrollBehavior() })
  }, [pathname])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href, window.location.href)
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return
      setVisible(false)
      setPending(true)
    }
    // Capture phase: Next's <Link> cancels the click's default before a bubbling listener sees it.
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [])

  useEffect(() => {
    if (!pending) return
    const show = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS)
    const giveUp = window.setTimeout(() => setPending(false), GIVE_UP_MS)
    return () => {
      window.clearTimeout(show)
      window.clearTimeout(giveUp)
    }
  }, [pending])

  useEffect(() => {
    const isChunkError = (reason: unknown) =>
      reason instanceof Error && (reason.name === 'ChunkLoadError' || /Loading (CSS )?chunk/i.test(reason.message))
    const reloadOnce = (reason: unknown) => {
      if (!isChunkError(reason)) return
      const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0)
      // A second failure soon after the reload means reloading will not help: stop there.
      if (Date.now() - last < 30000) return
      window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()))
      window.location.reload()
    }
    const onError = (event: ErrorEvent) => reloadOnce(event.error)
    const onRejection = (event: PromiseRejectionEvent) => reloadOnce(event.reason)
    window.addEventListener('error', onError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [])

  if (!pending || !visible) return null
  return (
    <div className="loading-screen" role="status" aria-label={loadingLabel}>
      <p className="loading-screen__brand">{loadingText}</p>
    </div>
  )
}
