/**
 * The GROQ projection of a link, shared by every query that reads one: links are resolved here, so
 * components get a ready `href` (null for plain text).
 */
export const LINK_FIELDS = `
  label,
  "href": select(
    kind == "page" => page->path.current,
    kind == "route" => route,
    kind == "external" => url,
    null
  ),
  "external": kind == "external"
`
export const LINK = `{${LINK_FIELDS}}`
