/**
 * The entries the site itself writes in a collection's history (closed with nothing collected, its
 * contact removed by retention), in the content's words as they are when written.
 */
import type { ContactInboxCopy, OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'

/** One entry the site itself writes in a collection's history: its name, and what it did and why. */
export type SiteEntry = { name: string; reason: string }

export type CollectionSiteEntries = {
  /** A collected collection closed with no device recorded: why it has no paperwork and no e-mail. */
  nothingCollected: SiteEntry
  /** Its contact removed, `years` after its waste transfer note. */
  contactRemoved: (years: number) => SiteEntry
}

/**
 * A history keeps what was said, as staff's reasons are kept, so the words are written in, not
 * looked up when shown. The site's name is the one the orders' histories give it (Orders → Staff
 * pages: "Automatic").
 */
export function collectionSiteEntries(
  orderCopy: Pick<OrderCopy, 'admin'>,
  copy: ContactInboxCopy['collections'],
): CollectionSiteEntries {
  const name = orderCopy.admin.actorSystem
  return {
    nothingCollected: { name, reason: copy.closedWithoutDevices },
    contactRemoved: (years) => ({ name, reason: fillTemplate(copy.contactRemoved, { years }) }),
  }
}
