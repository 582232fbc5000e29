'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

const CLOSE_MS = 300
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * Drives a native <dialog> as a modal side panel: the browser traps focus and makes the page
 * behind inert; this adds the closing animation, backdrop clicks, and focus back on the opener.
 */
export function useDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  const [isOpen, setIsOpen] = useState(false)

  const open = useCallback(() => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    openerRef.current = document.activeElement as HTMLElement | null
    delete dialog.dataset.closing
    dialog.showModal()
    setIsOpen(true)
  }, [])

  const close = useCallback(() => {
    const dialog = dialogRef.current
    if (!dialog?.open || dialog.dataset.closing) return
    setIsOpen(false)
    const finish = () => {
      delete dialog.dataset.closing
      dialog.close()
      openerRef.current?.focus()
    }
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return finish()
    dialog.dataset.closing = 'true'
    window.setTimeout(finish, CLOSE_MS)
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    // Escape fires "cancel": run our close (with its animation and focus return) instead.
    const onCancel = (event: Event) => {
      event.preventDefault()
      close()
    }
    const onClick = (event: MouseEvent) => {
      if (event.target !== dialog) return
      const box = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      if (!inside) close()
    }
    // A modal dialog makes the page inert, but Tab can still leave it for the browser's own UI:
    // wrap it round instead, so focus stays in the panel until it is closed.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.offsetParent !== null,
      )
      const first = focusable[0]
      const last = focusable.at(-1)
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('click', onClick)
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('click', onClick)
      dialog.removeEventListener('keydown', onKeyDown)
    }
  }, [close])

  return { dialogRef, isOpen, open, close }
}
