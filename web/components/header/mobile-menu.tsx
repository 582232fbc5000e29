'use client'

import { usePathname } from 'next/navigation'
import { useEffect, useState } from 'react'
import type { Navigation } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { useDialog } from '../ui/use-dialog'
import { Chevron } from './desktop-nav'

type Props = { navigation: Navigation; productName: string }

/** The small-screen menu: a button that opens a drawer holding focus until it is closed. */
export function MobileMenu({ navigation, productName }: Props) {
  const { dialogRef, isOpen, open, close } = useDialog()
  const pathname = usePathname()
  const initiallyExpanded = () =>
    Object.fromEntries(navigation.mobileMenu.map((item) => [item._key, item.expandedByDefault]))
  const [expanded, setExpanded] = useState<Record<string, boolean>>(initiallyExpanded)

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
        <span className="visually-hidden">{navigation.labels.openMenu}</span>
      </button>
      <dialog ref={dialogRef} id="mobile-drawer" className="drawer drawer--left" aria-labelledby="mobile-drawer-title">
        <div className="drawer__header">
          <p id="mobile-drawer-title" className="drawer__title">
            {productName}
          </p>
          <button type="button" className="icon-button" onClick={close}>
            <CloseIcon />
            <span className="visually-hidden">{navigation.labels.closeMenu}</span>
          </button>
        </div>
        <nav aria-label={navigation.labels.mainMenu}>
          <ul className="drawer__list">
            {navigation.mobileMenu.map((item) => {
              const isExpanded = expanded[item._key] ?? false
              const listId = `drawer-${item._key}`
              return (
                <li key={item._key} className="drawer__item">
                  <span className="drawer__row">
                    <ContentLink link={item.link} className="drawer__link" />
                    {item.children.length ? (
                      <button
                        type="button"
                        className="icon-button drawer__toggle"
                        aria-expanded={isExpanded}
                        aria-controls={listId}
                        onClick={() => setExpanded((state) => ({ ...state, [item._key]: !isExpanded }))}
                      >
                        <Chevron />
                        <span className="visually-hidden">
                          {fillTemplate(navigation.labels.showSubmenu, { label: item.link.label })}
                        </span>
                      </button>
                    ) : null}
                  </span>
                  {item.children.length ? (
                    <ul id={listId} className="drawer__sublist" hidden={!isExpanded}>
                      {item.children.map((child) => (
                        <li key={child._key}>
                          <ContentLink link={child.link} className="drawer__sublink" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </nav>
      </dialog>
    </div>
  )
}

export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
