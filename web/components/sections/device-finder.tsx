'use client'

import Link from 'next/link'
import { useId, useMemo, useState } from 'react'
import type { PageSection } from '@/content/types'
import { formatPence } from '@/lib/money'
import { matchItems } from '@/lib/search'
import { fillTemplate } from '@/lib/templates'
import { useDeviceIndex } from '../header/use-device-index'

type Props = { copy: Extract<PageSection, { _type: 'deviceFinderSection' }> }

/** A search box over the catalogue whose results are links to each model's page. */
export function DeviceFinder({ copy }: Props) {
  const id = useId()
  const index = useDeviceIndex()
  const [query, setQuery] = useState('')
  const results = useMemo(() => matchItems(index.devices, query), [index.devices, query])
  const searching = query.trim() !== '' && index.state.status === 'ready'
  return (
    <div className="finder">
      <div className="field">
        <label htmlFor={`${id}-q`}>{copy.searchLabel}</label>
        <p id={`${id}-hint`} className="choices__hint">
          {copy.searchHint}
        </p>
        <input
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          value={query}
          onFocus={index.load}
          onChange={(event) => {
            index.load()
            setQuery(event.target.value)
          }}
        />
      </div>
      <p className="visually-hidden" role="status">
        {searching
          ? results.length
            ? fillTemplate(copy.resultsCount, { count: results.length })
            : fillTemplate(copy.noResults, { query: query.trim() })
          : ''}
      </p>
      {searching && results.length ? (
        <ul className="catalogue__models finder__results">
          {results.map((device) => (
            <li key={device.id}>
              <Link href={device.href}>
                <span>{device.title}</span>
                <span>{fillTemplate(copy.priceLine, { price: formatPence(device.topPricePence) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {searching && !results.length ? <p>{fillTemplate(copy.noResults, { query: query.trim() })}</p> : null}
    </div>
  )
}
