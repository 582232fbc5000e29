'use client'

import { useEffect } from 'react'
import type { PageSection, SellingCopy } from '@/content/types'
import type { BasketView } from '@/basket/types'
import { ContentLink } from '../ui/content-link'
import { BasketLines } from './basket-lines'
import { loadBasket, primeBasket, useBasket } from './basket-store'

type Props = {
  section: Extract<PageSection, { _type: 'basketSection' }>
  copy: SellingCopy['basket']
  /** The basket as the server rendered it, on pages made per visitor; otherwise it is fetched here. */
  initial: BasketView | null
  returnPath: string
}

export function BasketSection({ section, copy, initial, returnPath }: Props) {
  const state = useBasket()
  useEffect(() => {
    if (initial) primeBasket(initial)
    else void loadBasket()
  }, [initial])
  const basket = state.basket ?? initial
  return (
    <section className="section" aria-labelledby={`s-${section._key}`}>
      <h2 id={`s-${section._key}`}>{section.heading}</h2>
      {basket ? (
        <>
          <BasketLines basket={basket} copy={copy} editable={section.editable} returnPath={returnPath} />
          {section.editable && basket.count > 0 ? (
            <p>
              <ContentLink link={copy.checkoutLink} className="button button--primary" />
            </p>
          ) : null}
        </>
      ) : (
        <p role="status">{state.status === 'error' ? copy.error : copy.loading}</p>
      )}
    </section>
  )
}
