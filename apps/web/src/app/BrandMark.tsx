/** The football logo (inline so it renders without any emoji font). */
export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 64 64"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="32" cy="32" rx="28" ry="17" fill="#a0522d" transform="rotate(-35 32 32)" />
      <path
        d="M22 42 42 22M27 33l4 4M31 29l4 4M35 25l4 4"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
