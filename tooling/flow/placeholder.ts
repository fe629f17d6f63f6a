/**
 * A text a new settlement cannot know yet (the sample's words about its own case are not copied):
 * marked so the Translations table can list it among the texts to write.
 */
export const PLACEHOLDER_MARK = '[TO WRITE]';

/** The placeholder that stands for `key`'s text until the author writes it. */
export const placeholderText = (key: string): string => `${PLACEHOLDER_MARK} ${key}`;

export const isPlaceholder = (text: unknown): boolean => typeof text === 'string' && text.startsWith(PLACEHOLDER_MARK);

/** The keys of a locale whose text is still a placeholder, in the file's order. */
export const placeholderKeys = (locale: Record<string, unknown>): string[] => Object.keys(locale).filter((key) => isPlaceholder(locale[key]));
