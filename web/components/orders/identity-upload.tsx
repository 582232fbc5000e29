import { fillTemplate } from '@/lib/templates'
import type { OrderPanelProps } from './panel-props'

/** The seller's request as the page found it: open (with its order), or not opened by this link. */
export type IdentityRequest = { reference: string; uploaded: boolean } | null

/**
 * The seller's proof of identity, opened by the link in their e-mail: which document, and a photo
 * of it, sent as a plain multipart form (with scripts or without) to /api/proof-of-identity, which
 * sends them back here saying what happened. A link that opens nothing says so.
 */
export function IdentityUpload({
  copy,
  query,
  request,
  megabytes,
}: OrderPanelProps & { request: IdentityRequest; megabytes: number }) {
  const text = copy.identity
  if (!request) {
    return (
      <p className="form-notice form-notice--problem" role="alert" data-identity="invalid">
        {text.linkInvalid}
      </p>
    )
  }
  const problems: Record<string, string> = {
    documentMissing: text.documentMissing,
    fileMissing: text.fileMissing,
    fileNotImage: text.fileNotImage,
    fileTooLarge: fillTemplate(text.fileTooLarge, { megabytes }),
    fileUnreadable: text.fileUnreadable,
    linkInvalid: text.linkInvalid,
    tooMany: fillTemplate(copy.problems.tooMany, { seconds: query.wait ?? '' }),
    unavailable: copy.problems.unavailable,
  }
  const problem = query.problem ? problems[query.problem] : undefined
  const documents = [
    { value: 'passport', label: text.passport },
    { value: 'driving-licence', label: text.drivingLicence },
    { value: 'identity-card', label: text.identityCard },
  ]
  return (
    <div className="identity-upload">
      <p>{fillTemplate(text.pageIntro, { reference: request.reference })}</p>
      {query.sent || request.uploaded ? (
        <p className="form-notice" role="status" data-identity="sent">
          {text.uploaded}
        </p>
      ) : null}
      {problem ? (
        <p className="form-notice form-notice--problem" role="alert" data-problem={query.problem}>
          {problem}
        </p>
      ) : null}
      <form
        method="post"
        action={`/api/proof-of-identity?${new URLSearchParams({ token: query.token ?? '' })}`}
        encType="multipart/form-data"
        className="form"
      >
        <input type="hidden" name="token" value={query.token ?? ''} />
        <fieldset>
          <legend>{text.documentLegend}</legend>
          {documents.map((document) => (
            <label key={document.value} className="form-choice">
              <input type="radio" name="document" value={document.value} required />
              {document.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor="identity-photo">{text.fileLabel}</label>
        <p id="identity-photo-hint" className="form-hint">
          {fillTemplate(text.fileHint, { megabytes })}
        </p>
        <input
          id="identity-photo"
          type="file"
          name="photo"
          accept="image/*"
          required
          aria-describedby="identity-photo-hint"
        />
        <button type="submit" className="button button--primary">
          {text.submit}
        </button>
      </form>
    </div>
  )
}
