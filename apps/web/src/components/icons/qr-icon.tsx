/** A QR code: the scan button's icon. */
export function QrIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm1-9h2v2H6zm10 0h2v2h-2zM6 16h2v2H6zm7-3h2v2h-2zm2 2h2v2h-2zm2-2h4v2h-2v2h-2zm-4 4h2v4h-2zm4 2h4v2h-4zm2-2h2v2h-2z"
      />
    </svg>
  );
}
