/** A one-line confirmation at the top of an account page, read out when it appears. */
export function Notice({ text }: { text: string | null | undefined }) {
  if (!text) return null
  return (
    <p className="notice" role="status">
      {text}
    </p>
  )
}
