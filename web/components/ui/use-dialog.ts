'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

const CLOSE_MS = 300

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
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('click', onClick)
    }
  }, [close])

  return { dialogRef, isOpen, open, close }
}
