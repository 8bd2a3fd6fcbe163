/** The Thera mark (same drawing as the app icons), decorative: the name is always written beside it. */
export function BrandMark({ size = 48 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1d5c63" />
      <circle cx="32" cy="32" r="21" fill="none" stroke="#8fd3c8" strokeWidth="3" />
      <rect x="19" y="20" width="26" height="6" rx="3" fill="#ffffff" />
      <rect x="29" y="20" width="6" height="25" rx="3" fill="#ffffff" />
    </svg>
  );
}
