/**
 * The brand panel's picture, drawn in SVG: a map grid, a route from a clinic to a lab, a refrigerated
 * courier van on it and a floating tracking card. No image files, so it scales and stays crisp.
 */
export function CourierIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 440 300"
      role="img"
      aria-label="A courier van carrying a medical parcel from a clinic to a laboratory"
      className={className}
    >
      <defs>
        <linearGradient id="ci-card" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.16" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.06" />
        </linearGradient>
        <pattern id="ci-grid" width="28" height="28" patternUnits="userSpaceOnUse">
          <path d="M28 0H0V28" fill="none" stroke="#ffffff" strokeOpacity="0.07" strokeWidth="1" />
        </pattern>
      </defs>

      {/* The map */}
      <rect x="0" y="0" width="440" height="300" rx="24" fill="url(#ci-card)" stroke="#ffffff" strokeOpacity="0.18" />
      <rect x="0" y="0" width="440" height="300" rx="24" fill="url(#ci-grid)" />
      <path d="M0 96 C 90 110, 150 60, 250 78 S 400 40, 440 52" fill="none" stroke="#ffffff" strokeOpacity="0.08" strokeWidth="14" />
      <path d="M120 300 C 140 230, 220 210, 250 150 S 300 40, 330 0" fill="none" stroke="#ffffff" strokeOpacity="0.08" strokeWidth="10" />

      {/* The route: travelled part solid, the rest dashed */}
      <path d="M62 232 C 120 228, 150 176, 214 170" fill="none" stroke="#67d1e2" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M214 170 C 280 164, 300 104, 372 86"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.7"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 9"
      />

      {/* Origin: the clinic */}
      <g transform="translate(62 232)">
        <circle r="22" fill="#67d1e2" fillOpacity="0.22" />
        <circle r="12" fill="#ffffff" />
        <path d="M-2.5 -6.5h5v4h4v5h-4v4h-5v-4h-4v-5h4z" fill="#0c7792" />
      </g>

      {/* Destination: the lab pin */}
      <g transform="translate(372 86)">
        <ellipse cx="0" cy="26" rx="12" ry="4" fill="#000000" fillOpacity="0.18" />
        <path d="M0 24 C -6 14, -18 4, -18 -8 A 18 18 0 0 1 18 -8 C 18 4, 6 14, 0 24 Z" fill="#ffffff" />
        <circle cy="-8" r="8" fill="#0b95b0" />
        <path d="M-2 -13h4v3.5h3.5v3h-3.5v3.5h-4v-3.5h-3.5v-3h3.5z" fill="#ffffff" />
      </g>

      {/* The van, mid-route */}
      <g transform="translate(150 128)">
        <ellipse cx="62" cy="62" rx="62" ry="6" fill="#000000" fillOpacity="0.2" />
        <rect x="0" y="0" width="84" height="50" rx="7" fill="#ffffff" />
        <path d="M84 14h22c3 0 5 1 7 3l11 13c2 2 3 5 3 8v12H84z" fill="#e6f6f9" />
        <path d="M90 19h15c2 0 3 1 4 2l8 10H90z" fill="#27b2cb" />
        <rect x="0" y="40" width="127" height="10" rx="3" fill="#cbd5e1" />
        <rect x="32" y="10" width="12" height="24" rx="2" fill="#ef4444" />
        <rect x="26" y="16" width="24" height="12" rx="2" fill="#ef4444" />
        <rect x="56" y="8" width="20" height="4" rx="2" fill="#a5e6ef" />
        <rect x="56" y="16" width="14" height="4" rx="2" fill="#a5e6ef" />
        <rect x="121" y="34" width="6" height="5" rx="1.5" fill="#fde68a" />
        <circle cx="24" cy="52" r="10" fill="#0f172a" stroke="#ffffff" strokeWidth="3" />
        <circle cx="24" cy="52" r="3" fill="#94a3b8" />
        <circle cx="102" cy="52" r="10" fill="#0f172a" stroke="#ffffff" strokeWidth="3" />
        <circle cx="102" cy="52" r="3" fill="#94a3b8" />
      </g>

      {/* The tracking card */}
      <g transform="translate(232 200)">
        <rect width="188" height="80" rx="14" fill="#ffffff" />
        <circle cx="24" cy="26" r="12" fill="#ecfbfd" />
        <path d="M18 26l4 4 8-8" fill="none" stroke="#0c7792" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="44" y="17" width="78" height="7" rx="3.5" fill="#164253" />
        <rect x="44" y="29" width="110" height="6" rx="3" fill="#cbd5e1" />
        <rect x="16" y="52" width="156" height="8" rx="4" fill="#e2e8f0" />
        <rect x="16" y="52" width="104" height="8" rx="4" fill="#0b95b0" />
        <circle cx="120" cy="56" r="6" fill="#ffffff" stroke="#0b95b0" strokeWidth="3" />
      </g>

      {/* A specimen box waiting at the clinic */}
      <g transform="translate(30 150)">
        <rect width="44" height="34" rx="6" fill="#ffffff" fillOpacity="0.92" />
        <rect y="0" width="44" height="9" rx="4" fill="#a5e6ef" />
        <path d="M19 15h6v5h5v6h-5v5h-6v-5h-5v-6h5z" fill="#0c7792" />
      </g>
    </svg>
  );
}
