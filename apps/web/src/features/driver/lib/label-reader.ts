/**
 * The camera barcode reader: ZXing (Code 128 and QR, the label's two codes) on the back camera. Imported on
 * demand so that the library is fetched when a driver turns the camera on, never with the other pages.
 */
export async function startLabelReader(video: HTMLVideoElement, onValue: (value: string) => void): Promise<{ stop: () => void }> {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map<number, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
  let done = false;
  const controls = await reader.decodeFromConstraints(
    { video: { facingMode: 'environment' }, audio: false },
    video,
    (result, _error, scanner) => {
      if (!result || done) return;
      done = true;
      scanner.stop();
      onValue(result.getText());
    },
  );
  return { stop: () => controls.stop() };
}
