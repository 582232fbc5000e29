'use client'

import { usePathname } from 'next/navigation'
import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { Chevron } from '../ui/icons'
import type { MegaMenuProps } from './mega-menu'
import { preloadDeviceIndex } from './use-device-index'

type SubmenuState = {
  panelId: string
  mega: string | null
  hoverEntry: (key: string | null) => void
  clickMega: (key: string) => void
}
const SubmenuContext = createContext<SubmenuState | null>(null)

// The mega-menus' code comes with their models, when a menu that has them first opens.
const MegaMenu = lazy(() => import('./mega-menu').then((module) => ({ default: module.MegaMenu })))

type Props = {
  /** The entry's own link, rendered on the server. */
  link: ReactNode
  toggleLabel: string
  /** Whether an entry opens a mega-menu, whose models are then fetched as the submenu opens. */
  hasMegaMenus: boolean
  /** The submenu's entries (`SubmenuEntry`), rendered on the server. */
  children: ReactNode
}

/**
 * One top-level entry of the wide-screen menu with its submenu behind a disclosure button
 * (the W3C "disclosure navigation" pattern), opening on hover too, closing on Escape and when
 * the pointer or focus leaves. Only the open/closed state lives here: the entries are server markup.
 */
export function DesktopSubmenu({ link, toggleLabel, hasMegaMenus, children }: Props) {
  const panelId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const [isOpen, setIsOpen] = useState(false)
  const [chosenMega, setMega] = useState<string | null>(null)
  const mega = isOpen ? chosenMega : null
  // The entries are useless until the submenu opens, so the first view's markup goes without them.
  const [opened, setOpened] = useState(false)
  if (isOpen && !opened) setOpened(true)
  const pathname = usePathname()
  const [openedOn, setOpenedOn] = useState(pathname)
  if (openedOn !== pathname) {
    // A navigation closes the submenu.
    setOpenedOn(pathname)
    setIsOpen(false)
  }
  // A pointer that opens a menu by hovering and then clicks its button means "open", not
  // "close": the first click after a hover-open keeps the menu open; the next one closes it.
  const openedByHover = useRef({ panel: false, mega: false })
  const confirmHover = (what: 'panel' | 'mega') => {
    const was = openedByHover.current[what]
    openedByHover.current[what] = false
    return was
  }

  useEffect(() => {
    if (!isOpen || !hasMegaMenus) return
    void preloadDeviceIndex().catch(() => undefined)
    void import('./mega-menu')
  }, [isOpen, hasMegaMenus])

  const setOpen = (next: boolean) => {
    if (!next) setMega(null)
    setIsOpen(next)
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
  const state: SubmenuState = {
    panelId,
    mega,
    hoverEntry: (key) => {
      openedByHover.current.mega = key !== null && mega !== key
      setMega(key)
    },
    clickMega: (key) => {
      if (confirmHover('mega') && mega === key) return
      setMega(mega === key ? null : key)
    },
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
      {link}
      <button
        ref={toggleRef}
        type="button"
        className="desktop-nav__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={toggleLabel}
        onClick={() => {
          if (confirmHover('panel') && isOpen) return
          setOpen(!isOpen)
        }}
      >
        <Chevron />
      </button>
      <div id={panelId} className="desktop-nav__panel" hidden={!isOpen}>
        <ul className="desktop-nav__submenu">
          {opened ? <SubmenuContext.Provider value={state}>{children}</SubmenuContext.Provider> : null}
        </ul>
      </div>
    </li>
  )
}

type EntryProps = {
  entryKey: string
  /** The entry's link, rendered on the server. */
  link: ReactNode
  /** What the entry's mega-menu needs, when it has one: its name, its button's name and its words. */
  mega: (MegaMenuProps & { label: string; toggleLabel: string }) | null
}

/** An entry of a submenu, with the button and panel of its mega-menu when it has one. */
export function SubmenuEntry({ entryKey, link, mega }: EntryProps) {
  const submenu = useContext(SubmenuContext)
  if (!submenu) throw new Error('SubmenuEntry belongs inside a DesktopSubmenu')
  const megaId = `${submenu.panelId}-${entryKey}`
  const isMegaOpen = submenu.mega === entryKey
  return (
    <li className="desktop-nav__subitem" onMouseEnter={() => submenu.hoverEntry(mega ? entryKey : null)}>
      <span className="desktop-nav__subrow">
        {link}
        {mega ? (
          <button
            type="button"
            className="desktop-nav__toggle desktop-nav__toggle--side"
            aria-expanded={isMegaOpen}
            aria-controls={megaId}
            aria-label={mega.toggleLabel}
            onClick={() => submenu.clickMega(entryKey)}
          >
            <Chevron />
          </button>
        ) : null}
      </span>
      {mega ? (
        <div id={megaId} className="desktop-nav__mega" role="group" aria-label={mega.label} hidden={!isMegaOpen}>
          {/* Built only when opened: dozens of model links need not be in every page. */}
          {isMegaOpen ? (
            <Suspense>
              <MegaMenu
                category={mega.category}
                baseHref={mega.baseHref}
                allModelsLabel={mega.allModelsLabel}
                promo={mega.promo}
              />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
