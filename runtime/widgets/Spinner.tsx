/** A spinning indicator with a screen-reader label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="cf-spinner" role="status">
      <span className="cf-spinner__circle" aria-hidden="true" />
      <span className="cf-sr-only">{label}</span>
    </div>
  );
}

/** What shows while a layout loads: a spinner in a box at least 300px high (spec §1, §9). */
export const LOADING_PLACEHOLDER_MIN_HEIGHT = 300;

export function LoadingPlaceholder({ label }: { label?: string }) {
  return (
    <div className="cf-loading-placeholder" style={{ minHeight: LOADING_PLACEHOLDER_MIN_HEIGHT }}>
      <Spinner label={label} />
    </div>
  );
}
