'use client'

import { usePathname } from 'next/navigation'
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { DeviceCatalogue, Navigation } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { MegaMenu } from './mega-menu'

type Props = { navigation: Navigation; catalogue: DeviceCatalogue }

/**
 * The wide-screen menu: top-level links, each submenu behind its own disclosure button
 * (the W3C "disclosure navigation" pattern), opening on hover too, closing on Escape and when
 * the pointer or focus leaves.
 */
export function DesktopNav({ navigation, catalogue }: Props) {
  const [open, setOpen] = useState<string | null>(null)
  const pathname = usePathname()
  const [openedOn, setOpenedOn] = useState(pathname)
  if (openedOn !== pathname) {
    // A navigation closes any open submenu.
    setOpenedOn(pathname)
    setOpen(null)
  }

  return (
    <nav className="desktop-nav" aria-label={navigation.labels.mainMenu}>
      <ul className="desktop-nav__list">
        {navigation.desktopMenu.map((item) =>
          item.children.length ? (
            <SubmenuItem
              key={item._key}
              item={item}
              isOpen={open === item._key}
              onOpenChange={(next) => setOpen(next ? item._key : null)}
              navigation={navigation}
              catalogue={catalogue}
            />
          ) : (
            <li key={item._key} className="desktop-nav__item">
              <ContentLink link={item.link} className="desktop-nav__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}

type SubmenuProps = {
  item: Navigation['desktopMenu'][number]
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  navigation: Navigation
  catalogue: DeviceCatalogue
}

function SubmenuItem({ item, isOpen, onOpenChange, navigation, catalogue }: SubmenuProps) {
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const [chosenMega, setMega] = useState<string | null>(null)
  const mega = isOpen ? chosenMega : null
  // A pointer that opens a menu by hovering and then clicks its button means "open", not
  // "close": the first click after a hover-open keeps the menu open; the next one closes it.
  const openedByHover = useRef({ panel: false, mega: false })
  const confirmHover = (what: 'panel' | 'mega') => {
    const was = openedByHover.current[what]
    openedByHover.current[what] = false
    return was
  }

  const setOpen = (next: boolean) => {
    if (!next) setMega(null)
    onOpenChange(next)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    if (mega) {
      event.stopPropagation()
      const toggle = event.currentTarget.querySelector<HTMLElement>(
        `[aria-controls="${CSS.escape(`${panelId}-${mega}`)}"]`,
      )
      setMega(null)
      toggle?.focus()
      return
    }
    if (isOpen) {
      event.stopPropagation()
      setOpen(false)
      toggleRef.current?.focus()
    }
  }
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
  }

  return (
    <li
      className="desktop-nav__item"
      onMouseEnter={() => {
        if (!isOpen) openedByHover.current.panel = true
        setOpen(true)
      }}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <ContentLink link={item.link} className="desktop-nav__link" />
      <button
        ref={toggleRef}
        type="button"
        className="desktop-nav__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={fillTemplate(navigation.labels.showSubmenu, { label: item.link.label })}
        onClick={() => {
          if (confirmHover('panel') && isOpen) return
          setOpen(!isOpen)
        }}
      >
        <Chevron />
      </button>
      <div id={panelId} className="desktop-nav__panel" hidden={!isOpen}>
        <ul className="desktop-nav__submenu">
          {item.children.map((child) => {
            const hasMega = child.megaMenu !== 'none'
            const megaId = `${panelId}-${child._key}`
            return (
              <li
                key={child._key}
                className="desktop-nav__subitem"
                onMouseEnter={() => {
                  openedByHover.current.mega = hasMega && mega !== child._key
                  setMega(hasMega ? child._key : null)
                }}
              >
                <span className="desktop-nav__subrow">
                  <ContentLink link={child.link} className="desktop-nav__sublink" />
                  {hasMega ? (
                    <button
                      type="button"
                      className="desktop-nav__toggle desktop-nav__toggle--side"
                      aria-expanded={mega === child._key}
                      aria-controls={megaId}
                      aria-label={fillTemplate(navigation.labels.showSubmenu, { label: child.link.label })}
                      onClick={() => {
                        if (confirmHover('mega') && mega === child._key) return
                        setMega(mega === child._key ? null : child._key)
                      }}
                    >
                      <Chevron />
                    </button>
                  ) : null}
                </span>
                {hasMega ? (
                  <div
                    id={megaId}
                    className="desktop-nav__mega"
                    role="group"
                    aria-label={child.link.label}
                    hidden={mega !== child._key}
                  >
                    {/* Built only when opened: dozens of model links need not be hydrated on every page. */}
                    {mega === child._key ? (
                      <MegaMenu
                        catalogue={catalogue}
                        category={child.megaMenu === 'tablet' ? 'tablet' : 'phone'}
                        baseHref={child.link.href ?? '/'}
                        allModelsLabel={navigation.labels.allModels}
                        promo={navigation.promo}
                      />
                    ) : null}
                  </div>
                ) : null}
              </li>
            )
          })}
        </ul>
      </div>
    </li>
  )
}

export function Chevron() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M3.5 6l4.5 4.5L12.5 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
