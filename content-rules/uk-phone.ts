/**
 * UK numbers as people write them: 01/02/03 landlines, 07 mobiles and 080 freephone, 0 or +44 and
 * then 9 or 10 digits, with optional spaces. Site settings and the contact form both check with it.
 */
export const UK_PHONE = /^(?:0|\+44\s?)(?:\d\s?){9,10}$/
