import type { ReactNode } from 'react';

/** The page's one h1; focus moves here after each page change (tabIndex -1 makes it focusable). */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 className="cf-page-title" tabIndex={-1}>
      {children}
    </h1>
  );
}
