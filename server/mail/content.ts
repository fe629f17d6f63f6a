/** What a template makes of a message: subject, plain text and simple HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Text put into HTML as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Localized copy (which may hold inline HTML such as <strong>) as plain text: tags dropped, line
 * breaks kept, entities decoded. The e-mail's HTML part escapes the result again, so no markup of
 * a locale file reaches a mail program.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** An address as the claimant's page shows it back: the first two characters and the domain ("ma•••@example.com"). */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address.slice(0, Math.min(2, at))}•••${address.slice(at)}`;
}
