export declare function unescapeHtml(text: string): string
export declare function hiddenFields(html: string, field?: string): Record<string, string>
