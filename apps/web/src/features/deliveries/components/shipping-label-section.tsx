import { MESSAGES, type TDelivery, mayHaveLabel } from '@courier/contract';
import { Download, FileText, Printer, Tag } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useGenerateLabel } from '../api/generate-label';
import { formatDateTime } from '@/lib/delivery-format';
import { DetailCard, DetailItem } from '@/components/ui/detail-card';

/** Prints the PDF from a hidden frame; if the browser will not, opens it in a new tab to print from there. */
function printPdf(url: string) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  frame.src = url;
  frame.onload = () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.appendChild(frame);
}

/**
 * The shipping label: Generate Label until one exists (the server makes it once), then preview, download and
 * print. A cancelled delivery offers none and says why.
 */
export function ShippingLabelSection({ delivery }: { delivery: TDelivery }) {
  const generate = useGenerateLabel(delivery._id);
  const label = delivery.shippingLabel;
  const cancelled = !mayHaveLabel(delivery.status);

  return (
    <DetailCard title="Shipping Label" icon={Tag}>
      {cancelled ? (
        <p className="text-sm text-slate-600">
          {delivery.status === 'returning' || delivery.status === 'returned'
            ? 'A delivery returned to its sender needs no new shipping label.'
            : 'A cancelled delivery has no shipping label.'}
        </p>
      ) : label ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-4">
            <DetailItem label="Tracking code">
              <span className="font-mono font-semibold">{label.trackingCode}</span>
            </DetailItem>
            <DetailItem label="Generated">{formatDateTime(label.generatedAt)}</DetailItem>
          </dl>
          {label.imageUrl && (
            <a href={label.pdfUrl} target="_blank" rel="noopener" className="block">
              <img
                src={label.imageUrl}
                alt={`Shipping label for ${delivery.orderId}`}
                className="mx-auto max-h-80 w-auto rounded-lg border border-slate-200 bg-white shadow-sm"
              />
            </a>
          )}
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            <a href={label.pdfUrl} download={`label-${delivery.orderId}.pdf`} className={buttonClass({ className: 'whitespace-nowrap' })}>
              <Download aria-hidden="true" className="size-4" />
              Download PDF
            </a>
            <button
              type="button"
              onClick={() => printPdf(label.pdfUrl)}
              className={buttonClass({ variant: 'secondary', className: 'whitespace-nowrap' })}
            >
              <Printer aria-hidden="true" className="size-4" />
              Print
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <FileText aria-hidden="true" className="size-6" />
          </span>
          <p className="text-sm text-slate-600">No label yet. Generate a printable 4×6 label with the tracking barcode.</p>
          <button type="button" onClick={() => generate.mutate()} disabled={generate.isPending} className={buttonClass()}>
            <Tag aria-hidden="true" className="size-4" />
            {generate.isPending ? 'Generating...' : 'Generate Label'}
          </button>
          {generate.isError && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {/* A refusal with a reason (409, e.g. cancelled meanwhile) says it; anything else the page's fixed text. */}
              {isApiError(generate.error) && generate.error.status === 409
                ? errorMessage(generate.error, MESSAGES.labelFailed)
                : MESSAGES.labelFailed}
            </p>
          )}
        </div>
      )}
    </DetailCard>
  );
}
