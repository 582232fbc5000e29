import { TextIcon } from '@sanity/icons/Text'
import { defineField, defineType } from 'sanity'

export const richTextSection = defineType({
  name: 'richTextSection',
  title: 'Text',
  type: 'object',
  icon: TextIcon,
  fields: [
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      description: 'Optional heading above the text.',
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'blockContent',
      description: 'The text of this section.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: { title: 'heading' },
    prepare: ({ title }) => ({ title: title ?? 'Text', subtitle: 'Text section' }),
  },
})
