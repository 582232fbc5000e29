export declare function unescapeHtml(text: string): string
export declare function hiddenFields(html: string, field?: string): Record<string, string>
export declare const GOOD_IPHONE_13: Record<string, string>
