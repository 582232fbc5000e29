'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useState, type ReactNode } from 'react'
import { Chevron, CloseIcon } from '../ui/icons'
import { useDialog } from '../ui/use-dialog'

type Props = { title: string; openLabel: string; closeLabel: string; children: ReactNode }

/**
 * The small-screen menu: a button that opens a drawer holding focus until it is closed. The
 * drawer's navigation is server markup passed in as children, put in the page when first opened.
 */
export function MobileMenu({ title, openLabel, closeLabel, children }: Props) {
  const { dialogRef, isOpen, open, close } = useDialog()
  const pathname = usePathname()
  // The links are useless until the drawer opens, so the first view's markup goes without them.
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)

  useEffect(() => close(), [pathname, close])

  return (
    <div className="mobile-menu">
      <button
        type="button"
        className="icon-button mobile-menu__button"
        aria-expanded={isOpen}
        aria-controls="mobile-drawer"
        onClick={open}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{openLabel}</span>
      </button>
      <dialog ref={dialogRef} id="mobile-drawer" className="drawer drawer--left" aria-labelledby="mobile-drawer-title">
        <div className="drawer__header">
          <p id="mobile-drawer-title" className="drawer__title">
            {title}
          </p>
          <button type="button" className="icon-button" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {opened ? children : null}
      </dialog>
    </div>
  )
}

type SubmenuProps = {
  listId: string
  /** The entry's own link, rendered on the server. */
  link: ReactNode
  toggleLabel: string
  expandedByDefault: boolean
  /** The submenu's items, rendered on the server. */
  children: ReactNode
}

/** A drawer entry whose submenu opens and closes under its own button. */
export function DrawerSubmenu({ listId, link, toggleLabel, expandedByDefault, children }: SubmenuProps) {
  const [expanded, setExpanded] = useState(expandedByDefault)
  return (
    <li className="drawer__item">
      <span className="drawer__row">
        {link}
        <button
          type="button"
          className="icon-button drawer__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          <Chevron />
          <span className="visually-hidden">{toggleLabel}</span>
        </button>
      </span>
      <ul id={listId} className="drawer__sublist" hidden={!expanded}>
        {children}
      </ul>
    </li>
  )
}
