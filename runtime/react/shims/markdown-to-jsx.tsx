import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the browser build (vite.config.ts aliases it here). @rjsf/core
 * imports it for markdown in descriptions and help (only with ui:enableMarkdownInDescription /
 * ui:enableMarkdownInHelp, which our uiSchemas never set), for its default file widget (replaced by
 * ours) and for its configuration-error messages. Our widgets and templates render their own labels,
 * help and errors, so nothing the forms show goes through it; the text is rendered as plain text,
 * which saves about 25 KB gz on every form page.
 */
export function Markdown({ children, options: _options, ...attributes }: { children?: ReactNode; options?: unknown; [attribute: string]: unknown }) {
  return <span {...attributes}>{children}</span>;
}

export default Markdown;
