import sharp from 'sharp';

/** A small proof-of-delivery photo: a parcel on a doorstep, drawn, as a real JPEG. */
export function demoPhotoJpeg(label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240">
  <rect width="320" height="240" fill="#cbd5e1"/><rect y="170" width="320" height="70" fill="#94a3b8"/>
  <rect x="40" y="20" width="110" height="160" fill="#78350f"/><circle cx="135" cy="105" r="5" fill="#fbbf24"/>
  <rect x="170" y="110" width="110" height="80" fill="#d6a461" stroke="#92400e" stroke-width="3"/>
  <rect x="170" y="140" width="110" height="10" fill="#f5f5f4"/>
  <text x="225" y="182" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#1c1917">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** A small signature, a pen stroke on transparent ground, as a real PNG. */
export function demoSignaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
  <path d="M10 70 C 30 10, 50 10, 60 60 S 90 90, 110 40 S 150 20, 160 65 C 170 90, 200 30, 220 50 S 260 80, 290 35"
    fill="none" stroke="#0f172a" stroke-width="3" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
