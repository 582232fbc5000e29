'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { HeaderContent } from '@/content/types'
import type { DeviceIndexEntry } from '@/content/device-index'
import { formatPence } from '@/lib/money'
import { matchItems, shortBrand } from '@/lib/search'
import { fillTemplate } from '@/lib/templates'
import { CloseIcon } from '../ui/icons'
import { useDeviceIndex } from './use-device-index'

type Props = { copy: HeaderContent['search'] }

/**
 * The device search, as an ARIA combobox: typing opens the list, arrow keys move through it,
 * Enter opens the highlighted device, Escape or a click outside closes it.
 */
export function DeviceSearch({ copy }: Props) {
  const router = useRouter()
  const id = useId()
  const listId = `${id}-list`
  const rootRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [mobileOpen, setMobileOpen] = useState(false)
  const index = useDeviceIndex()
  const results = useMemo(() => matchItems(index.devices, query), [index.devices, query])
  const expanded = open && query.trim() !== ''
  const hrefOf = (item: DeviceIndexEntry) => item.href

  useEffect(() => {
    if (!expanded) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [expanded])

  useEffect(() => {
    if (mobileOpen) inputRef.current?.focus()
  }, [mobileOpen])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!expanded) return setOpen(true)
      if (!results.length) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + results.length) % results.length)
    } else if (event.key === 'Enter') {
      const item = results[active]
      if (expanded && item) {
        event.preventDefault()
        setOpen(false)
        router.push(hrefOf(item))
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (mobileOpen) {
        setMobileOpen(false)
      }
    }
  }

  return (
    <div className="search" ref={rootRef} data-mobile-open={mobileOpen || undefined}>
      <button
        type="button"
        className="icon-button search__open"
        aria-expanded={mobileOpen}
        aria-controls={`${id}-form`}
        onClick={() => setMobileOpen((value) => !value)}
      >
        {mobileOpen ? <CloseIcon /> : <SearchIcon />}
        <span className="visually-hidden">{mobileOpen ? copy.closeLabel : copy.openLabel}</span>
      </button>
      <div id={`${id}-form`} className="search__box" role="search">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {copy.label}
        </label>
        <SearchIcon />
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="search__input"
          type="search"
          autoComplete="off"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          placeholder={copy.placeholder}
          value={query}
          onChange={(event) => {
            index.load()
            setQuery(event.target.value)
            setActive(-1)
            setOpen(event.target.value.trim() !== '')
          }}
          onFocus={() => {
            index.load()
            if (query.trim()) setOpen(true)
          }}
          onKeyDown={onKeyDown}
        />
        <div className="search__dropdown" hidden={!expanded}>
          <ul id={listId} role="listbox" aria-label={copy.label} className="search__results">
            {results.map((item, index) => (
              <li
                key={item.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                className="search__result"
                onPointerEnter={() => setActive(index)}
                onClick={() => {
                  setOpen(false)
                  router.push(hrefOf(item))
                }}
              >
                <span className="search__title">{item.title}</span>
                <span className="search__brand">{shortBrand(item.make)}</span>
                <span className="search__badge">
                  {fillTemplate(copy.badge, { price: formatPence(item.topPricePence) })}
                </span>
              </li>
            ))}
          </ul>
          {index.state.status === 'loading' ? <p className="search__empty">{copy.loading}</p> : null}
          {index.state.status === 'error' ? <p className="search__empty">{copy.loadError}</p> : null}
          {index.state.status === 'ready' && results.length === 0 ? (
            <p className="search__empty">{fillTemplate(copy.noResults, { query: query.trim() })}</p>
          ) : null}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {expanded && index.state.status === 'ready'
            ? results.length
              ? fillTemplate(copy.resultsCount, { count: results.length })
              : fillTemplate(copy.noResults, { query: query.trim() })
            : ''}
        </p>
      </div>
    </div>
  )
}

function SearchIcon() {
  return (
    <svg className="search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
