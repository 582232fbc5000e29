import { defineField } from 'sanity'

/** A one-line text that the site cannot show without. */
export const requiredString = (name: string, title: string, description: string) =>
  defineField({ name, title, type: 'string', description, validation: (rule) => rule.required() })

/** A one-line text with {placeholders} that must each be written somewhere in it. */
export const templateString = (name: string, title: string, description: string, placeholders: string[]) =>
  defineField({
    name,
    title,
    type: 'string',
    description,
    validation: (rule) =>
      rule.required().custom((value) => {
        const missing = placeholders.filter((placeholder) => !value?.includes(`{${placeholder}}`))
        return missing.length ? `Include ${missing.map((p) => `{${p}}`).join(' and ')} where it goes.` : true
      }),
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
