/** A printed receipt: the home card's icon. */
export function ReceiptIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        fillRule="evenodd"
        d="M5 2h14v20l-2.33-1.5L14.33 22 12 20.5 9.67 22l-2.34-1.5L5 22zm3 4v2h8V6zm0 4v2h8v-2zm0 4v2h5v-2z"
      />
    </svg>
  );
}
