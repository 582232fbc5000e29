import type { ContactInboxCopy } from '@/content/types'
import type { CollectionRequestRecord } from '@/collections/store'
import { formatDateTime, isoDate } from '@/lib/dates'
import { fillTemplate } from '@/lib/templates'
import { collectionStatusName } from './collection-words'

type Props = { copy: ContactInboxCopy['collections']; request: CollectionRequestRecord }

/**
 * A request's history, oldest first: received, then each move with who and why. An entry that
 * moves it nowhere is the site's own (closed with nothing collected, its contact removed): no move
 * goes from a status to itself, so it reads as the site's name and what it wrote.
 */
export function CollectionHistory({ copy, request }: Props) {
  return (
    <section aria-labelledby="collection-history" className="admin-section admin-timeline">
      <h2 id="collection-history">{copy.historyHeading}</h2>
      <ol>
        <li>
          <time dateTime={isoDate(request.createdAt)}>{formatDateTime(request.createdAt)}</time>{' '}
          <span>{copy.historyReceived}</span>
        </li>
        {request.events.map((event) => (
          <li key={event.id}>
            <time dateTime={isoDate(event.at)}>{formatDateTime(event.at)}</time>{' '}
            <span>
              {event.fromStatus === event.toStatus
                ? fillTemplate(copy.historyNote, { name: event.actorName, reason: event.reason })
                : fillTemplate(copy.historyChange, {
                    name: event.actorName,
                    from: collectionStatusName(copy, event.fromStatus),
                    to: collectionStatusName(copy, event.toStatus),
                    reason: event.reason,
                  })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
