/**
 * A field hidden from people and assistive technology: robots that fill in every field give
 * themselves away, and the server refuses their submission. Controlled when the form keeps its
 * fields in state, left to the browser when the form is posted as it is.
 */
export function Honeypot({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <input
        name="website"
        tabIndex={-1}
        autoComplete="off"
        {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue: '' })}
      />
    </div>
  )
}
