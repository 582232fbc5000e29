/**
 * A page's address, as the Studio lets an editor write it: / or lower-case letters, digits and
 * single hyphens between slashes. The site reads the same rule to know that an address in any
 * other shape can name no page.
 */
export const PAGE_PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/
