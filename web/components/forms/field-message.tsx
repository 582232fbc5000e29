/** The message under a field; its id is what the field's aria-describedby points at. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="field__error">
      {message}
    </p>
  )
}
