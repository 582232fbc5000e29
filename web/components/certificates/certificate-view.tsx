import type { CertificateContent, CertificateWords } from '@/stock/certificate-content'
import '@/styles/account.css'
import '@/styles/certificates.css'

/**
 * A certificate's facts as its check page shows them: the same rows (and, for a collection's, the
 * same list of devices) as the PDF, under the words
 * that say it is genuine, with the PDF to download.
 */
export function CertificateView(props: {
  content: Pick<CertificateContent, 'rows'> & { list?: { heading: string; lines: string[] } | null }
  genuine: string
  pdfHref: string
  pdfLink: string
}) {
  const { content } = props
  return (
    <>
      <p className="notice certificate__genuine">{props.genuine}</p>
      <dl className="certificate__facts">
        {content.rows.map(([label, value]) => (
          <div key={label} className="certificate__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {content.list ? (
        <section aria-labelledby="certificate-list">
          <h2 id="certificate-list">{content.list.heading}</h2>
          <ol className="certificate__list">
            {content.list.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
      ) : null}
      <p>
        <a href={props.pdfHref} className="button button--secondary">
          {props.pdfLink}
        </a>
      </p>
    </>
  )
}

/**
 * The form to check a number typed from a certificate: a plain GET to /certificates, which sends
 * the visitor on to that number's page, so it works the same without scripts.
 */
export function CertificateCheck({ words }: { words: CertificateWords }) {
  return (
    <form action="/certificates" method="get" className="certificate__check" aria-labelledby="certificate-check">
      <h2 id="certificate-check">{words.checkHeading}</h2>
      <div className="field">
        <label htmlFor="certificate-number">{words.numberLabel}</label>
        <input
          id="certificate-number"
          name="number"
          type="text"
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
      </div>
      <button type="submit" className="button button--primary">
        {words.checkButton}
      </button>
    </form>
  )
}
