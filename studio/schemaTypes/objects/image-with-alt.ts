import { ImageIcon } from '@sanity/icons/Image'
import { defineField, defineType } from 'sanity'

/** An image that always carries a text alternative for screen readers. */
export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: 'Image',
  type: 'image',
  icon: ImageIcon,
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description:
        'What the image shows, for people who cannot see it. Leave empty only when the image is decoration next to text that says the same.',
    }),
  ],
})
