import { defineField } from 'sanity'

/** A one-line text that the site cannot show without (in a tab of its document, when `group` is given). */
export const requiredString = (name: string, title: string, description: string, group?: string) =>
  defineField({ name, title, type: 'string', description, group, validation: (rule) => rule.required() })

/** Why a text is missing one of its {placeholders}, or true when it has them all. */
const hasPlaceholders = (placeholders: string[]) => (value: string | undefined) => {
  const missing = placeholders.filter((placeholder) => !value?.includes(`{${placeholder}}`))
  return missing.length ? `Include ${missing.map((p) => `{${p}}`).join(' and ')} where it goes.` : true
}

/** A one-line text with {placeholders} that must each be written somewhere in it. */
export const templateString = (name: string, title: string, description: string, placeholders: string[]) =>
  defineField({
    name,
    title,
    type: 'string',
    description,
    validation: (rule) => rule.required().custom(hasPlaceholders(placeholders)),
  })

/** A whole number of pence: money is never a fraction. */
export const penceField = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'number',
    description,
    validation: (rule) => rule.required().integer().min(1).max(500_000),
  })

/** A link the site cannot show without (a page, a path or an address). */
export const requiredLink = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'link', description, validation: (rule) => rule.required() })

/** A required object of copy fields, shown as its own tab in a copy singleton. */
export const copyGroup = (name: string, title: string, description: string, fields: ReturnType<typeof defineField>[]) =>
  defineField({ name, title, type: 'object', group: name, description, fields, validation: (rule) => rule.required() })

/** An optional line of text. */
export const optionalString = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'string', description })

/** An optional paragraph or two of plain text. */
export const optionalText = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'text', rows: 3, description })

/** A paragraph or two of plain text the site cannot show without. */
export const requiredText = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'text', rows: 3, description, validation: (rule) => rule.required() })

/** A paragraph with {placeholders} that must each be written somewhere in it. */
export const templateText = (name: string, title: string, description: string, placeholders: string[]) =>
  defineField({
    name,
    title,
    type: 'text',
    rows: 3,
    description,
    validation: (rule) => rule.required().custom(hasPlaceholders(placeholders)),
  })
