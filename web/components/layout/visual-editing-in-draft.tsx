/**
 * The Visual Editing overlays for editors in draft preview. Imported only when rendered, so the
 * client reference stays out of the code every visitor's page loads.
 */
export async function VisualEditingInDraft() {
  const { VisualEditing } = await import('next-sanity/visual-editing')
  return <VisualEditing />
}
