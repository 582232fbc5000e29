import { TagIcon } from '@sanity/icons/Tag'
import { defineField, defineType } from 'sanity'
import { SITE_FACT_NAMES, SITE_FACTS } from '../../../content-rules/site-facts'

/**
 * A fact from the settings inside rich text ("call {phone}"): the site writes its current value,
 * so a changed phone number or review count changes every page at once. Phone and e-mail become links.
 */
export const siteFact = defineType({
  name: 'siteFact',
  title: 'Site fact',
  type: 'object',
  icon: TagIcon,
  fields: [
    defineField({
      name: 'fact',
      title: 'Fact',
      type: 'string',
      description: 'Which fact to show. Its value is edited once, in Site settings, Pricing rules or Orders.',
      options: { list: SITE_FACT_NAMES.map((name) => ({ value: name, title: `${name}: ${SITE_FACTS[name]}` })) },
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { fact: 'fact' },
    prepare: ({ fact }: { fact?: string }) => ({ title: fact ? `{${fact}}` : 'Choose a fact' }),
  },
})
