import { defineQuery } from 'groq'

/**
 * The contact form's words for its answer, from the page section the form was on (its key comes
 * with the post), or else from the first contact form on the site: the server answers in the
 * editor's words for that form.
 */
export const contactFormWordsQuery = defineQuery(`coalesce(
  *[_type == "page" && $key in sections[]._key][0].sections[_key == $key && _type == "contactFormSection"][0],
  *[_type == "page" && count(sections[_type == "contactFormSection"]) > 0][0].sections[_type == "contactFormSection"][0]
){
  nameRequiredMessage,
  emailInvalidMessage,
  phoneInvalidMessage,
  messageRequiredMessage,
  tooLongMessage,
  plainTextMessage,
  successMessage,
  rateLimitedMessage,
  errorMessage
}`)
