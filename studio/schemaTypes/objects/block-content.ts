import { defineArrayMember, defineField, defineType } from 'sanity'

/** Rich text for page bodies and long answers: headings, lists, emphasis, links and site facts. */
export const blockContent = defineType({
  name: 'blockContent',
  title: 'Rich text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Paragraph', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Sub-heading', value: 'h3' },
        { title: 'Quote', value: 'blockquote' },
      ],
      // Facts from the settings ({phone}, {email}…), inserted from the toolbar and always current.
      of: [defineArrayMember({ type: 'siteFact' })],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Strong', value: 'strong' },
          { title: 'Emphasis', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                type: 'url',
                description: 'A path on this site (for example /contact-us), a full web address, mailto: or tel:.',
                validation: (rule) =>
                  rule.required().uri({ allowRelative: true, scheme: ['https', 'http', 'mailto', 'tel'] }),
              }),
            ],
          }),
        ],
      },
    }),
  ],
})
