/** An office building: the company link's icon, drawn here so the first load needs no icon set. */
export function BusinessIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M3 21V3h9v6h9v12zM5 5h2v2H5zm3.5 0h2v2h-2zM5 9h2v2H5zm3.5 0h2v2h-2zM5 13h2v2H5zm3.5 0h2v2h-2zM5 17h2v2H5zm3.5 0h2v2h-2zM14 11h2v2h-2zm3 0h2v2h-2zm-3 4h2v2h-2zm3 0h2v2h-2z"
      />
    </svg>
  );
}
