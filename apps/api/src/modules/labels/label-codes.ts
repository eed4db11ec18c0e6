import bwipjs from 'bwip-js/node';

/** A label's machine-readable parts as PNGs: a Code 128 of `code` (the piece barcode) and a QR of `qrText` (the same). */
export async function labelCodes(trackingCode: string, trackingUrl: string) {
  const [barcode, qr] = await Promise.all([
    bwipjs.toBuffer({ bcid: 'code128', text: trackingCode, scale: 4, height: 14, includetext: false, paddingwidth: 0, paddingheight: 0 }),
    bwipjs.toBuffer({ bcid: 'qrcode', text: trackingUrl, scale: 8, paddingwidth: 0, paddingheight: 0 }),
  ]);
  return { barcode, qr };
}
