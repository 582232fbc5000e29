import type { ContactInboxCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import { certificatePath } from '@/stock/certificate-content'
import { IssueCertificateForm } from './collection-paperwork-form'

type Props = {
  id: string
  copy: ContactInboxCopy['collections']
  certificate: string | null
  wasteNote: { number: string; href: string; label: string } | null
  /** The itemised report, issued with the note at close. */
  report: { number: string; href: string; label: string } | null
  /** The certificate may be asked for: the collection is collected. */
  canIssue: boolean
}

/**
 * The collection's certificate (issued once every device is erased), and its waste transfer note and
 * itemised report (issued at close).
 */
export function CollectionPaperwork({ id, copy, certificate, wasteNote, report, canIssue }: Props) {
  if (!certificate && !canIssue && !wasteNote) return null
  return (
    <section aria-labelledby="collection-paperwork" className="admin-section">
      <h2 id="collection-paperwork">{copy.paperworkHeading}</h2>
      <ul>
        {certificate ? (
          <li>
            <a href={certificatePath(certificate)}>
              {fillTemplate(copy.certificateLine, { number: formatCertificateCode(certificate) })}
            </a>
          </li>
        ) : null}
        {wasteNote ? (
          <li>
            {fillTemplate(copy.wasteNoteLine, { number: formatCertificateCode(wasteNote.number) })}{' '}
            <a href={wasteNote.href}>{wasteNote.label}</a>
          </li>
        ) : null}
        {report ? (
          <li>
            {fillTemplate(copy.reportLine, { number: formatCertificateCode(report.number) })}{' '}
            <a href={report.href}>{report.label}</a>
          </li>
        ) : null}
      </ul>
      {!certificate && canIssue ? <IssueCertificateForm id={id} label={copy.issueCertificate} /> : null}
      {!wasteNote && canIssue ? <p>{copy.wasteNoteAtClose}</p> : null}
    </section>
  )
}
