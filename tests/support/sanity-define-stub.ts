/**
 * What the Studio's schema files need from `sanity` in Jest: defineType, defineField and
 * defineArrayMember return what they are given (as Sanity's own do), so the schema's real
 * definitions, descriptions and validation rules can be read by tests. `sanity` itself is ESM-only.
 */
export const defineType = <T>(definition: T): T => definition
export const defineField = <T>(definition: T): T => definition
export const defineArrayMember = <T>(definition: T): T => definition
export default function StubIcon() {
  return null
}
